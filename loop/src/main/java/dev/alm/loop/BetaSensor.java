package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;

/**
 * Where the dual takes beta_i = sum_j C_ij mu_j (paper 004 eq. 14) from, live: {@link
 * ProbeCountBeta} (FastControl probe counts, eq. 20) or {@link EchoBeta} (price echoes,
 * docs/fastcontrol.md). Each says how its samples feed beta_i's gain schedule, how they update the
 * estimate, and when their silence means the probe path is broken.
 */
interface BetaSensor {

  /** beta_i's gain schedule after the interval's samples, judged against {@code planned}. */
  Calm calm(Calm calm, Interval in, BetaEstimate planned, Settling settling);

  /**
   * beta_i after the interval.
   *
   * @param scale beta_i's gain multiplier in (0, 1] ({@link Settling}): 1 after an alarm, smaller
   *     while its samples stay steady
   */
  BetaEstimate estimate(Interval in, BetaEstimate planned, double scale);

  /**
   * Consecutive intervals without samples while at least {@link ControlLoop#EXPECTED_PROBES} were
   * expected, after this one.
   *
   * @param mu the PoP's price during the interval
   * @param previousBeta beta_i as planned for the interval
   */
  int quiet(LoopState s, Interval in, double mu, double previousBeta);

  /**
   * beta_i for the decision of this interval: the estimate, with what the sensor knows of the PoP's
   * own price since its samples were taken.
   *
   * @param beta the interval's estimate
   * @param own this PoP's id (its proxy's, in the echoes)
   * @param ownPrice the own price mu_i the PoP publishes this interval
   */
  default double current(BetaEstimate beta, String own, double ownPrice) {
    return beta.beta();
  }

  /** The fallback reason's words for {@code quiet} silent intervals. */
  String silence(int quiet);

  /** The sensor of a configuration. */
  static BetaSensor of(LoopConfig config, double selfCorrelation) {
    return config.betaSource() == BetaSource.ECHO
        ? new EchoBeta(config.beta().ewmaWeight())
        : new ProbeCountBeta(config.beta(), selfCorrelation);
  }
}
