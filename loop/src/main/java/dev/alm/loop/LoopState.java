package dev.alm.loop;

import dev.alm.controller.dual.PriceState;
import dev.alm.fastcontrol.BetaEstimate;

/**
 * Everything a PoP's control loop carries from one interval to the next, and what its status page
 * shows, in the parts that change together: the price ({@link DualPrice}), the estimates ({@link
 * Estimates}), the mode ({@link LoopMode}), the gain schedules ({@link GainSchedule}) and the
 * counters' baseline (the last {@link Measurement}). Loads and demands are in the topology's load
 * units (requests/s divided by {@link LoopConfig#loadUnit()}).
 *
 * @param x the L1 answer probability published to the DNS, in [0, 1]
 * @param before the x published the interval before (with x, what the users' caches hold now)
 * @param guard the headroom guard's bound on this x when it bound ({@link HeadroomGuard}); infinite
 *     when it did not
 * @param dual mu_i, S*_i and the own price (eq. 13, 17)
 * @param estimates beta_i (eq. 20), A_i and S_i
 * @param status normal or fallback, why, and the probe-silent intervals
 * @param gains the three gain schedules ({@link Settling})
 * @param last the sensors' counters at the last measurement
 * @param intervals intervals stepped since start
 */
public record LoopState(
    double x,
    double before,
    double guard,
    DualPrice dual,
    Estimates estimates,
    LoopMode status,
    GainSchedule gains,
    Measurement last,
    long intervals) {

  public LoopState {
    if (!(x >= 0 && x <= 1) || !(before >= 0 && before <= 1)) {
      throw new IllegalArgumentException("x must be in [0, 1], got " + x + " after " + before);
    }
    if (Double.isNaN(guard)) {
      throw new IllegalArgumentException("the guard's bound must be a number or infinite");
    }
    if (dual == null || estimates == null || status == null || gains == null || last == null) {
      throw new IllegalArgumentException("price, estimates, mode, gains and baseline are required");
    }
  }

  /** The state a loop starts from: x and mu restored or configured, no measurement yet. */
  public static LoopState initial(double x, double mu, double demand) {
    return new LoopState(
        x,
        x,
        Double.POSITIVE_INFINITY,
        DualPrice.of(PriceState.of(mu)),
        new Estimates(null, demand, Double.NaN),
        LoopMode.NORMAL,
        GainSchedule.ALARMED,
        Measurement.NONE,
        0);
  }

  /** The state publishing {@code v} next, the x published so far becoming {@link #before()}. */
  public LoopState withX(double v) {
    return new LoopState(
        v, x, Double.POSITIVE_INFINITY, dual, estimates, status, gains, last, intervals);
  }

  public LoopState withDual(DualPrice v) {
    return new LoopState(x, before, guard, v, estimates, status, gains, last, intervals);
  }

  public LoopState withEstimates(Estimates v) {
    return new LoopState(x, before, guard, dual, v, status, gains, last, intervals);
  }

  public LoopState withStatus(LoopMode v) {
    return new LoopState(x, before, guard, dual, estimates, v, gains, last, intervals);
  }

  public LoopState withGains(GainSchedule v) {
    return new LoopState(x, before, guard, dual, estimates, status, v, last, intervals);
  }

  /** The same state after the measurement {@code m}, {@code n} intervals since start. */
  public LoopState measured(Measurement m, long n) {
    return new LoopState(x, before, guard, dual, estimates, status, gains, m, n);
  }

  /** The shortest calm of the three gain schedules: what a restart resumes from. */
  public long calm() {
    return gains.calm();
  }

  /**
   * The own price that {@link #beta()} is aligned to: {@link #ownPrice()}, or mu_i when there is
   * none yet.
   */
  public double alignedPrice() {
    return dual.aligned();
  }

  /** mu_i. */
  public double mu() {
    return dual.mu();
  }

  /** The dual price state (mu_i and its adaptive step, eq. 17). */
  public PriceState price() {
    return dual.state();
  }

  /** S*_i of the last dual decision (eq. 13), NaN before the first. */
  public double sStar() {
    return dual.sStar();
  }

  /** The smoothed own price that beta_i's term C_ii mu_i stands for; NaN: mu_i itself. */
  public double ownPrice() {
    return dual.ownPrice();
  }

  /** The last beta_i estimate (eq. 20), or null before the first interval. */
  public BetaEstimate beta() {
    return estimates.beta();
  }

  /** A_i, smoothed, in load units. */
  public double demand() {
    return estimates.demand();
  }

  /** The last S_i in load units (NaN when stale). */
  public double load() {
    return estimates.load();
  }

  /** Normal or fallback. */
  public Mode mode() {
    return status.mode();
  }

  /** Why the loop is in fallback ("" in normal mode). */
  public String reason() {
    return status.reason();
  }

  /** Consecutive probe-silent intervals while probes were expected. */
  public int quiet() {
    return status.quiet();
  }

  /** The gain schedule of the price step. */
  public Calm priceCalm() {
    return gains.price();
  }

  /** The gain schedule of beta_i's EWMA. */
  public Calm betaCalm() {
    return gains.beta();
  }

  /** The gain schedule of A_i's EWMA. */
  public Calm demandCalm() {
    return gains.demand();
  }

  /** The clock of the last measurement, {@link Long#MIN_VALUE} before the first. */
  public long lastNanos() {
    return last.nowNanos();
  }
}
