package dev.alm.ratelimit.gdrl;

/**
 * A limiter's performance indicator q_i = f_i(C_i) (paper 000, eq. 2): a function of its demand and
 * its capacity, decreasing and convex in the capacity (Assumption 1). GDRL equalises it across
 * limiters. {@link Indicators} holds the paper's spare bandwidth (14) and two more.
 */
public interface PerformanceIndicator {

  /** q_i for demand {@code lambda} and capacity {@code c} (same unit, e.g. requests per slot). */
  double q(double lambda, double c);

  /**
   * -g_i'(q) where g_i = f_i^{-1} (eq. 5): the capacity a limiter must gain to lower its indicator
   * by one unit, at demand {@code lambda} and capacity {@code c}. The gain bound (9) takes the
   * minimum of this over the limiters.
   */
  double capacityPerUnit(double lambda, double c);

  /** A short name for reports ("spare-bandwidth"). */
  String name();
}
