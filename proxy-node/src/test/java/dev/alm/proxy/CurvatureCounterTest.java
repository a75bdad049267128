package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** H_ii from per-origin probe counts: unbiased under Poisson arrivals, bounded in origins. */
class CurvatureCounterTest {

  /** A Poisson draw of mean {@code mean} (Knuth's product of uniforms; small means only). */
  private static int poisson(SplittableRandom r, double mean) {
    double limit = Math.exp(-mean);
    double p = 1;
    int k = -1;
    do {
      k++;
      p *= r.nextDouble();
    } while (p > limit);
    return k;
  }

  @Test
  void theDrainedSumEstimatesTheSquaredSharesTimesKappa() {
    // proxy i reached by a (C_ai = 0.6, h = 50/s, kappa 2) and b (C_bi = 0.1, h = 200/s, kappa 8)
    double[] share = {0.6, 0.1};
    double[] rate = {50, 200};
    double[] kappa = {2, 8};
    String[] origin = {"a", "b"};
    double expected = 0.6 * 0.6 * 2 + 0.1 * 0.1 * 8; // H_ii = 0.8
    CurvatureCounter c = new CurvatureCounter(16);
    SplittableRandom r = new SplittableRandom(7);
    double sum = 0;
    int windows = 2000;
    for (int w = 0; w < windows; w++) { // one-second windows
      for (int j = 0; j < 2; j++) {
        int n = poisson(r, share[j] * rate[j]);
        for (int k = 0; k < n; k++) {
          c.record(origin[j], (float) (kappa[j] / rate[j]), (float) rate[j]);
        }
      }
      sum += c.drain();
    }
    double mean = sum / windows;
    assertEquals(expected, mean, 0.02 * expected, "mean " + mean);
    // the plain square c^2 would add kappa / h per window and origin: 0.04 + 0.04, a 10% bias
    assertTrue(Math.abs(mean - (expected + 0.08)) > 0.04, "mean " + mean);
  }

  @Test
  void probesWithoutARateOrWeightAddNothing() {
    CurvatureCounter c = new CurvatureCounter(16);
    for (int k = 0; k < 10; k++) {
      c.record("a", 0.5f, Float.NaN); // a version 2 token
      c.record("b", 0f, 100f); // a PoP at x = 0
      c.record("c", 0.5f, 0f); // before the issuer knew its rate
    }
    assertEquals(0, c.drain());
  }

  @Test
  void originsBeyondTheBoundAreCountedAndAddNothing() {
    CurvatureCounter c = new CurvatureCounter(2);
    for (int k = 0; k < 3; k++) {
      c.record("a", 1f, 1f);
      c.record("b", 1f, 1f);
      c.record("z", 1f, 1f);
    }
    assertEquals(3, c.overflow());
    assertEquals(2 * (3 - 1) * 3, c.drain(), 1e-12);
    // an origin that sent nothing in a window is forgotten, so a new one fits
    c.record("a", 1f, 1f);
    c.drain();
    c.record("z", 1f, 1f);
    c.record("z", 1f, 1f);
    assertEquals(3, c.overflow());
    assertEquals(2, c.drain(), 1e-12);
  }
}
