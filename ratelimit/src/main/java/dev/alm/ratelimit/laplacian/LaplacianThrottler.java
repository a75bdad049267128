package dev.alm.ratelimit.laplacian;

import dev.alm.ratelimit.graph.CommunicationGraph;
import java.util.Arrays;

/**
 * The distributed system throttler of paper 003 (eq. 3-4): x_i(k+1) = x_i(k) + gamma sum_{i~j} w_ij
 * (p_i(k) - p_j(k)), i.e. x(k+1) = x(k) + gamma L p(k), with a nodal measure p of Table 1. Each
 * link moves gamma w_ij (p_i - p_j) between its ends, so sum_i x_i stays l_total (Lemma 1).
 *
 * <p>For Case IV (p = x) the dynamics (48) diverge, and the appendix's rule bounds them: a server
 * with x_i >= r_i whose update would raise x_i, or with x_i <= 0 whose update would lower it, is
 * frozen for the step, and its state is not used by its neighbours; links between two active
 * servers still move limit in pairs, so the sum is kept.
 *
 * <p>Pure: limits and requests in, limits out.
 */
public final class LaplacianThrottler {

  private LaplacianThrottler() {}

  /**
   * One update cycle.
   *
   * @param g the coupling graph with its weights w_ij
   * @param gamma the update cycle (> 0)
   * @param m the nodal measure
   * @param x limits x(k)
   * @param r requests r(k)
   * @return x(k+1), a new array
   */
  public static double[] step(
      CommunicationGraph g, double gamma, NodalMeasure m, double[] x, double[] r) {
    int n = g.size();
    if (x.length != n || r.length != n) {
      throw new IllegalArgumentException(
          "expected " + n + " limits and requests, got " + x.length + " and " + r.length);
    }
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      p[i] = m.p(r[i], x[i]);
    }
    boolean[] active = new boolean[n];
    Arrays.fill(active, true);
    if (m == NodalMeasure.ALLOWED) {
      for (int i = 0; i < n; i++) {
        double delta = 0;
        int[] nb = g.neighbours(i);
        double[] w = g.weights(i);
        for (int k = 0; k < nb.length; k++) {
          delta += w[k] * (p[i] - p[nb[k]]);
        }
        if ((x[i] >= r[i] && delta > 0) || (x[i] <= 0 && delta < 0)) {
          active[i] = false;
        }
      }
    }
    double[] next = x.clone();
    for (var e : g.edges()) {
      if (active[e.a()] && active[e.b()]) {
        double move = gamma * e.weight() * (p[e.a()] - p[e.b()]);
        next[e.a()] += move;
        next[e.b()] -= move;
      }
    }
    return next;
  }

  /** Accepted requests a_i = min(x_i, r_i) summed over servers (eq. 7). */
  public static double accepted(double[] x, double[] r) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.max(0, Math.min(x[i], r[i]));
    }
    return s;
  }
}
