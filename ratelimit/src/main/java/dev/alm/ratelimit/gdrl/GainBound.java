package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.graph.CommunicationGraph;

/**
 * The gain bound of paper 000's Theorem 1: GDRL converges if 0 < eta < (1/2) min_i(-g_i'(q_i(0)))
 * min_i(1/d_i) (eq. 9). For spare bandwidth -g_i' = 1 and the bound is 1/(2 d_max) (eq. 15). The
 * bound is sufficient, not necessary: for a linear indicator the update is q(t+1) = (I - eta L)
 * q(t) and converges exactly when eta lambda_n(L) < 2 (paper 003, Lemma 2), see {@link
 * #linearLimit(double)}.
 */
public final class GainBound {

  private GainBound() {}

  /**
   * Bound (9) at the starting point: capacities {@code c0} (usually C/N each) and demands.
   *
   * @return the largest eta the theorem guarantees (exclusive)
   */
  public static double theorem1(
      CommunicationGraph g, PerformanceIndicator f, double[] lambda, double[] c0) {
    double minSlope = Double.POSITIVE_INFINITY;
    for (int i = 0; i < g.size(); i++) {
      minSlope = Math.min(minSlope, f.capacityPerUnit(lambda[i], c0[i]));
    }
    return 0.5 * minSlope / g.maxDegree();
  }

  /** Bound (15) for spare bandwidth: 1/(2 d_max). */
  public static double spareBandwidth(CommunicationGraph g) {
    return 1.0 / (2.0 * g.maxDegree());
  }

  /**
   * For spare bandwidth with exact demands, the gain beyond which GDRL diverges: 2/lambda_n of the
   * graph's Laplacian.
   */
  public static double linearLimit(double lambdaN) {
    return 2.0 / lambdaN;
  }
}
