package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.dual.StepSize;
import dev.alm.io.InputException;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.node.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pop.json beside {@link PopConfig}: the settings, and errors naming the file, the field that
 * carried the refused value, and the reason.
 */
class PopConfigJsonTest {
  @TempDir Path dir;

  @BeforeEach
  void files() throws Exception {
    Files.writeString(
        dir.resolve("dns-a.json"),
        """
        {"pop": "a", "zone": "cdn.example.", "l1": ["192.0.2.1"], "l2": ["198.51.100.1"],
         "listen": "127.0.0.1:0"}
        """);
    Files.writeString(dir.resolve("proxy-a.json"), "{\"listen\": \"127.0.0.1:0\"}");
  }

  private Path pop(String body) throws Exception {
    return PopFiles.popJson(dir, "a", body);
  }

  @Test
  void readsTheSettingsAndTheFilesItNames() throws Exception {
    PopConfig c =
        PopConfigJson.read(
            pop(
                "\"algorithm\": \"greedy\", \"loadUnit\": 10, \"admin\": \"127.0.0.1:9200\","
                    + " \"settling\": {\"horizon\": 3, \"floor\": 0.2, \"schedulePrice\": true},"
                    + " \"probes\": {\"lossRate\": 0.1}"));
    assertEquals("a", c.id());
    assertEquals(0, c.index());
    assertEquals(Algorithm.GREEDY, c.loop().algorithm());
    assertEquals(c.topology().node(0).capacity() * 10, c.proxy().capacity(), 1e-9);
    assertEquals("a", c.proxy().pop(), "the proxy carries the DNS file's pop");
    assertEquals(new HostPort("127.0.0.1", 9200), c.admin());
    assertEquals(3, c.loop().settling().horizon());
    assertEquals(0.2, c.loop().settling().floor());
    assertTrue(c.loop().settling().schedulePrice());
    assertEquals(0.1, c.loop().beta().lossRate());
    assertEquals(LoopConfig.DEFAULT_STEP, c.loop().step(), "the diagonal step by default");
    StepSize.Scaled theta =
        (StepSize.Scaled) PopConfigJson.read(pop("\"theta\": 0.1")).loop().step();
    assertEquals(StepSize.Curvature.DIAGONAL, theta.curvature(), "theta alone keeps the diagonal");
    StepSize.Scaled row =
        (StepSize.Scaled) PopConfigJson.read(pop("\"priceCurvature\": \"row\"")).loop().step();
    assertEquals(StepSize.Curvature.ROW, row.curvature());
    assertEquals(LoopConfig.DEFAULT_THETA, row.theta());
    assertEquals(c.plan().gamma(), c.loop().beta().gamma());
  }

  @Test
  void eachRefusedValueIsReportedAgainstItsField() throws Exception {
    assertError(pop("\"algorithm\": \"fast\""), "algorithm", "fast");
    assertError(pop("\"intervalMs\": 0"), "intervalMs", "interval must be > 0");
    assertError(pop("\"loadUnit\": -1"), "loadUnit", "loadUnit");
    assertError(pop("\"safeX\": 2"), "safeX", "[0, 1]");
    assertError(pop("\"stateMaxAgeSeconds\": -5"), "stateMaxAgeSeconds", ">= 0");
    assertError(pop("\"probes\": {\"lossRate\": 1}"), "probes.lossRate", "[0, 1)");
    assertError(pop("\"settling\": {\"floor\": 0}"), "settling.floor", "(0, 1]");
    assertError(pop("\"settling\": {\"horizon\": -1}"), "settling.horizon", ">= 0");
    assertError(pop("\"admin\": \"nowhere\""), "admin", "expected HOST:PORT");
    assertError(pop("\"dnsThreads\": 0"), "dnsThreads", ">= 1");
    assertError(pop("\"theta\": \"big\""), "theta", "expected a number");
    assertError(pop("\"priceCurvature\": \"steep\""), "priceCurvature", "row or diagonal");
  }

  @Test
  void aProbeKeyFileTurnsProbeAuthenticationOnForTheDnsAndTheProxy() throws Exception {
    assertTrue(!PopConfigJson.read(pop("")).proxy().probeAuth().enabled(), "off without a key");
    Path key = dir.resolve("probe.key");
    Files.writeString(key, "# fleet\n0123456789abcdef0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    PopConfig c = PopConfigJson.read(pop("\"probeKeyFile\": \"probe.key\""));
    assertTrue(c.proxy().probeAuth().enabled());
    assertEquals(1, c.proxy().probeAuth().keys().size());
    InputException e =
        assertThrows(
            InputException.class,
            () -> PopConfigJson.read(pop("\"probeKeyFile\": \"missing.key\"")));
    assertTrue(e.getMessage().contains("probeKeyFile"), e.getMessage());
    assertTrue(e.getMessage().endsWith("missing.key: no such file"), e.getMessage());
  }

  private static void assertError(Path file, String field, String reason) {
    InputException e = assertThrows(InputException.class, () -> PopConfigJson.read(file));
    assertEquals(file.toString(), e.source());
    assertEquals(field, e.where());
    assertTrue(e.reason().contains(reason), "the reason '" + reason + "': " + e.getMessage());
  }

  @Test
  void readsTheDrlSectionAndRefusesAKeyFileOthersCanWrite() throws Exception {
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    String drl =
        "\"drl\": {\"listen\": \"127.0.0.1:7301\", \"swim\": \"127.0.0.1:7401\","
            + " \"keyFile\": \"gossip.key\", \"customers\": [{\"name\": \"acme\", \"limit\": 100}]}";
    PopConfig c = PopConfigJson.read(pop(drl));
    assertEquals(key, c.drl().keyFile());
    assertEquals(0, c.drl().settings(c.index(), c.topology().size(), List.of()).id());
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw-rw-"));
    InputException e = assertThrows(InputException.class, () -> PopConfigJson.read(pop(drl)));
    assertTrue(e.getMessage().contains("drl.keyFile"), e.getMessage());
    assertTrue(e.getMessage().contains("writable by others"), e.getMessage());
    InputException none =
        assertThrows(
            InputException.class,
            () ->
                PopConfigJson.read(
                    pop(
                        drl.replace(
                            ", \"customers\": [{\"name\": \"acme\", \"limit\": 100}]", ""))));
    assertTrue(none.getMessage().contains("drl"), none.getMessage());
  }
}
