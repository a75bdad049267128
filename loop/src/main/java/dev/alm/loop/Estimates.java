package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;

/**
 * What the loop has measured and smoothed, in the topology's load units: beta_i from FastControl
 * probes (paper 004 eq. 20) or price echoes, A_i from DNS answers (eq. 2), S_i from the proxy's
 * meter, and sigma_i and H_ii, the proxy's sensitivity to its own price and the curvature of the
 * dual function along it, from the weights and rates of the probes it counted.
 *
 * @param beta the last beta_i estimate, or null before the first interval
 * @param demand A_i, smoothed
 * @param load the last S_i (NaN when stale)
 * @param sigma sigma_i = sum_j C_ji kappa_j measured in-band and smoothed; NaN before the first
 *     weighted probe (the step then uses the topology's column of C)
 * @param curvature H_ii = sum_j C_ji^2 kappa_j measured in-band and smoothed, the curvature of the
 *     dual function along mu_i; NaN before the first probe that carried a rate
 * @param handRate probes the PoP's DNS hands out per second, smoothed; NaN before the first
 *     interval
 */
public record Estimates(
    BetaEstimate beta,
    double demand,
    double load,
    double sigma,
    double curvature,
    double handRate) {

  /** Estimates without a measured sensitivity, curvature or hand-out rate. */
  public Estimates(BetaEstimate beta, double demand, double load) {
    this(beta, demand, load, Double.NaN, Double.NaN, Double.NaN);
  }

  /** New beta_i, A_i and S_i, the probe measures and the hand-out rate kept. */
  public Estimates with(BetaEstimate b, double a, double s) {
    return new Estimates(b, a, s, sigma, curvature, handRate);
  }

  public Estimates withLoad(double v) {
    return new Estimates(beta, demand, v, sigma, curvature, handRate);
  }

  public Estimates withHandRate(double v) {
    return new Estimates(beta, demand, load, sigma, curvature, v);
  }

  /** New sigma_i and H_ii. */
  public Estimates withProbeMeasures(double newSigma, double newCurvature) {
    return new Estimates(beta, demand, load, newSigma, newCurvature, handRate);
  }
}
