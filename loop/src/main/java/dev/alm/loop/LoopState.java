package dev.alm.loop;

import dev.alm.controller.dual.PriceState;
import dev.alm.fastcontrol.BetaEstimate;

/**
 * Everything a PoP's control loop carries from one interval to the next, and what its status page
 * shows. Loads and demands are in the topology's load units (requests/s divided by {@link
 * LoopConfig#loadUnit()}).
 *
 * @param x the L1 answer probability published to the DNS, in [0, 1]
 * @param price the dual price state (mu_i, eq. 17); kept, frozen, under the greedy law and in
 *     fallbacks
 * @param sStar S*_i of the last dual decision (eq. 13), NaN before the first
 * @param beta the last beta_i estimate (eq. 20), or null before the first interval
 * @param demand A_i, smoothed, in load units
 * @param load the last S_i in load units (NaN when stale)
 * @param mode normal or fallback
 * @param reason why the loop is in fallback ("" in normal mode)
 * @param quiet consecutive intervals without any probe at the proxy while probes were expected
 * @param intervals intervals stepped since start
 * @param lastNanos the clock of the last measurement, {@link Long#MIN_VALUE} before the first
 * @param lastOwn the own-probe counter at the last measurement
 * @param lastAll the all-probe counter at the last measurement
 * @param lastQueries the CDN query counter at the last measurement
 * @param priceCalm the gain schedule ({@link Settling}) of the price step: requests against S*_i
 * @param betaCalm the gain schedule of beta_i's EWMA: own probes against the smoothed beta_i
 * @param demandCalm the gain schedule of A_i's EWMA: CDN queries against the smoothed A_i
 * @param ownPrice the own price mu_i (smoothed) that {@code beta}'s term C_ii mu_i stands for; NaN:
 *     mu_i itself
 */
public record LoopState(
    double x,
    PriceState price,
    double sStar,
    BetaEstimate beta,
    double demand,
    double load,
    Mode mode,
    String reason,
    int quiet,
    long intervals,
    long lastNanos,
    long lastOwn,
    long lastAll,
    long lastQueries,
    Calm priceCalm,
    Calm betaCalm,
    Calm demandCalm,
    double ownPrice) {

  public LoopState {
    if (!(x >= 0 && x <= 1)) {
      throw new IllegalArgumentException("x must be in [0, 1], got " + x);
    }
    if (price == null || mode == null || reason == null) {
      throw new IllegalArgumentException("price, mode and reason are required");
    }
    if (priceCalm == null || betaCalm == null || demandCalm == null) {
      throw new IllegalArgumentException("the gain schedules are required");
    }
  }

  /** The state a loop starts from: x and mu restored or configured, no measurement yet. */
  public static LoopState initial(double x, double mu, double demand) {
    return new LoopState(
        x,
        PriceState.of(mu),
        Double.NaN,
        null,
        demand,
        Double.NaN,
        Mode.NORMAL,
        "",
        0,
        0,
        Long.MIN_VALUE,
        0,
        0,
        0,
        Calm.ALARMED,
        Calm.ALARMED,
        Calm.ALARMED,
        Double.NaN);
  }

  /** The shortest calm of the three gain schedules: what a restart resumes from. */
  public long calm() {
    return Math.min(priceCalm.intervals(), Math.min(betaCalm.intervals(), demandCalm.intervals()));
  }

  /**
   * The own price that {@link #beta()} is aligned to: {@link #ownPrice()}, or mu_i when there is
   * none yet.
   */
  public double alignedPrice() {
    return Double.isFinite(ownPrice) ? ownPrice : price.mu();
  }

  /** mu_i. */
  public double mu() {
    return price.mu();
  }
}
