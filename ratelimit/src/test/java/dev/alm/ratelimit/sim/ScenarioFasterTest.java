package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.ratelimit.alloc.Allocator;
import org.junit.jupiter.api.Test;

/** A scenario run faster sees the same units per interval, so the algorithms do the same. */
class ScenarioFasterTest {

  private static double[] served(Scenario sc, String algorithm) throws Exception {
    Allocator<?, ?> a =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    return Simulator.run(sc, a, null, null).served();
  }

  @Test
  void twentyTimesFasterServesTwentyTimesTheRateIntervalForInterval() throws Exception {
    Scenario slow = Builtins.standard().resolve("builtin:stanojevic-ring?duration=300");
    Scenario fast = slow.faster(20);
    assertEquals(0.05, fast.interval(), 1e-12);
    assertEquals(15, fast.duration(), 1e-12);
    for (String algorithm : new String[] {"gdrl", "share"}) {
      double[] a = served(slow, algorithm);
      double[] b = served(fast, algorithm);
      assertEquals(a.length, b.length);
      for (int k = 0; k < a.length; k++) {
        assertEquals(20 * a[k], b[k], 1e-6 * (1 + 20 * a[k]), algorithm + " interval " + k);
      }
    }
  }

  @Test
  void tcpFlowsCannotBeSpedUp() throws Exception {
    Scenario tcp = Builtins.standard().resolve("builtin:raghavan-baseline");
    assertThrows(IllegalArgumentException.class, () -> tcp.faster(2));
  }
}
