package dev.alm.ratelimit.throttle;

/**
 * Sliding log, article 002 section 3.5: the times of the admitted permits of the last {@code
 * windowNanos} kept in a ring of {@code limit} slots; a request passes when the permits logged in
 * {@code (now - windowNanos, now]} plus its own stay within {@code limit}.
 *
 * <p>Guarantee, exact: every interval of length {@code windowNanos}, at any start, holds at most
 * {@code limit} permits, and a request is rejected only when admitting it would break that. The
 * price is memory: {@code 8 limit} bytes per key, so keep it for small limits.
 */
public final class SlidingLog implements Limiter {

  /**
   * @param limit permits per window, 1 to 1,000,000 (a slot of 8 bytes per permit)
   * @param windowNanos window length in nanoseconds, at least 1
   */
  public record Config(int limit, long windowNanos) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (limit < 1 || limit > 1_000_000) {
        throw new IllegalArgumentException("limit must be in [1, 1000000], got " + limit);
      }
      if (windowNanos < 1) {
        throw new IllegalArgumentException("windowNanos must be >= 1, got " + windowNanos);
      }
    }

    @Override
    public SlidingLog newLimiter() {
      return new SlidingLog(this);
    }
  }

  private final Config config;
  private final long[] log;
  private int head;
  private int size;

  /** An empty log. */
  public SlidingLog(Config config) {
    this.config = config;
    this.log = new long[config.limit];
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    long limit = config.limit;
    while (size > 0 && log[head] <= nowNanos - config.windowNanos) {
      head = head + 1 == log.length ? 0 : head + 1;
      size--;
    }
    if (size + (long) permits > limit) {
      return Decision.REJECT;
    }
    // A clock read that went backwards is logged at the newest logged time, keeping the ring
    // sorted.
    long at = size == 0 ? nowNanos : Math.max(nowNanos, log[(head + size - 1) % log.length]);
    for (int i = 0; i < permits; i++) {
      log[(head + size) % log.length] = at;
      size++;
    }
    return Decision.ADMIT;
  }
}
