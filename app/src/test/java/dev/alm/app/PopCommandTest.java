package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import dev.alm.loop.Algorithm;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader of pop.json (docs/pop/configuration.md): every setting, and errors naming file, field
 * and reason.
 */
class PopCommandTest extends CliTest {

  @TempDir Path dir;

  @BeforeEach
  void files() throws Exception {
    PopFiles.writeB(dir, "127.0.0.1:0");
  }

  private Path pop(String body) throws Exception {
    return PopFiles.popJson(dir, "b", body);
  }

  @Test
  void readsEverySetting() throws Exception {
    PopConfig c =
        PopCommand.read(
            pop(
                """
        "algorithm": "greedy", "intervalMs": 2000, "loadUnit": 150, "requestsPerQuery": 7, "demandWeight": 0.3,
        "startX": 0.4, "safeX": 0.1, "maxStep": 0.3, "greedyGain": 2, "theta": 0.2, "adaptive": true,
        "probes": {"gamma": 4, "betaWeight": 0.5, "lossRate": 0.1, "timeoutIntervals": 7},
        "state": "state-b.json", "stateMaxAgeSeconds": 60, "admin": "127.0.0.1:0", "dnsThreads": 2
        """));
    assertEquals("b", c.id());
    assertEquals(1, c.index());
    assertEquals(Algorithm.GREEDY, c.loop().algorithm());
    assertEquals(2.0, c.loop().intervalSeconds());
    assertEquals(150, c.loop().loadUnit());
    assertEquals(0.7 * 150, c.proxy().capacity(), 1e-9, "the proxy's capacity is T_i x loadUnit");
    assertEquals(7, c.loop().requestsPerQuery());
    assertEquals(0.4, c.loop().startX());
    assertEquals(0.1, c.loop().safeX());
    assertEquals(0.3, c.loop().maxStep());
    assertEquals(4, c.loop().beta().gamma());
    assertEquals(4, c.plan().gamma());
    assertEquals(0.5, c.loop().beta().ewmaWeight());
    assertEquals(7, c.loop().probeTimeout());
    assertEquals(60, c.loop().stateMaxAge().toSeconds());
    assertEquals(dir.resolve("state-b.json").toAbsolutePath(), c.state().toAbsolutePath());
    assertEquals(2, c.dnsThreads());
  }

  @Test
  void defaultsWhenOnlyTheFilesAreGiven() throws Exception {
    PopConfig c = PopCommand.read(pop(""));
    assertEquals(Algorithm.DUAL, c.loop().algorithm());
    assertEquals(1.0, c.loop().intervalSeconds());
    assertEquals(null, c.state());
    assertEquals(null, c.admin());
  }

  @Test
  void errorsNameFileFieldAndReason() throws Exception {
    assertError(pop("\"maxStep\": 0"), "maxStep", "must be in (0, 1]");
    assertError(pop("\"demandWeight\": 1.5"), "demandWeight", "must be in (0, 1]");
    assertError(pop("\"startX\": -0.1"), "startX", "must be in [0, 1]");
    assertError(pop("\"probes\": {\"gamma\": -1}"), "probes.gamma", "> 0");
    assertError(pop("\"probes\": {\"betaWeight\": 0}"), "probes.betaWeight", "(0, 1]");
    assertError(pop("\"probes\": {\"timeoutIntervals\": 0}"), "probes.timeoutIntervals", ">= 1");
    assertError(pop("\"theta\": 3"), "theta", "(0, 2)");
    assertError(pop("\"algorithm\": \"fast\""), "", "fast");
    assertError(pop("\"probes\": {\"gama\": 2}"), "probes.gama", "unknown field");
    assertError(pop("\"colour\": 1"), "colour", "");
    Path noDns = dir.resolve("p2.json");
    Files.writeString(noDns, "{\"topology\": \"builtin:paper-fig2\", \"proxy\": \"proxy-b.json\"}");
    assertError(noDns, "dns", "required");
    Files.writeString(
        dir.resolve("dns-z.json"),
        Files.readString(dir.resolve("dns-b.json")).replace("\"b\"", "\"z\""));
    Path wrongPop = dir.resolve("p3.json");
    Files.writeString(
        wrongPop,
        "{\"topology\": \"builtin:paper-fig2\", \"dns\": \"dns-z.json\", \"proxy\": \"proxy-b.json\"}");
    assertError(wrongPop, "dns", "not a node of the topology");
  }

  @Test
  void aPopWithoutAProbeKeyRefusesToStartUnlessToldExplicitly() throws Exception {
    Path bare = pop("");
    assertEquals(1, alm("pop", "--config", bare.toString(), "--duration", "1"));
    String line = err.toString().strip();
    assertTrue(line.startsWith("alm pop: " + bare + ":probeKeyFile: required:"), line);
    assertEquals(1, line.lines().count(), "one line: " + line);
    err.getBuffer().setLength(0);
    assertEquals(
        0,
        alm("pop", "--config", pop("\"probeAuth\": \"off\"").toString(), "--duration", "1"),
        err.toString());
    assertTrue(
        PopCommand.read(pop("\"probeAuth\": \"off\"")).proxy().probeAuth().unsignedAllowed());
    assertError(pop("\"probeAuth\": \"sometimes\""), "probeAuth", "must be");
  }

  private static void assertError(Path file, String field, String reason) {
    Exception e = assertThrows(Exception.class, () -> PopCommand.read(file));
    String m = e.getMessage();
    assertTrue(m.startsWith(file.toString()), "names the file: " + m);
    assertTrue(field.isEmpty() || m.contains(":" + field), "names the field " + field + ": " + m);
    assertTrue(m.contains(reason), "gives the reason '" + reason + "': " + m);
    if (e instanceof InputException ie && !field.isEmpty()) {
      assertTrue(ie.where().endsWith(field), "where is the field " + field + ": " + ie.where());
    }
  }
}
