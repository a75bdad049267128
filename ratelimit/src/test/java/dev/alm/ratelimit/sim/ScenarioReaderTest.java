package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
