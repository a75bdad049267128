package dev.alm.ratelimit.gdrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.RandomGraphs;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class GdrlPropertiesTest {

  /**
   * Lemma 1: whatever the graph, demands, indicator and gain (even an unstable one), the capacity
   * sum stays C, up to floating-point rounding.
   */
  @Property(tries = 200)
  void capacitySumStaysC(
      @ForAll @IntRange(min = 2, max = 40) int n,
      @ForAll @IntRange(min = 0, max = 60) int extra,
      @ForAll @DoubleRange(min = 0.01, max = 2.0) double eta,
      @ForAll @IntRange(min = 0, max = 2) int indicator,
      @ForAll long seed) {
    CommunicationGraph g = RandomGraphs.connected(n, extra, false, seed);
    Random rnd = new Random(seed);
    double total = 1 + 100 * rnd.nextDouble();
    double[] lambda = new double[n];
    for (int i = 0; i < n; i++) {
      lambda[i] = rnd.nextDouble() * total / n * 2;
    }
    PerformanceIndicator f = Indicators.all().get(indicator);
    double[] c = Gdrl.initial(n, total);
    double worst = total; // rounding is relative to the largest magnitude seen so far
    for (int t = 0; t < 100; t++) {
      double[] q = new double[n];
      for (int i = 0; i < n; i++) {
        q[i] = f.q(lambda[i], c[i]);
      }
      c = Gdrl.step(g, c, q, eta);
      double s = 0;
      double scale = 0;
      for (double ci : c) {
        s += ci;
        scale += Math.abs(ci);
      }
      if (!Double.isFinite(scale)) {
        return; // an unstable gain overflowed; the sum held up to here
      }
      worst = Math.max(worst, scale);
      assertEquals(total, s, 1e-14 * worst * (t + 1) * n);
    }
  }

  /**
   * Theorem 1 with spare bandwidth and exact demands: below the bound (15) the range of q never
   * widens (step 1 of the proof) and it shrinks to consensus.
   */
  @Property(tries = 100)
  void belowTheBoundQConverges(
      @ForAll @IntRange(min = 2, max = 20) int n,
      @ForAll @IntRange(min = 0, max = 40) int extra,
      @ForAll @DoubleRange(min = 0.25, max = 1.0) double fractionOfBound,
      @ForAll long seed) {
    CommunicationGraph g = RandomGraphs.connected(n, extra, false, seed);
    Random rnd = new Random(seed);
    double[] lambda = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      lambda[i] = rnd.nextDouble();
      sum += lambda[i];
    }
    double eta = fractionOfBound * GainBound.spareBandwidth(g);
    double[] c = Gdrl.initial(n, 1.1 * sum);
    double range = Double.POSITIVE_INFINITY;
    for (int t = 0; t < 200_000 && range > 1e-7; t++) {
      double[] q = new double[n];
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        q[i] = Indicators.SPARE_BANDWIDTH.q(lambda[i], c[i]);
        lo = Math.min(lo, q[i]);
        hi = Math.max(hi, q[i]);
      }
      assertTrue(hi - lo <= range + 1e-12, "range of q widened at step " + t);
      range = hi - lo;
      c = Gdrl.step(g, c, q, eta);
    }
    assertTrue(range <= 1e-7, "q did not reach consensus: range " + range);
  }
}
