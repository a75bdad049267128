package dev.alm.fastcontrol;

/**
 * Estimates beta_i from the own-category probes that reached proxy i in a control interval (paper
 * 004 eq. 20):
 *
 * <pre>
 *   R_i = n / (t (1 - loss)),   beta_i = R_i / gamma,   se(beta_i) = sqrt(n) / (t (1 - loss) gamma)
 * </pre>
 *
 * <p>Probes arrive as a thinned Poisson stream, so the count n over t seconds has variance equal to
 * its mean, estimated by n itself. With n = 0 the standard error is reported as that of one count
 * (1 / (t (1 - loss) gamma)), not 0, since a zero count says little about a small rate. With EWMA
 * smoothing of weight w, beta = w beta_raw + (1 - w) beta_prev and, intervals being independent,
 * se^2 = w^2 se_raw^2 + (1 - w)^2 se_prev^2.
 *
 * <p>Pure: no clock, no state beyond the previous estimate, which the caller passes in.
 */
public final class BetaEstimator {

  private final BetaEstimatorConfig config;

  public BetaEstimator(BetaEstimatorConfig config) {
    this.config = config;
  }

  public BetaEstimatorConfig config() {
    return config;
  }

  /**
   * The estimate after one interval.
   *
   * @param count own-category probes counted in the interval, &ge; 0
   * @param seconds the interval's length, &gt; 0
   * @param previous the estimate after the previous interval, or {@code null} for the first
   */
  public BetaEstimate next(long count, double seconds, BetaEstimate previous) {
    return next(count, seconds, previous, config.ewmaWeight());
  }

  /**
   * The estimate after one interval with the EWMA weight {@code w} instead of the configured one (a
   * live loop's gain schedule).
   *
   * @param w the weight of this interval's count, in (0, 1]
   */
  public BetaEstimate next(long count, double seconds, BetaEstimate previous, double w) {
    if (!(w > 0 && w <= 1)) {
      throw new IllegalArgumentException("EWMA weight must be in (0, 1], got " + w);
    }
    if (count < 0) {
      throw new IllegalArgumentException("probe count must be >= 0, got " + count);
    }
    if (!(seconds > 0) || !Double.isFinite(seconds)) {
      throw new IllegalArgumentException(
          "interval must be a finite number of seconds > 0, got " + seconds);
    }
    double scale = 1.0 / (seconds * (1 - config.lossRate()) * config.gamma());
    double raw = count * scale;
    double rawSe = Math.sqrt(Math.max(count, 1)) * scale;
    return BetaEstimate.smoothed(raw, rawSe, count, seconds, previous, w);
  }
}
