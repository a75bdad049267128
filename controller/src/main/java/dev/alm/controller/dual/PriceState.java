package dev.alm.controller.dual;

/**
 * The state a PoP keeps for its dual price between control intervals.
 *
 * @param mu the price mu_i of the PoP's proxy capacity (eq. 17), &ge; 0
 * @param boost the multiplier of the adaptive step (1 when the step is not adaptive)
 * @param lastSign the sign of the last price gradient S_obs - S* (-1, 0 or +1)
 */
public record PriceState(double mu, double boost, int lastSign) {

  /** Algorithm 1, step 1: mu = 0. */
  public static final PriceState INITIAL = new PriceState(0, 1, 0);

  public PriceState {
    if (!(mu >= 0) || !Double.isFinite(mu)) {
      throw new IllegalArgumentException("price mu must be a finite number >= 0, got " + mu);
    }
    if (!(boost > 0) || !Double.isFinite(boost)) {
      throw new IllegalArgumentException("step boost must be a finite number > 0, got " + boost);
    }
  }

  /** A state at price mu with a fresh step. */
  public static PriceState of(double mu) {
    return new PriceState(mu, 1, 0);
  }
}
