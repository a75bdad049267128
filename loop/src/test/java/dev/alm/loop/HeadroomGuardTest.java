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
  void belowCapacityXGrowsByAQuarterOfTheHeadroomBeyondTheNoiseOverItsLoadThere() {
    // 1,000 requests/s at 0.5: sd sqrt(0.5 / 1000) = 0.022; a quarter of (1 - 0.5 - sd) 1000 over
    // A_i = 2,000 at a share of 1
    double sd = Math.sqrt(0.5 / 1000);
    double cap = HeadroomGuard.cap(0.3, 0.2, 2000, 1, Map.of("a", echoes(100, 0.5, 1000)), G);
    assertEquals(0.2 + 0.25 * (0.5 - sd) * 1000 / 2000, cap, 1e-12);
    // the same headroom at a share of a quarter: four times the growth
    cap =
        HeadroomGuard.cap(
            0.3,
            0.2,
            2000,
            1,
            Map.of("a", echoes(25, 0.5, 1000), "b", echoes(75, 0.1, 100_000)),
            G);
    assertEquals(0.2 + 4 * 0.25 * (0.5 - sd) * 1000 / 2000, cap, 1e-12);
  }

  @Test
  void aNoisyLoadJustUnderCapacityHoldsInsteadOfReleasing() {
    // 100 requests/s at 0.92: one standard deviation is 0.096, and a proxy of 100 requests a
    // second aims at T' = 0.996 T, so 0.92 lies within the noise of the aim: no growth
    double aim = NoiseMargin.ratio(100, 1, G);
    assertEquals(1.1 - NoiseMargin.Z * Math.sqrt(1 / (100.0 * NoiseMargin.WINDOW)), aim, 1e-12);
    double cap = HeadroomGuard.cap(0.3, 0.2, 2000, 1, Map.of("a", echoes(100, 0.92, 100)), G);
    assertEquals(0.2, cap, 1e-12);
    // further below, it grows again
    cap = HeadroomGuard.cap(0.3, 0.2, 2000, 1, Map.of("a", echoes(100, 0.7, 100)), G);
    assertEquals(0.2 + 0.25 * (aim - 0.7 - Math.sqrt(0.7 / 100)) * 100 / 2000, cap, 1e-12);
    // at or above the aim x may not grow at all
    cap = HeadroomGuard.cap(0.3, 0.2, 2000, 1, Map.of("a", echoes(100, 1.0, 100)), G);
    assertEquals(0.3, cap, 1e-12);
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
    double sd = Math.sqrt(0.2 / 100_000);
    assertEquals(0.6 + 0.25 * (0.8 - sd) * 100_000 / (0.97 * 2000), cap, 1e-9);
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
