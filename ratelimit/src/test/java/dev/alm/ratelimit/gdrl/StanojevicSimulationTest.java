package dev.alm.ratelimit.gdrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.sim.AlgorithmCatalog;
import dev.alm.ratelimit.sim.Builtins;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** GDRL and the Laplacian throttler in the shared simulator, on paper 000's builtins (reduced). */
class StanojevicSimulationTest {

  @ParameterizedTest
  @ValueSource(strings = {"gdrl", "dst"})
  void ringReachesFairnessAndKeepsTheSum(String algorithm) throws Exception {
    Scenario sc = Builtins.standard().resolve("builtin:stanojevic-ring?duration=3000");
    var alloc =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    double[] lastSum = new double[1];
    SimulationResult r =
        Simulator.run(
            sc,
            alloc,
            (t, demand, limit, drop, served) -> {
              double s = 0;
              for (double l : limit) {
                s += l;
              }
              lastSum[0] = s;
            },
            null);
    double[] jfi = r.jainLimiters();
    assertTrue(jfi[0] < 0.5, "starts unfair: " + jfi[0]);
    for (int k = jfi.length / 2; k < jfi.length; k++) {
      assertTrue(jfi[k] > 0.99, algorithm + " JFI " + jfi[k] + " at interval " + k);
    }
    // exact up to the transfers in flight (one interval of Poisson noise; exactness itself is
    // checked with the in-flight accounting in ConsensusAllocatorTest), and never above
    assertEquals(sc.globalLimit(), lastSum[0], 1e-3 * sc.globalLimit());
    assertTrue(lastSum[0] <= sc.globalLimit() * (1 + 1e-12), "sum " + lastSum[0]);
  }
}
