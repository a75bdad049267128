package dev.alm.fastcontrol;

/**
 * Settings of the beta estimator (paper 004 eq. 20).
 *
 * @param gamma the probe gain of the deployment's probe plans, &gt; 0
 * @param ewmaWeight weight w in (0, 1] of the newest interval in the exponentially weighted moving
 *     average; 1 means no smoothing (beta is the last interval's estimate)
 * @param lossRate the known fraction of probes lost between the DNS answer and the proxy (users
 *     that never fetch the probe, blocked requests), in [0, 1); counts are divided by (1 -
 *     lossRate)
 */
public record BetaEstimatorConfig(double gamma, double ewmaWeight, double lossRate) {

  /** No smoothing. */
  public static final double NO_SMOOTHING = 1.0;

  /** No known loss. */
  public static final double NO_LOSS = 0.0;

  public BetaEstimatorConfig {
    if (!(gamma > 0) || !Double.isFinite(gamma)) {
      throw new IllegalArgumentException("gamma must be a finite number > 0, got " + gamma);
    }
    if (!(ewmaWeight > 0) || !(ewmaWeight <= 1)) {
      throw new IllegalArgumentException("EWMA weight must be in (0, 1], got " + ewmaWeight);
    }
    if (!(lossRate >= 0) || !(lossRate < 1)) {
      throw new IllegalArgumentException("loss rate must be in [0, 1), got " + lossRate);
    }
  }

  /** The given gain, no smoothing, no loss. */
  public static BetaEstimatorConfig ofGamma(double gamma) {
    return new BetaEstimatorConfig(gamma, NO_SMOOTHING, NO_LOSS);
  }
}
