package dev.alm.ratelimit.gdrl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import org.junit.jupiter.api.Test;

class GdrlTest {

  @Test
  void localUpdateAgreesWithTheGraphStep() {
    CommunicationGraph g = Graphs.ring(5);
    double[] c = {1, 2, 3, 4, 5};
    double[] q = {0.5, -1, 2, 0, 1};
    double[] next = Gdrl.step(g, c, q, 0.2);
    for (int i = 0; i < 5; i++) {
      int[] nb = g.neighbours(i);
      double[] qn = {q[nb[0]], q[nb[1]]};
      assertEquals(next[i], Gdrl.local(c[i], q[i], qn, 0.2), 1e-12);
    }
  }

  @Test
  void jainIndex() {
    assertEquals(1.0, Gdrl.jain(new double[] {-0.3, -0.3, -0.3}), 1e-12);
    assertEquals(0.25, Gdrl.jain(new double[] {1, 0, 0, 0}), 1e-12);
  }

  @Test
  void gainBoundIsOneOverTwoDForSpareBandwidth() {
    CommunicationGraph ring = Graphs.ring(10);
    assertEquals(0.25, GainBound.spareBandwidth(ring), 1e-12);
    double[] lambda = new double[10];
    double[] c = Gdrl.initial(10, 5.5);
    for (int i = 0; i < 10; i++) {
      lambda[i] = (i + 1) / 11.0;
    }
    assertEquals(0.25, GainBound.theorem1(ring, Indicators.SPARE_BANDWIDTH, lambda, c), 1e-12);
    // throttled ratio: -g' = lambda, so the smallest demand (1/11) scales the bound
    assertEquals(0.25 / 11, GainBound.theorem1(ring, Indicators.THROTTLED_RATIO, lambda, c), 1e-12);
  }

  /** Section III-A on the 10-ring: JFI(q) rises above 0.99 and stays; sum C holds. */
  @Test
  void ringReachesFairness() {
    var r =
        SlotExperiment.run(
            SlotExperiment.Config.paper(Graphs.ring(10), Demand.stanojevic(), 0.25, 30_000, 1));
    assertTrue(r.settleTime(0.99, 0, 30_000) > 0, "JFI never settled above 0.99");
    assertTrue(r.minJfi(0, 100) < 0.5, "JFI should start low");
    assertTrue(r.minJfi(20_000, 30_000) > 0.99);
    assertTrue(r.maxSumError() < 1e-12, "capacity sum drifted by " + r.maxSumError());
    assertEquals(5.5, r.total(), 1e-12);
  }

  /** Section III-B: after each of the three demand changes JFI comes back above 0.99. */
  @Test
  void dynamicDemandRecoversAfterEachPhase() {
    long tau = 10_000;
    var r =
        SlotExperiment.run(
            SlotExperiment.Config.paper(
                Graphs.ring(10), Demand.stanojevicDynamic(tau), 0.25, 4 * tau, 3));
    for (int phase = 0; phase < 4; phase++) {
      long settled = r.settleTime(0.99, phase * tau, (phase + 1) * tau);
      assertTrue(settled >= 0, "phase " + phase + " never recovered");
    }
    assertTrue(r.maxSumError() < 1e-12);
  }

  /**
   * With exact demands, q(t+1) = (I - eta L) q(t): the 10-ring (lambda_n = 4) converges below eta =
   * 2/4 = 0.5 even though bound (15) only promises 0.25, and diverges above it.
   */
  @Test
  void stopsConvergingAboveTwoOverLambdaN() {
    assertTrue(finalRange(0.49) < 1e-6);
    assertTrue(finalRange(0.51) > 1.0);
  }

  private static double finalRange(double eta) {
    CommunicationGraph g = Graphs.ring(10);
    double[] lambda = new double[10];
    for (int i = 0; i < 10; i++) {
      lambda[i] = (i + 1) / 11.0;
    }
    double[] c = Gdrl.initial(10, 5.5);
    double[] q = new double[10];
    for (int t = 0; t < 5000; t++) {
      for (int i = 0; i < 10; i++) {
        q[i] = lambda[i] - c[i];
      }
      c = Gdrl.step(g, c, q, eta);
    }
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (double v : q) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    return hi - lo;
  }

  /** Section IV: the best friend inherits the failed limiter's capacity; survivors rebalance. */
  @Test
  void bestFriendKeepsTheSumAndTheSurvivorsRebalance() {
    CommunicationGraph g = Graphs.star(6);
    int[] b = BestFriend.choose(g);
    assertEquals(0, b[3]);
    assertEquals(1, b[0]);
    double[] lambda = {0.5, 0.1, 0.2, 0.3, 0.4, 0.5};
    double[] c = Gdrl.initial(6, 2.2);
    var f = BestFriend.fail(Graphs.ring(6), BestFriend.choose(Graphs.ring(6)), c, 2);
    assertTrue(f.connected());
    double s = 0;
    for (double v : f.capacities()) {
      s += v;
    }
    assertEquals(2.2, s, 1e-12);
    assertEquals(c[1] + c[2], f.capacities()[1], 1e-12);
    double[] left = {lambda[0], lambda[1], lambda[3], lambda[4], lambda[5]};
    double[] cc = f.capacities();
    for (int t = 0; t < 2000; t++) {
      double[] q = new double[5];
      for (int i = 0; i < 5; i++) {
        q[i] = left[i] - cc[i];
      }
      cc = Gdrl.step(f.graph(), cc, q, 0.25);
    }
    double q0 = left[0] - cc[0];
    for (int i = 1; i < 5; i++) {
      assertEquals(q0, left[i] - cc[i], 1e-9);
    }
    assertFalse(
        BestFriend.fail(Graphs.star(6), BestFriend.choose(Graphs.star(6)), c, 0).connected());
  }
}
