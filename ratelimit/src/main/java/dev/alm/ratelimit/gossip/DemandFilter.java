package dev.alm.ratelimit.gossip;

/**
 * The low-pass filter of every allocator's demand estimate (paper 001 section 3.1's EWMA, paper
 * 000's Fig. 1 line 4: est = (1 - alpha) est + alpha x with alpha = 1 - ewma per estimate
 * interval), started as the running mean: while the time measured so far is shorter than 1 / alpha
 * intervals, a measurement weighs its share of that time (dt / (T + dt)), so the estimate is the
 * mean rate over everything measured; from then on the weight is alpha (per interval, 1 - ewma^(dt
 * / interval) for a measurement of dt seconds, so a live interval that ran long weighs more).
 *
 * <p>Why: with paper 000's alpha = 1e-3 the plain filter keeps (1 - alpha)^k of its first value
 * after k intervals, 55% after 600. The first value is one interval's Poisson count (at the
 * stanojevic ring's 0.09 i arrivals per slot, mostly 0), so a run of a few thousand slots measured
 * its first count, and a live agent, whose first interval spans its start-up, measured something
 * else. Started as the running mean, the estimate after k intervals is the mean of k counts in
 * both, and converges as the plain filter does afterwards. With paper 001's 1-second parameter of
 * 0.1 at 50 ms intervals (alpha = 0.11) only the first 9 intervals change.
 */
public final class DemandFilter {

  private DemandFilter() {}

  /**
   * The estimate after one measurement.
   *
   * @param estimate the estimate so far (ignored when {@code measured} is 0)
   * @param measured seconds measured so far, before this measurement
   * @param rate this measurement's rate, units/s
   * @param dt this measurement's length, seconds (&gt; 0)
   * @param interval the estimate interval, seconds
   * @param ewma the weight of the history per interval, in [0, 1)
   */
  public static double next(
      double estimate, double measured, double rate, double dt, double interval, double ewma) {
    if (!(measured > 0)) {
      return rate;
    }
    double alpha = 1 - Math.pow(ewma, dt / interval);
    double w = Math.max(alpha, dt / (measured + dt));
    return estimate + w * (rate - estimate);
  }
}
