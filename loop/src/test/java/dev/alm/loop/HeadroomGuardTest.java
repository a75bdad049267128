package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.fastcontrol.EchoTotals;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadroomGuardTest {

  private static final double G = HeadroomGuard.DEFAULT_LOAD;

  /** {@code n} echoes from a proxy at load {@code r} of capacity {@code t} requests/s. */
  private static EchoTotals.Stratum echoes(long n, double r, double t) {
    return new EchoTotals.Stratum(n, 10.0 * n, n, r * n, t * n);
  }

  @Test
  void anOverloadedProxyCutsXToItsCapacityFromTheLargerOfTheLastTwo() {
    double cap = HeadroomGuard.cap(0.4, 0.5, 2000, 1, Map.of("a", echoes(100, 2.0, 1000)), G);
    assertEquals(0.25, cap, 1e-12);
  }

  @Test
  void noiseOfASmallProxyDoesNotCutButHolds() {
    // 30 requests/s at 1.3: one standard deviation is 0.21, so 1.3 is within 2 of 1.1; x holds and
    // eases off by half of what lies beyond one standard deviation
    double cap = HeadroomGuard.cap(0.4, 0.5, 2000, 1, Map.of("a", echoes(100, 1.3, 30)), G);
    assertEquals(0.4 * (1 - HeadroomGuard.EASE * (0.3 - Math.sqrt(1.3 / 30))), cap, 1e-12);
    // the same load at 3,000 requests/s is an overload
    cap = HeadroomGuard.cap(0.4, 0.5, 2000, 1, Map.of("a", echoes(100, 1.3, 3000)), G);
    assertEquals(0.5 / 1.3, cap, 1e-12);
  }

  @Test
  void atCapacityXMayNotGrow() {
    double cap = HeadroomGuard.cap(0.3, 0.5, 2000, 1, Map.of("a", echoes(100, 1.02, 1000)), G);
    assertEquals(0.3, cap, 1e-12, "within one standard deviation (0.032) of capacity");
  }

  @Test
  void aLoadHeldAboveCapacityEasesXOffByHalfTheExcessBeyondTheNoise() {
    // 1.08 T at 1,000 requests/s: sd sqrt(1.08 / 1000) = 0.033, under the cut at 1.1 + 2 sd
    double r = 1.08;
    double sd = Math.sqrt(r / 1000);
    double cap = HeadroomGuard.cap(0.3, 0.5, 2000, 1, Map.of("a", echoes(100, r, 1000)), G);
    assertEquals(0.3 * (1 - HeadroomGuard.EASE * (r - 1 - sd)), cap, 1e-12);
  }

  @Test
  void belowCapacityXGrowsByAQuarterOfTheHeadroomOverItsLoadThere() {
    // 500 requests/s of headroom, a quarter of it over A_i = 2,000 at a share of 1: 0.0625
    double cap = HeadroomGuard.cap(0.3, 0.2, 2000, 1, Map.of("a", echoes(100, 0.5, 1000)), G);
    assertEquals(0.2 + 0.0625, cap, 1e-12);
    // the same headroom at a share of a quarter: four times the growth
    cap =
        HeadroomGuard.cap(
            0.3,
            0.2,
            2000,
            1,
            Map.of("a", echoes(25, 0.5, 1000), "b", echoes(75, 0.1, 100_000)),
            G);
    assertEquals(0.2 + 0.25, cap, 1e-12);
  }

  @Test
  void theProxyThatBindsMostWins() {
    double cap =
        HeadroomGuard.cap(
            0.6, 0.6, 2000, 1, Map.of("a", echoes(50, 1.5, 1000), "b", echoes(50, 3.0, 1000)), G);
    assertEquals(0.2, cap, 1e-12);
  }

  @Test
  void proxiesWithFewEchoesOrATinyShareDoNotCount() {
    double cap =
        HeadroomGuard.cap(
            0.6, 0.6, 2000, 1, Map.of("a", echoes(97, 0.2, 100_000), "b", echoes(3, 5.0, 1000)), G);
    assertEquals(
        Double.POSITIVE_INFINITY,
        HeadroomGuard.cap(0.6, 0.6, 2000, 1, Map.of("b", echoes(1, 5.0, 1000)), G));
    assertEquals(0.6 + 0.25 * 0.8 * 100_000 / (0.97 * 2000), cap, 1e-9);
  }

  @Test
  void echoesWithoutALoadOrAGuardTurnedOffBindNothing() {
    Map<String, EchoTotals.Stratum> old = Map.of("a", new EchoTotals.Stratum(100, 1000));
    assertEquals(Double.POSITIVE_INFINITY, HeadroomGuard.cap(0.6, 0.6, 2000, 1, old, G));
    Map<String, EchoTotals.Stratum> over = Map.of("a", echoes(100, 2.0, 1000));
    assertEquals(
        Double.POSITIVE_INFINITY,
        HeadroomGuard.cap(0.6, 0.6, 2000, 1, over, Double.POSITIVE_INFINITY));
  }
}
