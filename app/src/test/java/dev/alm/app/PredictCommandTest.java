package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.cluster.BeaconBudget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code alm predict}: the offline model of {@code alm cluster}. */
class PredictCommandTest extends CliTest {

  @TempDir Path dir;

  @Test
  void writesTheClusterColumnsAndTheSettlingSummary() throws Exception {
    Path c = dir.resolve("even.csv");
    Files.writeString(c, ",a,b\na,0.5,0.5\nb,0.5,0.5\n");
    Path out = dir.resolve("pred");
    int code =
        alm(
            "predict",
            "--beta-source",
            "echo",
            "--duration",
            "30s",
            "--flash",
            "b:3:10:8",
            "--route-change",
            "20:" + c,
            "--runs",
            "3",
            "--out",
            out.toString());
    assertEquals(0, code, err.toString());
    List<String> lines = Files.readAllLines(out.resolve("samples.csv"));
    assertEquals("t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain,guard", lines.get(0));
    assertEquals(1 + 30 * 2, lines.size());
    assertTrue(Files.size(out.resolve("predict.png")) > 0);
    JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertTrue(s.has("coldStartIntervals"));
    assertTrue(s.has("coldStartOverloadIntervals"));
    assertEquals(3, s.get("coldStartOverloadIntervalsOverRuns").get("runs").asInt());
    assertEquals(3, s.get("recoveryIntervals").size());
    assertEquals("flash-start b x3", s.get("recoveryIntervals").get(0).get("event").asText());
    assertEquals("route-change even.csv", s.get("recoveryIntervals").get(2).get("event").asText());
    assertTrue(s.get("maxMeanLoadRatioLastHalf").asDouble() > 0);
    assertEquals(3, s.get("coldStartIntervalsOverRuns").get("runs").asInt());
    assertEquals(3, s.get("perRun").size());
    assertEquals(3, out().lines().filter(l -> l.startsWith("run ")).count(), out());
  }

  @Test
  void comparesWithALiveRunsSamples() throws Exception {
    Path first = dir.resolve("first");
    assertEquals(0, alm("predict", "--duration", "20s", "--out", first.toString()), err.toString());
    Path second = dir.resolve("second");
    int code =
        alm(
            "predict",
            "--duration",
            "20s",
            "--seed",
            "9",
            "--against",
            first.toString(),
            "--out",
            second.toString());
    assertEquals(0, code, err.toString());
    assertTrue(out().contains("live: "), out());
    JsonNode s = new ObjectMapper().readTree(second.resolve("summary.json").toFile());
    assertEquals(20, s.get("against").get("intervals").asInt());
    assertTrue(s.get("against").get("pops").get("b").get("meanAbsXDifference").asDouble() < 0.2);
  }

  @Test
  void takesEveryControllerOptionOfClusterWithItsDefaults() {
    CommandLine alm = Main.configure(new CommandLine(new AlmCommand()));
    alm.parseArgs("predict");
    PredictCommand p = (PredictCommand) alm.getSubcommands().get("predict").getCommand();
    assertEquals("dual", p.law.algorithm);
    assertEquals(15, p.law.gamma);
    assertEquals(0.15, p.law.theta);
    assertEquals(2, p.law.gain);
    assertEquals(0.3, p.law.startX);
    assertEquals(150, p.fleet.loadUnit);
    assertEquals(200, p.fleet.resolvers);
    assertEquals(2, p.fleet.ttl);
    // no --beacons: the cluster's budget shared by its PoPs, as alm cluster's
    assertNull(p.fleet.beacons);
    assertEquals(1200, BeaconBudget.perPop(2));
    assertEquals(400, BeaconBudget.perPop(12));
    assertEquals(100, BeaconBudget.perPop(48));
    ClusterCommand c = (ClusterCommand) alm.getSubcommands().get("cluster").getCommand();
    alm.parseArgs("cluster");
    assertEquals(c.fleet.beacons, p.fleet.beacons);
    assertEquals(c.fleet.loadUnit, p.fleet.loadUnit);
    assertEquals(c.fleet.betaWeight, p.fleet.betaWeight);
    assertEquals(c.fleet.settleHorizon, p.fleet.settleHorizon);
    assertEquals(c.fleet.settleFloor, p.fleet.settleFloor);
  }

  @Test
  void theIntervalFollowsALongTtlUnlessGiven() throws Exception {
    CommandLine alm = Main.configure(new CommandLine(new AlmCommand()));
    PredictCommand p = (PredictCommand) alm.getSubcommands().get("predict").getCommand();
    alm.parseArgs("predict");
    assertEquals(java.time.Duration.ofSeconds(1), p.fleet.interval());
    alm.parseArgs("predict", "--ttl", "5");
    assertEquals(java.time.Duration.ofMillis(2500), p.fleet.interval());
    alm.parseArgs("predict", "--ttl", "5", "--interval", "3s");
    assertEquals(java.time.Duration.ofSeconds(3), p.fleet.interval());
    assertNull(p.fleet.intervalWarning());
    alm.parseArgs("predict", "--ttl", "5", "--interval", "2s");
    assertEquals(java.time.Duration.ofSeconds(2), p.fleet.interval());
    assertTrue(p.fleet.intervalWarning().contains("at least 2500 ms"), p.fleet.intervalWarning());
    // the model runs it, to show what it does, and says why it is not a setting to use
    Path out = dir.resolve("short");
    int code =
        alm("predict", "--ttl", "5", "--interval", "1s", "--duration", "10s", "--out", "" + out);
    assertEquals(0, code, err.toString());
    assertTrue(
        err.toString()
            .contains("alm predict: warning: --interval: --ttl 5 s needs a control interval"),
        err.toString());
  }

  @Test
  void refusesBadFlagsInOneLine() {
    String out = dir.resolve("bad").toString();
    String[][] usage = {
      {"predict", "--runs", "many", "--out", out}, {"predict", "--no-such-flag", "--out", out}
    };
    for (String[] args : usage) {
      assertEquals(2, run(args), String.join(" ", args));
    }
    String[][] bad = {
      {"predict", "--runs", "0", "--out", out},
      {"predict", "--flash", "z:2:1:1", "--out", out},
      {"predict", "--route-change", "5", "--out", out},
      {"predict", "--route-change", "5:" + dir.resolve("missing.csv"), "--out", out},
      {"predict", "--route-change", "90:" + dir.resolve("missing.csv"), "--out", out},
      {"predict", "--against", dir.resolve("nothing").toString(), "--out", out},
      {"predict", "--resolution", "5s", "--out", out},
      {"predict", "--ttl", "0", "--out", out}
    };
    for (String[] args : bad) {
      int code = run(args);
      String e = err.toString().strip();
      assertEquals(1, code, String.join(" ", args) + ": " + e);
      assertEquals(1, e.lines().count(), e);
      assertTrue(e.startsWith("alm predict: "), e);
    }
    assertFalse(Files.exists(dir.resolve("bad").resolve("summary.json")));
  }

  private int run(String... args) {
    err.getBuffer().setLength(0);
    return alm(args);
  }

  private String out() {
    return out.toString();
  }
}
