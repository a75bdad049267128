package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioReaderTest {
  @TempDir Path dir;

  private Path file(String json) throws Exception {
    Path f = dir.resolve("s.json");
    Files.writeString(f, json);
    return f;
  }

  @Test
  void readsAScenarioWithDemandFlowsGossipAndGraph() throws Exception {
    Path f =
        file(
            """
            {"limiters": 3, "globalLimit": 1000, "unit": "requests/s", "duration": 10,
             "interval": 0.1, "ewma": 0.2,
             "gossip": {"branching": 2, "loss": 0.01, "delay": 0.05, "mode": "push-sum",
                        "unalignedTimers": true, "safeStart": 1.5},
             "graph": {"edges": [[0, 1], [1, 2, 0.5]]},
             "demand": [{"limiters": [0, 1], "points": [[0, 100], [5, 300]]},
                        {"limiter": 2, "rate": 50}],
             "flows": [{"limiter": 0, "count": 2, "rtt": 0.05}],
             "seed": 9}
            """);
    Scenario s = ScenarioReader.read(f.toString());
    assertEquals(3, s.limiters());
    assertEquals(true, s.unalignedTimers());
    assertEquals(1.5, s.safeStart(), 0);
    assertEquals(3, s.demands().size());
    assertEquals(200, s.demands().get(0).rateAt(2.5), 1e-9);
    assertEquals(0.5, s.graph().weightsOf(2)[0], 0);
    assertEquals(true, s.pushSum());
    assertEquals(100, s.steps());
  }

  @Test
  void badInputNamesTheFileTheFieldAndTheReason() throws Exception {
    Path f =
        file(
            """
            {"limiters": 2, "globalLimit": 10, "duration": 5,
             "demand": [{"limiter": 0, "points": [[0, 1], [0, 2]]}]}
            """);
    InputException e = assertThrows(InputException.class, () -> ScenarioReader.read(f.toString()));
    assertEquals(f.toString(), e.source());
    assertEquals("demand[0].points[1]", e.where());
    assertEquals("times must increase", e.reason());

    Path g =
        file("{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"gossip\": {\"loss\": 2}}");
    InputException e2 = assertThrows(InputException.class, () -> ScenarioReader.read(g.toString()));
    assertEquals("gossip.loss", e2.where());

    Path h = file("{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"flow\": []}");
    InputException e3 = assertThrows(InputException.class, () -> ScenarioReader.read(h.toString()));
    assertEquals("flow", e3.where());
  }

  /**
   * A requests/s scenario without bucketDepth: buckets of 0.1 s of the limit, not 75,000 requests
   * (with which static 1/N served a limiter's whole demand, 2 L, for a minute).
   */
  @Test
  void theDefaultBucketDepthIsATenthOfASecondOfTheLimit() throws Exception {
    Path f =
        file(
            """
            {"limiters": 4, "globalLimit": 1000, "unit": "requests/s", "duration": 20,
             "demand": [{"limiter": 0, "rate": 2000}], "seed": 3}
            """);
    Scenario s = ScenarioReader.read(f.toString());
    assertEquals(100, s.bucketDepth(), 1e-9);
    Allocator<?, ?> a =
        AlgorithmCatalog.standard()
            .find("static")
            .orElseThrow()
            .create(AlgorithmCatalog.settings(s, "static"));
    SimulationResult r = Simulator.run(s, a, null, null);
    double served = 0;
    int k = 0;
    for (int i = 0; i < r.times().length; i++) {
      if (r.times()[i] >= 1 && r.times()[i] <= 10) {
        served += r.served()[i];
        k++;
      }
    }
    assertEquals(250, served / k, 25, "static 1/N serves its share L/4, not the demand");
  }

  @Test
  void builtinsTakeParametersAndRejectUnknownOnes() throws Exception {
    Scenario s = ScenarioReader.read("builtin:raghavan-scaling?limiters=30&br=2&loss=0.1");
    assertEquals(30, s.limiters());
    assertEquals(2, s.branching());
    assertEquals(0.1, s.loss(), 0);
    InputException e =
        assertThrows(
            InputException.class, () -> ScenarioReader.read("builtin:raghavan-scaling?n=3"));
    assertEquals("n", e.where());
    Builtins more = Builtins.standard().with("tiny", q -> s);
    assertEquals(s, more.resolve("builtin:tiny"));
  }

  private static final String BASE =
      "\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"demand\": [{\"limiter\": 0,"
          + " \"rate\": 1}]";

  /** The smallest scenario with {@code more} fields added. */
  private static String with(String more) {
    return "{" + BASE + ", " + more + "}";
  }

  /** The scenario's values but its graph, demand and flows, in a line. */
  private static String values(Scenario s) {
    return String.join(
        " ",
        s.source(),
        "" + s.limiters(),
        "" + s.globalLimit(),
        s.unit(),
        "" + s.duration(),
        "" + s.interval(),
        "" + s.tick(),
        "" + s.warmup(),
        "" + s.ewma(),
        "" + s.bucketDepth(),
        "" + s.packetBytes(),
        "" + s.branching(),
        "" + s.loss(),
        "" + s.delay(),
        "" + s.pushSum(),
        "" + s.dropDisconnected(),
        s.graph().kind(),
        "" + s.demands().size(),
        "" + s.flows().size(),
        "" + s.seed(),
        s.algorithms().toString(),
        "" + s.unalignedTimers(),
        "" + s.safeStart());
  }

  /** Reads {@code json} from a file and checks its values, after the file name. */
  private void assertValues(String expected, String json) throws Exception {
    Path f = file(json);
    assertEquals(f + expected, values(ScenarioReader.read(f.toString())), json);
  }

  @Test
  void readsEachTopLevelAndGossipFieldAndTheDefaults() throws Exception {
    String defaults =
        " 2 10.0 units/s 5.0 0.05 0.05 0.5 0.1 1.0 1500.0 3 0.0 0.0 false false complete 1 0 1 {}"
            + " false 0.0";
    assertValues(defaults, "{" + BASE + "}");
    assertValues(
        defaults,
        with(
            "\"unit\": null, \"interval\": null, \"tick\": null, \"warmup\": null, \"ewma\":"
                + " null, \"bucketDepth\": null, \"packetBytes\": null, \"gossip\": null,"
                + " \"graph\": null, \"flows\": null, \"seed\": null, \"algorithms\": null"));
    assertValues(
        " 3 7.0 bytes/s 100.0 0.2 0.05 0.0 0.5 9.0 1000.0 0 1.0 0.3 false true ring 0 1 -4"
            + " {\"gdrl\":{\"eta\":1}} false 2.0",
        "{\"limiters\": 3, \"globalLimit\": 7, \"unit\": \"bytes/s\", \"duration\": 100,"
            + " \"interval\": 0.2, \"tick\": 0.05, \"warmup\": 0, \"ewma\": 0.5,"
            + " \"bucketDepth\": 9, \"packetBytes\": 1000, \"gossip\": {\"mode\": \"table\","
            + " \"branching\": 0, \"loss\": 1, \"delay\": 0.3, \"dropDisconnected\": true,"
            + " \"unalignedTimers\": false, \"safeStart\": 2}, \"graph\": \"ring\","
            + " \"flows\": [{\"limiter\": 1}], \"seed\": -4, \"algorithms\": {\"gdrl\":"
            + " {\"eta\": 1}}}");
    Path f = file("{" + BASE.replace("\"duration\": 5", "\"duration\": 100") + "}");
    assertEquals(5, ScenarioReader.read(f.toString()).warmup(), 0, "at most 5 s");
  }

  /**
   * Each refused scenario and its error line, after the file name: the top-level and gossip fields,
   * then each demand, flows or graph entry.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("errorCases")
  void everyErrorLine(String where, String[] c) throws Exception {
    assertEquals(3, c.length, where + ": expected WRAPPER<TAB>INPUT<TAB>ERROR LINE");
    Path f = file(wrap(c[0], c[1]));
    InputException e =
        assertThrows(InputException.class, () -> ScenarioReader.read(f.toString()), where);
    assertEquals(f + ":" + c[2], e.getMessage(), where);
  }

  static Stream<Arguments> errorCases() throws Exception {
    return Stream.concat(
        cases("top-level-and-gossip-errors.tsv"), cases("demand-flows-and-graph-errors.tsv"));
  }

  /** The whole scenario: {@code raw} as it is, else {@code with} or {@code bare} it. */
  private static String wrap(String wrapper, String input) {
    return switch (wrapper) {
      case "raw" -> input;
      case "with" -> with(input);
      case "bare" -> bare(input);
      default -> throw new IllegalArgumentException("no wrapper " + wrapper);
    };
  }

  /** The smallest scenario without demand, with {@code more} fields added. */
  private static String bare(String more) {
    return "{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, " + more + "}";
  }

  /** The flows of a scenario, one line each. */
  private static String flowLines(Scenario s) {
    StringBuilder b = new StringBuilder();
    for (FlowGroup g : s.flows()) {
      b.append(g).append('\n');
    }
    return b.toString();
  }

  /** The demand of a scenario, one line each. */
  private static String demandLines(Scenario s) {
    StringBuilder b = new StringBuilder();
    for (DemandSpec d : s.demands()) {
      b.append(d.limiter())
          .append(' ')
          .append(Arrays.toString(d.times()))
          .append(' ')
          .append(Arrays.toString(d.rates()))
          .append('\n');
    }
    return b.toString();
  }

  /** The graph of a scenario: its kind, then each limiter's neighbours and weights. */
  private static String graphLine(Scenario s) {
    StringBuilder b = new StringBuilder(s.graph().kind());
    for (int i = 0; i < s.limiters(); i++) {
      b.append(' ')
          .append(Arrays.toString(s.graph().neighboursOf(i)))
          .append(Arrays.toString(s.graph().weightsOf(i)));
    }
    return b.toString();
  }

  private Scenario readText(String json) throws Exception {
    return ScenarioReader.read(file(json).toString());
  }

  @Test
  void readsEachDemandFlowsAndGraphFieldAndTheDefaults() throws Exception {
    Scenario s =
        readText(
            bare(
                "\"demand\": [{\"limiter\": 1, \"rate\": 3}, {\"limiters\": [1, 0], \"limiter\":"
                    + " \"x\", \"points\": [[0, 1], [2.5, 0]], \"rate\": \"y\"}, {\"limiters\":"
                    + " null, \"limiter\": 0, \"rate\": 0, \"points\": null}, {\"limiters\": [],"
                    + " \"rate\": 1}], \"flows\": [{\"limiter\": 0}, {\"limiters\": [1, 1],"
                    + " \"limiter\": -1, \"count\": 0, \"rtt\": 100, \"start\": 5, \"stop\": 1e9,"
                    + " \"maxRate\": 1e-9}, {\"limiter\": 1, \"count\": null, \"rtt\": null,"
                    + " \"start\": null, \"stop\": 4.5, \"maxRate\": null}]"));
    assertEquals(
        "1 [0.0] [3.0]\n1 [0.0, 2.5] [1.0, 0.0]\n0 [0.0, 2.5] [1.0, 0.0]\n0 [0.0] [0.0]\n",
        demandLines(s));
    assertEquals(
        "FlowGroup[limiter=0, count=1, rtt=0.04, start=0.0, stop=5.0, maxRate=1.25E7]\n"
            + "FlowGroup[limiter=1, count=0, rtt=100.0, start=5.0, stop=1.0E9, maxRate=1.0E-9]\n"
            + "FlowGroup[limiter=1, count=0, rtt=100.0, start=5.0, stop=1.0E9, maxRate=1.0E-9]\n"
            + "FlowGroup[limiter=1, count=1, rtt=0.04, start=0.0, stop=4.5, maxRate=1.25E7]\n",
        flowLines(s));
    assertEquals("complete [1][1.0] [0][1.0]", graphLine(s));
    String demand = "\"demand\": [{\"limiter\": 0, \"rate\": 1}]";
    assertEquals(
        "edges [1][2.0] [0][2.0]",
        graphLine(readText(bare(demand + ", \"graph\": {\"edges\": [[0, 1, \"2\"]]}"))));
    assertEquals(
        "edges [1, 1][1.0, 1.0] [0, 0][1.0, 1.0]",
        graphLine(readText(bare(demand + ", \"graph\": {\"edges\": [[1, 0], [0, 1, true]]}"))));
    assertEquals(
        "edges [][] [][]", graphLine(readText(bare(demand + ", \"graph\": {\"edges\": []}"))));
    assertEquals(
        "ring [1][1.0] [0][1.0]", graphLine(readText(bare(demand + ", \"graph\": \"ring\""))));
    assertEquals(
        "complete [1][1.0] [0][1.0]",
        graphLine(readText(bare(demand + ", \"graph\": \"complete\""))));
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(ScenarioReaderTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }
}
