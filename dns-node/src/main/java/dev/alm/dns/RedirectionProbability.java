package dev.alm.dns;

import java.util.concurrent.atomic.AtomicLong;

/**
 * x_i, the probability that this PoP's DNS answers a CDN name with the anycast address L1 (paper
 * 004 section II). Read lock-free on every query; set at any time by the controller or the admin
 * API. Only finite values in [0, 1] are accepted, so a faulty controller cannot publish NaN.
 */
public final class RedirectionProbability {
  private final AtomicLong bits;

  public RedirectionProbability(double initial) {
    bits = new AtomicLong(Double.doubleToRawLongBits(checked(initial)));
  }

  /** The current x. */
  public double get() {
    return Double.longBitsToDouble(bits.get());
  }

  /**
   * Publishes a new x.
   *
   * @throws IllegalArgumentException if x is NaN or outside [0, 1]
   */
  public void set(double x) {
    bits.set(Double.doubleToRawLongBits(checked(x)));
  }

  private static double checked(double x) {
    if (!(x >= 0.0 && x <= 1.0)) {
      throw new IllegalArgumentException("x must be in [0, 1], got " + x);
    }
    return x;
  }
}
