package dev.alm.ratelimit.throttle;

/**
 * The throttler of one key (article 002 section 2, {@code tryAcquire(permits)}): decides whether
 * {@code permits} may pass at time {@code nowNanos}. Implementations are thread-safe (each call
 * holds the limiter's own monitor) and read no clock: time is the argument, from any monotonic
 * nanosecond source ({@link System#nanoTime()} live, a counter in tests and simulations).
 */
public interface Limiter {

  /**
   * Tries to take {@code permits} at {@code nowNanos}. A rejected call changes no state.
   *
   * @param permits at least 1
   * @param nowNanos the time, from a monotonic nanosecond clock
   */
  Decision tryAcquire(int permits, long nowNanos);

  /** One permit. */
  default boolean tryAcquire(long nowNanos) {
    return tryAcquire(1, nowNanos).admitted();
  }

  /** Throws when {@code permits} is below 1. */
  static void checkPermits(int permits) {
    if (permits < 1) {
      throw new IllegalArgumentException("permits must be >= 1, got " + permits);
    }
  }
}
