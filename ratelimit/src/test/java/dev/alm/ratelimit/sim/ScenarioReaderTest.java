package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void readsEachTopLevelAndGossipFieldAndTheDefaults() throws Exception {
    Path f = file("{" + BASE + "}");
    assertEquals(
        f
            + " 2 10.0 units/s 5.0 0.05 0.05 0.5 0.1 1.0 1500.0 3 0.0 0.0 false false complete 1 0"
            + " 1 {} false 0.0",
        values(ScenarioReader.read(f.toString())));
    f =
        file(
            with(
                "\"unit\": null, \"interval\": null, \"tick\": null, \"warmup\": null, \"ewma\":"
                    + " null, \"bucketDepth\": null, \"packetBytes\": null, \"gossip\": null,"
                    + " \"graph\": null, \"flows\": null, \"seed\": null, \"algorithms\": null"));
    assertEquals(
        f
            + " 2 10.0 units/s 5.0 0.05 0.05 0.5 0.1 1.0 1500.0 3 0.0 0.0 false false complete 1 0"
            + " 1 {} false 0.0",
        values(ScenarioReader.read(f.toString())));
    f =
        file(
            "{\"limiters\": 3, \"globalLimit\": 7, \"unit\": \"bytes/s\", \"duration\": 100,"
                + " \"interval\": 0.2, \"tick\": 0.05, \"warmup\": 0, \"ewma\": 0.5,"
                + " \"bucketDepth\": 9, \"packetBytes\": 1000, \"gossip\": {\"mode\": \"table\","
                + " \"branching\": 0, \"loss\": 1, \"delay\": 0.3, \"dropDisconnected\": true,"
                + " \"unalignedTimers\": false, \"safeStart\": 2}, \"graph\": \"ring\","
                + " \"flows\": [{\"limiter\": 1}], \"seed\": -4, \"algorithms\": {\"gdrl\":"
                + " {\"eta\": 1}}}");
    assertEquals(
        f
            + " 3 7.0 bytes/s 100.0 0.2 0.05 0.0 0.5 9.0 1000.0 0 1.0 0.3 false true ring 0 1 -4"
            + " {\"gdrl\":{\"eta\":1}} false 2.0",
        values(ScenarioReader.read(f.toString())));
    f = file("{" + BASE.replace("\"duration\": 5", "\"duration\": 100") + "}");
    assertEquals(5, ScenarioReader.read(f.toString()).warmup(), 0, "at most 5 s");
  }

  /** Each refused scenario and its error line, after the file name. */
  @Test
  void everyTopLevelAndGossipErrorLine() throws Exception {
    String[][] cases = {
      {"{}", "limiters: required"},
      {
        "{\"x\": 1}",
        "x: unknown field (known: algorithms, bucketDepth, demand, duration, ewma,"
            + " flows, globalLimit, gossip, graph, interval, limiters, packetBytes, seed, tick, unit,"
            + " warmup)"
      },
      {"{\"limiters\": 0, \"globalLimit\": 0}", "limiters: must be in [1, 1000000], got 0"},
      {"{\"limiters\": 1.5}", "limiters: expected an integer"},
      {"{\"limiters\": 1}", "globalLimit: required"},
      {
        "{\"limiters\": 1, \"globalLimit\": 0}", "globalLimit: must be in [1.0E-9, 1.0E15], got 0.0"
      },
      {"{\"limiters\": 1, \"globalLimit\": 1, \"unit\": 5}", "unit: expected a string"},
      {"{\"limiters\": 1, \"globalLimit\": 1}", "duration: required"},
      {
        "{\"limiters\": 1, \"globalLimit\": 1, \"duration\": 0}",
        "duration: must be in [0.001, 1.0E7], got 0.0"
      },
      {with("\"interval\": 0"), "interval: must be in [1.0E-4, 1000000.0], got 0.0"},
      {
        "{\"limiters\": 1, \"globalLimit\": 1, \"duration\": 0.01}",
        "interval: longer than the duration 0.01 s"
      },
      {
        "{\"limiters\": 1, \"globalLimit\": 1, \"duration\": 0.01, \"interval\": \"x\"}",
        "interval: expected a number"
      },
      {
        "{\"limiters\": 1, \"globalLimit\": 1, \"duration\": 1, \"interval\": 2, \"tick\": 5}",
        "interval: longer than the duration 1.0 s"
      },
      {with("\"tick\": 0.03"), "tick: must divide the interval 0.05 s"},
      {with("\"tick\": 0.1"), "tick: must be in [1.0E-5, 0.05], got 0.1"},
      {with("\"interval\": 1, \"tick\": 0.3"), "tick: must divide the interval 1.0 s"},
      {with("\"tick\": 0.03, \"warmup\": -1"), "tick: must divide the interval 0.05 s"},
      {with("\"warmup\": 6"), "warmup: must be in [0.0, 5.0], got 6.0"},
      {with("\"ewma\": 1"), "ewma: must be in [0.0, 0.999999], got 1.0"},
      {with("\"bucketDepth\": -1"), "bucketDepth: must be in [0.0, 1.0E15], got -1.0"},
      {with("\"packetBytes\": 0"), "packetBytes: must be in [1.0, 1.0E9], got 0.0"},
      {with("\"gossip\": 5"), "gossip: expected an object"},
      {
        with("\"gossip\": {\"x\": 1}"),
        "gossip.x: unknown field (known: branching, delay,"
            + " dropDisconnected, loss, mode, safeStart, unalignedTimers)"
      },
      {
        with("\"gossip\": {\"mode\": \"gossip\"}"),
        "gossip.mode: expected table or push-sum, got gossip"
      },
      {with("\"gossip\": {\"mode\": 5}"), "gossip.mode: expected a string"},
      {with("\"gossip\": {\"branching\": -1, \"mode\": 5}"), "gossip.mode: expected a string"},
      {
        with("\"gossip\": {\"branching\": -1}"), "gossip.branching: must be in [0, 1000000], got -1"
      },
      {with("\"gossip\": {\"loss\": 2}"), "gossip.loss: must be in [0.0, 1.0], got 2.0"},
      {with("\"gossip\": {\"delay\": -1}"), "gossip.delay: must be in [0.0, 1000000.0], got -1.0"},
      {
        with("\"gossip\": {\"dropDisconnected\": \"yes\"}"),
        "gossip.dropDisconnected: expected true or false"
      },
      {
        with("\"gossip\": {\"unalignedTimers\": 1}"),
        "gossip.unalignedTimers: expected true or false"
      },
      {
        with("\"gossip\": {\"safeStart\": -1}"),
        "gossip.safeStart: must be in [0.0, 1000000.0], got -1.0"
      },
      {
        with("\"gossip\": {\"loss\": 2}, \"graph\": \"star\""),
        "gossip.loss: must be in [0.0, 1.0], got 2.0"
      },
      {with("\"graph\": \"star\""), "graph: expected complete, ring or {\"edges\": [[i, j], ...]}"},
      {with("\"graph\": 5"), "graph: expected an object"},
      {with("\"graph\": {\"x\": 1}"), "graph.x: unknown field (known: edges)"},
      {
        "{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"demand\": {}}",
        "demand: expected a list"
      },
      {
        "{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5}",
        "demand: a scenario needs open-loop demand or flows"
      },
      {
        "{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"demand\": [], \"flows\": [],"
            + " \"seed\": \"x\", \"algorithms\": 1}",
        "demand: a scenario needs open-loop demand or flows"
      },
      {
        "{\"limiters\": 2, \"globalLimit\": 10, \"duration\": 5, \"flows\": {}}",
        "flows: expected a list"
      },
      {with("\"seed\": \"x\""), "seed: expected an integer"},
      {with("\"seed\": 3000000000"), "seed: must be in [-2147483648, 2147483647], got 3000000000"},
      {with("\"algorithms\": 1"), "algorithms: expected an object"},
    };
    for (String[] c : cases) {
      Path f = file(c[0]);
      InputException e =
          assertThrows(InputException.class, () -> ScenarioReader.read(f.toString()), c[0]);
      assertEquals(f + ":" + c[1], e.getMessage(), c[0]);
    }
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

  /** Each refused demand, flows or graph entry and its error line, after the file name. */
  @Test
  void everyDemandFlowsAndGraphErrorLine() throws Exception {
    String d0 = "\"demand\": [{\"limiter\": 0, \"rate\": 1}], ";
    String[][] cases = {
      {bare("\"demand\": [5]"), "demand[0]: expected an object"},
      {bare("\"demand\": [null]"), "demand[0]: expected an object"},
      {
        bare("\"demand\": [{\"limiter\": 9, \"x\": 1}]"),
        "demand[0].x: unknown field (known: limiter, limiters, points, rate)"
      },
      {bare("\"demand\": [{}]"), "demand[0].limiter: required"},
      {bare("\"demand\": [{\"points\": 5, \"rate\": -1}]"), "demand[0].limiter: required"},
      {
        bare("\"demand\": [{\"limiter\": null, \"limiters\": null, \"rate\": 1}]"),
        "demand[0].limiter: required"
      },
      {
        bare("\"demand\": [{\"limiter\": 2, \"rate\": 1}]"),
        "demand[0].limiter: must be in [0, 1], got 2"
      },
      {
        bare("\"demand\": [{\"limiter\": -1, \"points\": 5}]"),
        "demand[0].limiter: must be in [0, 1], got -1"
      },
      {bare("\"demand\": [{\"limiter\": 1.5}]"), "demand[0].limiter: expected an integer"},
      {bare("\"demand\": [{\"limiter\": \"0\"}]"), "demand[0].limiter: expected an integer"},
      {bare("\"demand\": [{\"limiters\": 0}]"), "demand[0].limiters: expected a list"},
      {bare("\"demand\": [{\"limiters\": {}}]"), "demand[0].limiters: expected a list"},
      {
        bare("\"demand\": [{\"limiters\": [0, 2], \"rate\": -1}]"),
        "demand[0].limiters[1]: expected a limiter index in [0, 1]"
      },
      {
        bare("\"demand\": [{\"limiters\": [\"0\"]}]"),
        "demand[0].limiters[0]: expected a limiter index in [0, 1]"
      },
      {
        bare("\"demand\": [{\"limiters\": [-1]}]"),
        "demand[0].limiters[0]: expected a limiter index in [0, 1]"
      },
      {
        bare("\"demand\": [{\"limiters\": [0.5]}]"),
        "demand[0].limiters[0]: expected a limiter index in [0, 1]"
      },
      {bare("\"demand\": [{\"limiter\": 0}]"), "demand[0].rate: required"},
      {bare("\"demand\": [{\"limiters\": [1], \"rate\": null}]"), "demand[0].rate: required"},
      {
        bare("\"demand\": [{\"limiter\": 0, \"rate\": -1}]"),
        "demand[0].rate: must be in [0.0, 1.0E15], got -1.0"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"rate\": 1e16}]"),
        "demand[0].rate: must be a number of magnitude at most 1e15, got 1.0E16"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"rate\": \"x\"}]"), "demand[0].rate: expected a number"
      },
      {bare("\"demand\": [{\"limiter\": 0, \"points\": 5}]"), "demand[0].points: expected a list"},
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": []}]"),
        "demand[0].points: at least one [time, rate] point"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [5]}]"),
        "demand[0].points[0]: expected [time in s, rate in units/s]"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[0]]}]"),
        "demand[0].points[0]: expected [time in s, rate in units/s]"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[0, 1, 2]]}]"),
        "demand[0].points[0]: expected [time in s, rate in units/s]"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[\"0\", 1]]}]"),
        "demand[0].points[0]: expected [time in s, rate in units/s]"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[0, 1], [1, null]]}]"),
        "demand[0].points[1]: expected [time in s, rate in units/s]"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[0, -1]]}]"),
        "demand[0].points[0]: rate must be >= 0"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[1, 1], [1, 2]]}]"),
        "demand[0].points[1]: times must increase"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[1, 1], [0, -2]]}]"),
        "demand[0].points[1]: rate must be >= 0"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"points\": [[1, 1], [0, 2], [5]]}]"),
        "demand[0].points[1]: times must increase"
      },
      {
        bare("\"demand\": [{\"limiter\": 0, \"rate\": 1}, {\"limiter\": 9}]"),
        "demand[1].limiter: must be in [0, 1], got 9"
      },
      {
        bare("\"demand\": [{\"limiters\": [], \"rate\": 1}]"),
        "demand: a scenario needs open-loop demand or flows"
      },
      {bare("\"flows\": [5]"), "flows[0]: expected an object"},
      {
        bare("\"flows\": [{\"limiter\": 9, \"x\": 1}]"),
        "flows[0].x: unknown field (known: count, limiter, limiters, maxRate, rtt, start, stop)"
      },
      {bare("\"flows\": [{\"count\": -1}]"), "flows[0].limiter: required"},
      {
        bare("\"flows\": [{\"limiter\": 9, \"count\": -1}]"),
        "flows[0].limiter: must be in [0, 1], got 9"
      },
      {
        bare("\"flows\": [{\"limiters\": [3]}]"),
        "flows[0].limiters[0]: expected a limiter index in [0, 1]"
      },
      {bare("\"flows\": [{\"limiters\": \"0\"}]"), "flows[0].limiters: expected a list"},
      {
        bare("\"flows\": [{\"limiter\": 0, \"count\": -1, \"rtt\": 0}]"),
        "flows[0].count: must be in [0, 1000000], got -1"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"count\": 1000001}]"),
        "flows[0].count: must be in [0, 1000000], got 1000001"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"count\": 1.5}]"), "flows[0].count: expected an integer"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"rtt\": 0, \"start\": -1}]"),
        "flows[0].rtt: must be in [1.0E-4, 100.0], got 0.0"
      },
      {bare("\"flows\": [{\"limiter\": 0, \"rtt\": \"x\"}]"), "flows[0].rtt: expected a number"},
      {
        bare("\"flows\": [{\"limiter\": 0, \"start\": 6, \"stop\": -1}]"),
        "flows[0].start: must be in [0.0, 5.0], got 6.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"stop\": -1}]"),
        "flows[0].stop: must be in [0.0, 1.0E9], got -1.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"stop\": 2e9}]"),
        "flows[0].stop: must be in [0.0, 1.0E9], got 2.0E9"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"start\": 2, \"stop\": 1, \"maxRate\": 0}]"),
        "flows[0].stop: must be after start 2.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"start\": 5}]"),
        "flows[0].stop: must be after start 5.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"start\": 1, \"stop\": 1}]"),
        "flows[0].stop: must be after start 1.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"maxRate\": 0}]"),
        "flows[0].maxRate: must be in [1.0E-9, 1.0E15], got 0.0"
      },
      {
        bare("\"flows\": [{\"limiter\": 0, \"maxRate\": true}]"),
        "flows[0].maxRate: expected a number"
      },
      {
        bare("\"flows\": [{\"limiter\": 0}, {\"limiters\": [0, 1], \"count\": -2}]"),
        "flows[1].count: must be in [0, 1000000], got -2"
      },
      {
        bare("\"demand\": [{\"limiter\": 5}], \"flows\": [{\"limiter\": 9}]"),
        "demand[0].limiter: must be in [0, 1], got 5"
      },
      {bare(d0 + "\"graph\": true"), "graph: expected an object"},
      {bare(d0 + "\"graph\": [[0, 1]]"), "graph: expected an object"},
      {bare(d0 + "\"graph\": {}"), "graph.edges: expected a list"},
      {bare(d0 + "\"graph\": {\"edges\": null}"), "graph.edges: expected a list"},
      {bare(d0 + "\"graph\": {\"edges\": 5}"), "graph.edges: expected a list"},
      {bare(d0 + "\"graph\": {\"edges\": [], \"x\": 1}"), "graph.x: unknown field (known: edges)"},
      {
        bare(d0 + "\"graph\": {\"edges\": [5]}"),
        "graph.edges[0]: expected [i, j] or [i, j, weight]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0]]}"),
        "graph.edges[0]: expected [i, j] or [i, j, weight]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 1, 1, 1]]}"),
        "graph.edges[0]: expected [i, j] or [i, j, weight]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 1.5]]}"),
        "graph.edges[0]: limiter indices must be integers"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[\"0\", 1]]}"),
        "graph.edges[0]: limiter indices must be integers"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 0]]}"),
        "graph.edges[0]: limiters must be distinct and in [0, 1]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 2]]}"),
        "graph.edges[0]: limiters must be distinct and in [0, 1]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[-1, 0, 0]]}"),
        "graph.edges[0]: limiters must be distinct and in [0, 1]"
      },
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 3000000001]]}"),
        "graph.edges[0]: limiters must be distinct and in [0, 1]"
      },
      {bare(d0 + "\"graph\": {\"edges\": [[0, 1, 0]]}"), "graph.edges[0]: weight must be > 0"},
      {bare(d0 + "\"graph\": {\"edges\": [[0, 1, -1]]}"), "graph.edges[0]: weight must be > 0"},
      {bare(d0 + "\"graph\": {\"edges\": [[0, 1, \"x\"]]}"), "graph.edges[0]: weight must be > 0"},
      {
        bare(d0 + "\"graph\": {\"edges\": [[0, 1], [1, 5]]}"),
        "graph.edges[1]: limiters must be distinct and in [0, 1]"
      },
      {
        bare("\"graph\": {\"edges\": [[0, 0]]}, \"demand\": [{\"limiter\": 5}]"),
        "graph.edges[0]: limiters must be distinct and in [0, 1]"
      },
    };
    for (String[] c : cases) {
      Path f = file(c[0]);
      InputException e =
          assertThrows(InputException.class, () -> ScenarioReader.read(f.toString()), c[0]);
      assertEquals(f + ":" + c[1], e.getMessage(), c[0]);
    }
  }
}
