package dev.alm.optimum.compare;

/**
 * One draw of the sweep: both controllers and the optimum on the same (A, d).
 *
 * @param load the mean load of the draw
 * @param run the draw's number
 * @param dualCost W at the dual's final x (infinite if it overloads a proxy)
 * @param dualOverloaded proxies the dual leaves above capacity
 * @param dualIterations dual steps until the certified gap was met (or the cap)
 * @param dualConverged whether the certified gap was met
 * @param greedyOverloaded proxies the greedy law leaves above capacity
 * @param greedyIterations greedy steps until a fixed point (or the cap)
 * @param optimumLower the LP lower bound on the optimum of P1
 * @param optimumUpper the true cost at the LP's x, an upper bound on the optimum
 */
public record RunOutcome(
    double load,
    int run,
    double dualCost,
    int dualOverloaded,
    int dualIterations,
    boolean dualConverged,
    int greedyOverloaded,
    int greedyIterations,
    double optimumLower,
    double optimumUpper) {

  /**
   * (W_dual - upper) / upper: the dual's relative gap to the optimum (may be slightly negative).
   */
  public double dualGap() {
    return (dualCost - optimumUpper) / Math.abs(optimumUpper);
  }
}
