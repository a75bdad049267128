package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.graph.CommunicationGraph;
import java.util.Arrays;

/**
 * The GDRL capacity update (paper 000, Fig. 1 and eq. 6-7): start from C_i = C/N, then every update
 * C_i <- C_i + eta sum_{(i,j) in E} (q_i - q_j). Each link moves eta (q_i - q_j) from j to i, so
 * the sum of capacities stays C (Lemma 1). Pure: capacities and indicators in, capacities out.
 */
public final class Gdrl {

  private Gdrl() {}

  /** The initial allocation (6): C/N each. */
  public static double[] initial(int n, double total) {
    double[] c = new double[n];
    Arrays.fill(c, total / n);
    return c;
  }

  /**
   * One synchronous update (7) of every limiter.
   *
   * @param c capacities C_i(t)
   * @param q performance indicators q_i(t)
   * @param eta gain, > 0 (see {@link GainBound})
   * @return C(t+1), a new array
   */
  public static double[] step(CommunicationGraph g, double[] c, double[] q, double eta) {
    int n = g.size();
    if (c.length != n || q.length != n) {
      throw new IllegalArgumentException(
          "expected " + n + " capacities and indicators, got " + c.length + " and " + q.length);
    }
    double[] next = c.clone();
    for (var e : g.edges()) {
      double move = eta * (q[e.a()] - q[e.b()]);
      next[e.a()] += move;
      next[e.b()] -= move;
    }
    return next;
  }

  /**
   * One limiter's update from its own indicator and its neighbours' (as a live limiter computes
   * it): C_i + eta sum_j (q_i - q_j).
   */
  public static double local(double ci, double qi, double[] neighbourQ, double eta) {
    double s = 0;
    for (double qj : neighbourQ) {
      s += qi - qj;
    }
    return ci + eta * s;
  }

  /** Jain's fairness index (16): (sum q)^2 / (N sum q^2); 1 when all equal (also when all 0). */
  public static double jain(double[] q) {
    double s = 0;
    double s2 = 0;
    for (double v : q) {
      s += v;
      s2 += v * v;
    }
    return s2 == 0 ? 1.0 : s * s / (q.length * s2);
  }
}
