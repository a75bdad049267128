package dev.alm.fastcontrol;

/**
 * Settings of the probe plan (paper 004 eq. 19).
 *
 * @param gamma the probe gain gamma &gt; 0: probes per second per unit of price; the same at every
 *     PoP, since beta_i = R_i / gamma (eq. 20) only holds if all PoPs plan with one gamma
 * @param floor the smallest C_ij the plan divides by, in (0, 1): an entry below it is replaced by
 *     the floor and reported, because r_ij = gamma mu_i C_ji / C_ij grows without bound as C_ij
 *     goes to 0
 */
public record ProbePlanConfig(double gamma, double floor) {

  /** Default floor of C_ij: entries below 1e-4 are floored and reported. */
  public static final double DEFAULT_FLOOR = 1e-4;

  public ProbePlanConfig {
    if (!(gamma > 0) || !Double.isFinite(gamma)) {
      throw new IllegalArgumentException("gamma must be a finite number > 0, got " + gamma);
    }
    if (!(floor > 0) || !(floor < 1)) {
      throw new IllegalArgumentException("floor must be in (0, 1), got " + floor);
    }
  }

  /** The given gain with the default floor. */
  public static ProbePlanConfig ofGamma(double gamma) {
    return new ProbePlanConfig(gamma, DEFAULT_FLOOR);
  }
}
