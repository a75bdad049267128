package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alm drl simulate} and {@code alm drl compare} end to end, in process. */
class DrlCommandTest extends CliTest {
  @TempDir Path dir;

  private Path scenario(String json) throws Exception {
    Path f = dir.resolve("scenario.json");
    Files.writeString(f, json);
    return f;
  }

  private static JsonNode summary(Path out) throws Exception {
    return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
  }

  private static final String OPEN_LOOP =
      """
      {"limiters": 4, "globalLimit": 1000, "unit": "requests/s", "duration": 6, "interval": 0.1,
       "warmup": 2, "bucketDepth": 50, "gossip": {"branching": 2},
       "demand": [{"limiter": 0, "rate": 900}, {"limiter": 1, "rate": 600}]}
      """;

  @Test
  void simulateWritesTheTimeseriesTheSummaryAndThePlot() throws Exception {
    Path s = scenario(OPEN_LOOP);
    Path out = dir.resolve("out");
    int rc = drl("simulate", s, out, "-a", "grd");
    assertEquals(0, rc, err.toString());
    List<String> lines = Files.readAllLines(out.resolve("timeseries.csv"));
    assertEquals("t,limiter,demand,limit,drop,served", lines.get(0));
    assertEquals(1 + 60 * 4, lines.size());
    JsonNode sum = summary(out);
    assertEquals("grd", sum.get("algorithm").asText());
    // demand 1,500 requests/s over a 1,000 limit: GRD serves about the limit
    assertEquals(1.0, sum.get("servedOverLimit").asDouble(), 0.05);
    assertTrue(sum.has("jainLimiters") && sum.has("bytesPerLimiterPerSecond"));
    assertTrue(Files.size(out.resolve("simulate.png")) > 1000);
    assertTrue(out().contains("s wall"), out());
  }

  @Test
  void agentsRunAScenarioLiveAndSimulatedWithTheSameSeries() throws Exception {
    Path s =
        scenario(
            """
            {"limiters": 2, "globalLimit": 1000, "unit": "requests/s", "duration": 3,
             "interval": 0.1, "warmup": 1, "bucketDepth": 50,
             "demand": [{"limiter": 0, "rate": 900}, {"limiter": 1, "rate": 600}]}
            """);
    Path out = dir.resolve("agents");
    int rc = drl("agents", s, out, "--algorithm", "share", "--seed", "7");
    assertEquals(0, rc, err.toString());
    Path alg = out.resolve("share");
    for (String series : List.of("timeseries.csv", "simulated.csv")) {
      List<String> lines = Files.readAllLines(alg.resolve(series));
      assertEquals("t,limiter,demand,limit,drop,served", lines.get(0), series);
      // a row per limiter and 100 ms interval of the 3 s
      assertEquals(1 + 30 * 2, lines.size(), series);
      String[] last = lines.get(lines.size() - 1).split(",", -1);
      assertEquals("1", last[1], series);
      assertTrue(Double.parseDouble(last[3]) > 0, series + ": a share limit is a rate");
      assertEquals("", last[4], series + ": a bucket has no drop probability");
    }
    assertEquals("live", summary(alg).get("run").asText());
    JsonNode sim = new ObjectMapper().readTree(alg.resolve("simulated.json").toFile());
    assertEquals("simulated", sim.get("run").asText());
    // --seed replaces the scenario's, live and simulated alike
    assertEquals(7, summary(alg).get("seed").asLong());
    assertEquals(7, sim.get("seed").asLong());
    assertTrue(Files.size(alg.resolve("live.png")) > 1000);
    assertTrue(Files.size(alg.resolve("simulated.png")) > 1000);
  }

  @Test
  void independentCountingLetsEveryBusyLimiterServeUpToTheLimit() throws Exception {
    Path s = scenario(OPEN_LOOP);
    Path out = dir.resolve("ind");
    assertEquals(0, drl("simulate", s, out, "-a", "independent", "--bench"));
    JsonNode sum = summary(out);
    assertEquals(1.5, sum.get("servedOverLimit").asDouble(), 0.05);
  }

  @Test
  void compareWritesOneRowPerAlgorithm() throws Exception {
    Path s = scenario(OPEN_LOOP);
    Path out = dir.resolve("cmp");
    int rc = drl("compare", s, out, "-a", "static,grd", "--runs", "2");
    assertEquals(0, rc, err.toString());
    List<String> lines = Files.readAllLines(out.resolve("compare.csv"));
    assertEquals(3, lines.size());
    assertTrue(lines.get(0).startsWith("algorithm,runs,servedOverLimitMean,servedOverLimitStd"));
    assertTrue(lines.get(1).startsWith("static,2,"));
    assertTrue(Files.exists(out.resolve("compare.png")));
  }

  @Test
  void theGraphAlgorithmsArePluggedIn() throws Exception {
    // every planned name is now registered (gdrl and dst by the consensus allocators)
    Path s = scenario(OPEN_LOOP);
    for (String a : new String[] {"gdrl", "dst"}) {
      int rc = drl("simulate", s, dir.resolve(a), "-a", a);
      assertEquals(0, rc, err.toString());
      assertTrue(Files.exists(dir.resolve(a).resolve("summary.json")));
    }
  }

  @Test
  void asAgentsSimulatesWithTheLiveAgentsDefaults() throws Exception {
    // no gossip in the scenario: the simulator's GRD hears no peer; a live agent always gossips
    Path s = scenario(OPEN_LOOP.replace("\"branching\": 2", "\"branching\": 0"));
    ObjectMapper m = new ObjectMapper();
    double[] messages = new double[2];
    String[][] flags = {{"-a", "grd"}, {"-a", "grd", "--as-agents"}};
    for (int i = 0; i < 2; i++) {
      Path o = dir.resolve("as" + i);
      assertEquals(0, drl("simulate", s, o, flags[i]), err.toString());
      messages[i] =
          m.readTree(o.resolve("summary.json").toFile())
              .path("messagesPerLimiterPerSecond")
              .asDouble();
    }
    assertEquals(0.0, messages[0], "br = 0: no gossip");
    assertTrue(messages[1] > 0, "--as-agents gossips to a peer: " + messages[1]);
  }

  @Test
  void fasterRefusesAScenarioWithTcpFlowsAndWritesNothing() throws Exception {
    Path o = dir.resolve("faster");
    int rc =
        alm(
            "drl",
            "simulate",
            "-s",
            "builtin:raghavan-baseline",
            "-a",
            "share",
            "--faster",
            "2",
            "-o",
            o.toString());
    assertEquals(1, rc);
    assertTrue(
        err.toString().contains("--faster: builtin:raghavan-baseline: a scenario with TCP flows"),
        err.toString());
    assertTrue(Files.notExists(o));
  }

  @Test
  void aBadScenarioNamesTheFileTheFieldAndTheReason() throws Exception {
    Path s = scenario("{\"limiters\": 0, \"globalLimit\": 1, \"duration\": 1}");
    int rc = drl("simulate", s, dir.resolve("x"), "-a", "fps");
    assertEquals(1, rc);
    assertTrue(
        err.toString().contains(s + ":limiters: must be in [1, 1000000], got 0"), err.toString());
  }

  /** Runs {@code alm drl COMMAND --scenario SCENARIO --out OUT MORE...}. */
  private int drl(String command, Path scenario, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("drl", command, "--scenario", scenario.toString(), "--out", out.toString()));
    args.addAll(List.of(more));
    return alm(args.toArray(String[]::new));
  }

  private String out() {
    return out.toString();
  }
}
