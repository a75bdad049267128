package dev.alm.loop;

import dev.alm.controller.dual.PriceState;
import dev.alm.fastcontrol.BetaEstimate;

/**
 * What a PoP persists every interval so that a restart resumes where it stopped: x_i, the price
 * state (mu_i and its adaptive step) and the last beta_i estimate, with the wall-clock time it was
 * saved.
 *
 * @param pop the PoP's id
 * @param algorithm the algorithm that produced it
 * @param x x_i in [0, 1]
 * @param mu mu_i &ge; 0
 * @param boost the adaptive step multiplier
 * @param lastSign the sign of the last price gradient
 * @param beta the last beta_i estimate, NaN if none
 * @param betaStdErr its standard error, NaN if none
 * @param savedAtMillis when it was saved, milliseconds since the epoch
 * @param demand the smoothed A_i in load units, NaN if none (older files)
 * @param calm intervals since the gain schedule's last alarm ({@link Settling}), 0 if unknown
 * @param beaconRate the FastControl beacon rate b_i the DNS measured, per second, NaN if unknown
 */
public record SavedState(
    String pop,
    String algorithm,
    double x,
    double mu,
    double boost,
    int lastSign,
    double beta,
    double betaStdErr,
    long savedAtMillis,
    double demand,
    long calm,
    double beaconRate) {

  public SavedState {
    if (!(x >= 0 && x <= 1)) {
      throw new IllegalArgumentException("x must be in [0, 1], got " + x);
    }
    if (!(mu >= 0) || !Double.isFinite(mu)) {
      throw new IllegalArgumentException("mu must be a finite number >= 0, got " + mu);
    }
    if (!(boost > 0) || !Double.isFinite(boost)) {
      throw new IllegalArgumentException("boost must be a finite number > 0, got " + boost);
    }
  }

  /** The state to save after an interval. */
  public static SavedState of(
      String pop, Algorithm algorithm, LoopState s, long nowMillis, double beaconRate) {
    BetaEstimate b = s.beta();
    return new SavedState(
        pop,
        algorithm.label(),
        s.x(),
        s.mu(),
        s.price().boost(),
        s.price().lastSign(),
        b == null ? Double.NaN : b.beta(),
        b == null ? Double.NaN : b.stdError(),
        nowMillis,
        s.demand(),
        s.calm(),
        beaconRate);
  }

  /** Whether it was saved no longer than {@code maxAgeMillis} before {@code nowMillis}. */
  public boolean freshAt(long nowMillis, long maxAgeMillis) {
    long age = nowMillis - savedAtMillis;
    return age >= 0 && age <= maxAgeMillis;
  }

  /**
   * The loop state to resume from: x, the price state, beta, the demand estimate and the gain
   * schedule restored; no measurement yet. {@code demandPrior} stands in for a demand the file does
   * not hold.
   */
  public LoopState resume(double demandPrior) {
    BetaEstimate b =
        Double.isFinite(beta) && Double.isFinite(betaStdErr)
            ? new BetaEstimate(beta, betaStdErr, beta, betaStdErr, 0, 0)
            : null;
    return new LoopState(
        x,
        x,
        Double.POSITIVE_INFINITY,
        DualPrice.of(new PriceState(mu, boost, lastSign)),
        new Estimates(b, Double.isFinite(demand) && demand >= 0 ? demand : demandPrior, Double.NaN),
        LoopMode.NORMAL,
        GainSchedule.resumed(calm),
        Measurement.NONE,
        0);
  }
}
