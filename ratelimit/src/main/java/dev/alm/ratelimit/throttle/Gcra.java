package dev.alm.ratelimit.throttle;

/** Integer arithmetic shared by the token and leaky buckets (the GCRA of ITU-T I.371). */
final class Gcra {

  private Gcra() {}

  /** Nanoseconds that {@code permits} cost at {@code nanosPerPermit}, rounded up, at least 1. */
  static long cost(long permits, double nanosPerPermit) {
    double c = Math.ceil(permits * nanosPerPermit);
    if (c >= Long.MAX_VALUE / 4) {
      throw new IllegalArgumentException("permits x 1/rate overflows: " + permits);
    }
    return Math.max(1, (long) c);
  }
}
