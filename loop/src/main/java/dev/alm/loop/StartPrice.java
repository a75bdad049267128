package dev.alm.loop;

import dev.alm.controller.cost.OffloadCost;

/**
 * The price a dual PoP starts from when it has no persisted state. Algorithm 1 of paper 004 may
 * start from any mu &ge; 0; from mu = 0 every PoP decides x = 1 (eq. 32 with beta = 0), every proxy
 * receives its whole anycast catchment, and the prices need many intervals to climb back: a
 * start-up overload. Instead each PoP starts at the price under which its own decision (eq. 13,
 * second line) is the configured start x if every PoP carried the same price. With rows of C
 * summing to 1, beta_i = sum_j C_ij mu_j (eq. 14) is then mu itself, and the first-order condition
 * of argmin h_i(x) + A_i beta x at x = startX gives
 *
 * <pre>  mu_0 = beta_0 = -h_i'(startX; A_i) / A_i</pre>
 *
 * (for the paper's cost (8), gamma (d + 2 A (1 - startX))). It needs only the PoP's own cost and
 * demand prior. The same value is the prior of the beta estimate (eq. 20) until probes have been
 * counted.
 */
public final class StartPrice {

  private StartPrice() {}

  /**
   * @param h the PoP's offload cost
   * @param startX the configured start x in [0, 1]
   * @param demand the demand prior A_i (the topology's), in load units
   * @return mu_0 &ge; 0; 0 when the demand is 0 or the derivative is not finite
   */
  public static double of(OffloadCost h, double startX, double demand) {
    if (!(demand > 0) || !Double.isFinite(demand)) {
      return 0;
    }
    double mu = -h.derivative(startX, demand) / demand;
    return Double.isFinite(mu) && mu > 0 ? mu : 0;
  }
}
