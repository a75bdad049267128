package dev.alm.ratelimit.laplacian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.RandomGraphs;
import dev.alm.ratelimit.graph.SiamiGraphs;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LaplacianThrottlerTest {

  /** Lemma 1 for every nodal measure of Table 1, with random requests each cycle. */
  @Property(tries = 100)
  void totalLimitIsConstant(
      @ForAll @IntRange(min = 2, max = 30) int n,
      @ForAll @IntRange(min = 0, max = 40) int extra,
      @ForAll @IntRange(min = 0, max = 3) int measure,
      @ForAll long seed) {
    CommunicationGraph g = RandomGraphs.connected(n, extra, true, seed);
    Random rnd = new Random(seed);
    NodalMeasure m = NodalMeasure.values()[measure];
    double[] x = new double[n];
    Arrays.fill(x, 10);
    double total = 10.0 * n;
    double gamma = 0.05;
    for (int k = 0; k < 200; k++) {
      double[] r = new double[n];
      for (int i = 0; i < n; i++) {
        r[i] = 1 + 20 * rnd.nextDouble();
      }
      x = LaplacianThrottler.step(g, gamma, m, x, r);
      double s = 0;
      for (double v : x) {
        s += v;
      }
      assertEquals(total, s, 1e-9 * total);
    }
  }

  /** Case I with steady loads: the throttled amounts r_i - x_i reach consensus (eq. 14). */
  @Test
  void steadyLoadsReachEqualThrottling() {
    CommunicationGraph g = Graphs.ring(6);
    double[] r = {10, 20, 30, 5, 15, 40};
    double[] x = new double[6];
    Arrays.fill(x, 18);
    for (int k = 0; k < 500; k++) {
      x = LaplacianThrottler.step(g, 0.3, NodalMeasure.THROTTLED_AMOUNT, x, r);
    }
    for (int i = 0; i < 6; i++) {
      assertEquals((120 - 108) / 6.0, r[i] - x[i], 1e-9);
    }
  }

  /** Case IV with the appendix's freezing rule stays bounded and keeps the sum. */
  @Test
  void allowedMeasureIsBoundedByTheFreezingRule() {
    CommunicationGraph g = Graphs.complete(4);
    double[] r = {5, 1, 8, 2};
    double[] x = {4, 4, 4, 4};
    for (int k = 0; k < 500; k++) {
      x = LaplacianThrottler.step(g, 0.05, NodalMeasure.ALLOWED, x, r);
    }
    double s = 0;
    for (int i = 0; i < 4; i++) {
      s += x[i];
      assertTrue(x[i] > -1 && x[i] < 9, "x[" + i + "] = " + x[i]);
    }
    assertEquals(16, s, 1e-9);
  }

  /** Fig. 5 / Table 4, reduced: the tree over-throttles more than the tree with added links. */
  @Test
  void denserGraphOverThrottlesLess() {
    for (long seed = 1; seed <= 3; seed++) {
      double tree =
          OverThrottlingExperiment.run(
                  OverThrottlingExperiment.Config.paper(SiamiGraphs.tree(), seed))
              .overThrottlingPercent();
      double plus =
          OverThrottlingExperiment.run(
                  OverThrottlingExperiment.Config.paper(SiamiGraphs.treePlus(), seed))
              .overThrottlingPercent();
      assertTrue(tree > plus, "seed " + seed + ": tree " + tree + "% vs plus " + plus + "%");
      assertTrue(plus > 0);
    }
  }
}
