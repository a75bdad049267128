package dev.alm.fastcontrol;

/**
 * The L1/L2 split of a DNS's CDN answers with the share of L1 answers held to x over every few
 * answers, not only on average: each answer is still a random draw, but with probability x + D / W,
 * where D is the deficit of L1 answers so far (x per answer owed, 1 per L1 answer paid) and W the
 * window over which a deficit is made good.
 *
 * <p>Why: a resolver cache holds its answer for a TTL, so a PoP's L1 load is the load of the caches
 * that drew L1 in the last TTL. With independent draws (paper 004 section II) that number is
 * binomial: a PoP with 200 caches at x = 0.2 sends 40 +- 6 of them to L1, a load noise of 14% that
 * the proxies measure and the controller answers. Here the deficit is an AR(1) process, E[D'] = (1
 * - 1/W) D, whose variance is about W x (1 - x) / 2: the count of L1 answers in any run of answers
 * is within one or two of x times their number, whatever the run's length. Each draw stays random
 * (never a fixed pattern), so resolvers that ask in lock-step do not alias onto one answer, and a
 * client that sends many queries cannot predict its next answer or steer another's.
 *
 * <p>Pure and thread-safe: the caller supplies the uniform draw.
 */
public final class BalancedSplit {

  /** Answers over which a deficit is made good. */
  public static final double DEFAULT_WINDOW = 8;

  private final double window;
  private double deficit;

  /** A split with the {@link #DEFAULT_WINDOW}. */
  public BalancedSplit() {
    this(DEFAULT_WINDOW);
  }

  /**
   * @param window answers over which a deficit is made good, at least 1
   */
  public BalancedSplit(double window) {
    if (!(window >= 1) || Double.isInfinite(window)) {
      throw new IllegalArgumentException("window must be a number >= 1, got " + window);
    }
    this.window = window;
  }

  /**
   * The kind of one answer.
   *
   * @param x the share of L1 answers wanted, in [0, 1] (other values are clamped)
   * @param uniform a uniform draw in [0, 1)
   * @return true for L1
   */
  public synchronized boolean l1(double x, double uniform) {
    double share = Double.isNaN(x) ? 0 : Math.max(0, Math.min(1, x));
    double p = Math.max(0, Math.min(1, share + deficit / window));
    boolean l1 = uniform < p;
    // a debt older than one window is forgiven, so a long stretch at x = 0 or 1 (where the draw
    // cannot pay) leaves no burst behind when x moves
    deficit = Math.max(-window, Math.min(window, deficit + share - (l1 ? 1 : 0)));
    return l1;
  }

  /** The L1 answers owed (positive) or given ahead (negative). */
  public synchronized double deficit() {
    return deficit;
  }
}
