package dev.alm.fastcontrol;

/**
 * Estimates beta_i from the price echoes that reached PoP i's DNS in a control interval
 * (docs/fastcontrol.md, "Price echo"). Each echo carries the price mu_j of the proxy j that
 * answered one of PoP i's probes, and j is drawn from row i of C, so the echoes are a sample of
 * mu_J with mean sum_j C_ij mu_j = beta_i (paper 004 eq. 14):
 *
 * <pre>
 *   beta_raw = sum / n,   se(beta_raw) = s / sqrt(n),   s^2 = (squares - n beta_raw^2) / (n - 1)
 * </pre>
 *
 * <p>With one echo the spread is unknown and the standard error is taken as the price itself; with
 * none the interval says nothing and the previous estimate stands. Smoothing as in {@link
 * BetaEstimator}: beta = w beta_raw + (1 - w) beta_prev, se^2 = w^2 se_raw^2 + (1 - w)^2 se_prev^2.
 *
 * <p>Pure: no clock, no state beyond the previous estimate, which the caller passes in.
 */
public final class EchoBetaEstimator {

  private EchoBetaEstimator() {}

  /**
   * The estimate after one interval.
   *
   * @param n echoes counted in the interval, &ge; 0
   * @param sum the sum of their prices
   * @param squares the sum of their squares
   * @param seconds the interval's length, &gt; 0
   * @param previous the estimate after the previous interval, or {@code null} for the first
   * @param w the weight of this interval's mean, in (0, 1]
   */
  public static BetaEstimate next(
      long n, double sum, double squares, double seconds, BetaEstimate previous, double w) {
    if (!(w > 0 && w <= 1)) {
      throw new IllegalArgumentException("EWMA weight must be in (0, 1], got " + w);
    }
    if (n < 0 || !(sum >= 0) || !(squares >= 0)) {
      throw new IllegalArgumentException("echo sums must be >= 0");
    }
    if (!(seconds > 0) || !Double.isFinite(seconds)) {
      throw new IllegalArgumentException(
          "interval must be a finite number of seconds > 0, got " + seconds);
    }
    if (n == 0) {
      return previous != null
          ? new BetaEstimate(
              previous.beta(),
              previous.stdError(),
              Double.NaN,
              Double.NaN,
              0,
              seconds,
              previous.routes())
          : new BetaEstimate(0, 0, Double.NaN, Double.NaN, 0, seconds);
    }
    double raw = sum / n;
    double rawSe = n == 1 ? raw : Math.sqrt(Math.max(0, (squares - n * raw * raw) / (n - 1)) / n);
    return BetaEstimate.smoothed(raw, rawSe, n, seconds, previous, w);
  }

  /**
   * beta_i by inverse-variance weighting (a scalar Kalman filter): the interval's echo mean and its
   * standard error (floored at 1% of the mean) against the previous estimate, whose variance grows
   * by {@code (processShare x level)^2} per interval, the level being the larger of the two. Many
   * echoes (a small standard error) make the estimate follow the echoed prices within an interval;
   * few echoes average over several; a small {@code processShare} (a steady deployment) averages
   * over more. No echo keeps the previous estimate.
   *
   * @param processShare how far beta_i may move in one interval, as a share of its level, &gt; 0
   */
  public static BetaEstimate filter(
      long n,
      double sum,
      double squares,
      double seconds,
      BetaEstimate previous,
      double processShare) {
    if (!(processShare > 0) || !Double.isFinite(processShare)) {
      throw new IllegalArgumentException("process share must be > 0, got " + processShare);
    }
    BetaEstimate raw = next(n, sum, squares, seconds, null, 1);
    if (n == 0) {
      return next(0, 0, 0, seconds, previous, 1);
    }
    return filter(raw, previous, processShare);
  }

  /**
   * The same filter for an interval's measurement of beta_i made some other way (its beta and
   * standard error; from the echoes split by proxy, {@link EchoRoutes}); the result keeps the
   * measurement's raw values and routes.
   *
   * @param raw the interval's measurement
   * @param previous the last estimate, or null
   * @param processShare how far beta_i may move in one interval, as a share of its level, &gt; 0
   */
  public static BetaEstimate filter(BetaEstimate raw, BetaEstimate previous, double processShare) {
    if (!(processShare > 0) || !Double.isFinite(processShare)) {
      throw new IllegalArgumentException("process share must be > 0, got " + processShare);
    }
    if (previous == null) {
      return raw;
    }
    double level = Math.max(Math.abs(raw.beta()), Math.abs(previous.beta()));
    double measured = Math.max(raw.stdError(), Math.max(1e-9, 0.01 * level));
    double prior = Double.isFinite(previous.stdError()) ? previous.stdError() : level;
    double p = prior * prior + Math.pow(processShare * level, 2);
    double k = p / (p + measured * measured);
    double beta = previous.beta() + k * (raw.beta() - previous.beta());
    return new BetaEstimate(
        Math.max(0, beta),
        Math.sqrt((1 - k) * p),
        raw.rawBeta(),
        raw.rawStdError(),
        raw.count(),
        raw.seconds(),
        raw.routes());
  }
}
