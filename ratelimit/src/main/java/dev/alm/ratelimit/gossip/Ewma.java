package dev.alm.ratelimit.gossip;

/**
 * The exponentially weighted moving average of paper 001 section 3.1: est &lt;- a est + (1 - a)
 * rate, once per estimate interval. The paper quotes a "1-second EWMA parameter" (0.1 in section
 * 5.1): the weight left to the history after one second, so {@link #perInterval} converts it to the
 * weight per estimate interval, a = a_1s^(interval / 1 s). A parameter of 0 is no filter.
 */
public final class Ewma {

  private Ewma() {}

  /** The weight of the history per interval for a per-second parameter. */
  public static double perInterval(double perSecond, double intervalSeconds) {
    if (!(perSecond >= 0 && perSecond < 1) || !(intervalSeconds > 0)) {
      throw new IllegalArgumentException("EWMA in [0, 1), interval > 0: " + perSecond);
    }
    return perSecond == 0 ? 0 : Math.pow(perSecond, intervalSeconds);
  }

  /** One update: {@code a * previous + (1 - a) * sample}; the first sample is taken as it is. */
  public static double update(double a, double previous, double sample, boolean first) {
    return first ? sample : a * previous + (1 - a) * sample;
  }
}
