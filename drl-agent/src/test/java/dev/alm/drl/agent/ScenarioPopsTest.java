package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import org.junit.jupiter.api.Test;

/** The live runs' PoPs police the scenario's demand as the simulator does, time as an argument. */
class ScenarioPopsTest {

  private static Scenario scenario() throws Exception {
    return ScenarioReader.parse(
        "test",
        new com.fasterxml.jackson.databind.ObjectMapper()
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
}
