package dev.alm.controller.sim;

import java.util.List;

/**
 * The outcome of an offline run of one controller on one topology.
 *
 * @param algorithm "greedy" or "dual"
 * @param iterations steps run
 * @param convergedAt the first step at which the stop criterion held, or -1 if it never did
 * @param x final L1 answer probabilities
 * @param s final proxy loads S = C^T diag(A) x (eq. 21)
 * @param mu final prices (dual), or null (greedy)
 * @param cost W(x, S) of eq. (5); infinite when a proxy is at or above capacity
 * @param dualBound D(mu) of eq. (12), a lower bound on the optimum (dual), or NaN (greedy)
 * @param overloaded ids of the proxies with S_i &gt; T_i
 */
public record SimulationResult(
    String algorithm,
    int iterations,
    int convergedAt,
    double[] x,
    double[] s,
    double[] mu,
    double cost,
    double dualBound,
    List<String> overloaded) {

  public SimulationResult {
    overloaded = List.copyOf(overloaded);
  }

  public boolean converged() {
    return convergedAt >= 0;
  }

  /**
   * The certified relative gap (W - D) / W of a dual run: an upper bound on the gap to the optimum.
   */
  public double certifiedGap() {
    return (cost - dualBound) / Math.abs(cost);
  }
}
