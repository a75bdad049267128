package dev.alm.ratelimit.throttle;

/**
 * A throttler over many keys (article 002 section 2, {@code tryAcquire(key, permits)}): every key
 * (a customer, or a client address within a customer) has its own limit state.
 *
 * @param <K> the key type
 */
public interface Throttler<K> {

  /**
   * Tries to take {@code permits} for {@code key} at {@code nowNanos}.
   *
   * @param key the throttled key, not null
   * @param permits at least 1
   * @param nowNanos the time, from a monotonic nanosecond clock
   */
  Decision tryAcquire(K key, int permits, long nowNanos);

  /** One permit for {@code key}. */
  default boolean tryAcquire(K key, long nowNanos) {
    return tryAcquire(key, 1, nowNanos).admitted();
  }
}
