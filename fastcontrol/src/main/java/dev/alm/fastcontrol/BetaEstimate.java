package dev.alm.fastcontrol;

/**
 * One value of beta_i = R_i / gamma (paper 004 eq. 20) with its standard error.
 *
 * @param beta the (smoothed, if configured) estimate of beta_i
 * @param stdError its standard error under Poisson counting noise
 * @param rawBeta the estimate from the last interval alone
 * @param rawStdError the standard error of {@link #rawBeta()}
 * @param count own-category probes counted in the last interval
 * @param seconds length of the last interval
 * @param routes with price echoes split by proxy, the shares and prices beta_i is made of ({@link
 *     EchoRoutes}); {@link EchoRoutes#NONE} otherwise
 */
public record BetaEstimate(
    double beta,
    double stdError,
    double rawBeta,
    double rawStdError,
    long count,
    double seconds,
    EchoRoutes routes) {

  public BetaEstimate {
    routes = routes == null ? EchoRoutes.NONE : routes;
  }

  /** An estimate that is not split by proxy. */
  public BetaEstimate(
      double beta,
      double stdError,
      double rawBeta,
      double rawStdError,
      long count,
      double seconds) {
    this(beta, stdError, rawBeta, rawStdError, count, seconds, EchoRoutes.NONE);
  }

  /**
   * The estimate after an interval whose own estimate is {@code raw} with standard error {@code
   * rawSe}, smoothed with weight {@code w} against {@code previous} (intervals independent): beta =
   * w raw + (1 - w) beta_prev, se^2 = w^2 rawSe^2 + (1 - w)^2 se_prev^2. The first interval, or w =
   * 1, is the raw estimate.
   */
  static BetaEstimate smoothed(
      double raw, double rawSe, long count, double seconds, BetaEstimate previous, double w) {
    if (previous == null || w >= 1) {
      return new BetaEstimate(raw, rawSe, raw, rawSe, count, seconds);
    }
    double beta = w * raw + (1 - w) * previous.beta();
    double se =
        Math.sqrt(
            w * w * rawSe * rawSe + (1 - w) * (1 - w) * previous.stdError() * previous.stdError());
    return new BetaEstimate(beta, se, raw, rawSe, count, seconds);
  }

  /** How many standard errors {@code truth} is from the estimate: (beta - truth) / stdError. */
  public double zScore(double truth) {
    return (beta - truth) / stdError;
  }
}
