package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;

/**
 * What the loop has measured and smoothed, in the topology's load units: beta_i from FastControl
 * probes (paper 004 eq. 20), A_i from DNS answers (eq. 2) and S_i from the proxy's meter.
 *
 * @param beta the last beta_i estimate, or null before the first interval
 * @param demand A_i, smoothed
 * @param load the last S_i (NaN when stale)
 */
public record Estimates(BetaEstimate beta, double demand, double load) {

  /** The same estimates with another S_i. */
  public Estimates withLoad(double v) {
    return new Estimates(beta, demand, v);
  }
}
