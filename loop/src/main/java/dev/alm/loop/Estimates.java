package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;

/**
 * What the loop has measured and smoothed, in the topology's load units: beta_i from FastControl
 * probes (paper 004 eq. 20) or price echoes, A_i from DNS answers (eq. 2), S_i from the proxy's
 * meter, and sigma_i, the proxy's sensitivity to its own price, from the weights of the probes it
 * counted.
 *
 * @param beta the last beta_i estimate, or null before the first interval
 * @param demand A_i, smoothed
 * @param load the last S_i (NaN when stale)
 * @param sigma sigma_i = sum_j C_ji kappa_j measured in-band and smoothed; NaN before the first
 *     weighted probe (the step then uses the topology's column of C)
 * @param handRate probes the PoP's DNS hands out per second, smoothed; NaN before the first
 *     interval
 */
public record Estimates(
    BetaEstimate beta, double demand, double load, double sigma, double handRate) {

  /** Estimates without a measured sensitivity. */
  public Estimates(BetaEstimate beta, double demand, double load) {
    this(beta, demand, load, Double.NaN, Double.NaN);
  }

  /** Estimates with a measured sensitivity and no hand-out rate yet. */
  public Estimates(BetaEstimate beta, double demand, double load, double sigma) {
    this(beta, demand, load, sigma, Double.NaN);
  }

  public Estimates withLoad(double v) {
    return new Estimates(beta, demand, v, sigma, handRate);
  }

  public Estimates withHandRate(double v) {
    return new Estimates(beta, demand, load, sigma, v);
  }
}
