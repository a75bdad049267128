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
}
