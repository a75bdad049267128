package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.sim.AlgorithmCatalog;
import dev.alm.ratelimit.sim.Builtins;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import dev.alm.ratelimit.sim.Summary;
import org.junit.jupiter.api.Test;

/** The live runs' PoPs police the scenario's demand as the simulator does, time as an argument. */
class ScenarioPopsTest {

  private static Scenario scenario() throws Exception {
    return ScenarioReader.parse(
        "test",
        new ObjectMapper()
            .readTree(
                "{\"limiters\": 2, \"globalLimit\": 1000, \"duration\": 10, \"interval\": 0.05,"
                    + " \"tick\": 0.01, \"warmup\": 0, \"bucketDepth\": 50,"
                    + " \"demand\": [{\"limiters\": [0, 1], \"rate\": 800}], \"seed\": 3}"));
  }

  @Test
  void aBucketServesItsRateAndDepthADropItsFractionTheCentralBucketL() throws Exception {
    ScenarioPops pops = new ScenarioPops(scenario());
    pops.enforce(0, new Enforcement.LocalLimit(300, 50));
    pops.enforce(1, new Enforcement.DropProbability(0.25));
    pops.advance(2);
    LocalMeasurement a = pops.measured(0);
    LocalMeasurement b = pops.measured(1);
    assertEquals(1600, a.arrived(), 150, "Poisson at 800/s for 2 s");
    assertEquals(300 * 2 + 50, a.served(), 10, "the bucket's rate for 2 s and its depth");
    assertEquals(0.75 * b.arrived(), b.served(), 1e-6, "three quarters of what arrived");
    pops.enforce(0, new Enforcement.CentralBucket(50));
    pops.enforce(1, new Enforcement.CentralBucket(50));
    pops.advance(4);
    double served = pops.measured(0).served() + pops.measured(1).served();
    assertEquals(1000 * 2, served, 60, "one bucket at L for both");
    assertEquals(80, pops.series().size(), "one row per interval");
    assertEquals(1600, pops.series().get(79)[2], 1e-9, "the aggregate demand");
  }

  /**
   * Paper 001 section 5.1's TCP flows (3 at one limiter, 7 at the other) through static L/N
   * buckets: the live PoPs' flows are the simulator's, so the two serve the same aggregate and give
   * each flow the same rate (L/N over its limiter's flows), up to their own random draws.
   */
  @Test
  void tcpFlowsReactToTheBucketsAsInTheSimulator() throws Exception {
    Scenario sc = Builtins.standard().resolve("builtin:raghavan-baseline?duration=20");
    ScenarioPops pops = new ScenarioPops(sc);
    pops.advance(sc.duration());
    double L = sc.globalLimit();
    double served = 0;
    int steady = 0;
    for (double[] row : pops.series()) {
      if (row[0] > sc.warmup()) {
        served += row[1];
        steady++;
      }
    }
    SimulationResult sim =
        Simulator.run(
            sc,
            AlgorithmCatalog.standard()
                .find("static")
                .orElseThrow()
                .create(AlgorithmCatalog.settings(sc, "static")),
            null,
            null);
    double simServed = 0;
    int simSteady = 0;
    for (int k = 0; k < sim.times().length; k++) {
      if (sim.times()[k] > sc.warmup()) {
        simServed += sim.served()[k];
        simSteady++;
      }
    }
    assertEquals(simServed / simSteady / L, served / steady / L, 0.03, "aggregate / L");
    double[] live = pops.flowRates();
    double[] simulated = sim.flowRates();
    assertEquals(10, live.length);
    double[] liveAt = new double[2];
    double[] simAt = new double[2];
    for (int f = 0; f < 10; f++) {
      liveAt[f < 3 ? 0 : 1] += live[f];
      simAt[f < 3 ? 0 : 1] += simulated[f];
    }
    for (int i = 0; i < 2; i++) {
      assertEquals(L / 2, liveAt[i], 0.03 * L, "live flows at limiter " + i);
      assertEquals(simAt[i], liveAt[i], 0.03 * L, "flows at limiter " + i + " against simulated");
    }
    // AIMD through a tail-dropping bucket is not perfectly fair over 10 s in either
    assertEquals(Summary.jain(simulated), Summary.jain(live), 0.05, "Jain's index of the flows");
  }
}
