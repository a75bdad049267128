package dev.alm.ratelimit.throttle;

/**
 * Leaky bucket as a shaper, article 002 section 3.3 ("the input rate can vary, but the output rate
 * remains constant; it is usually used with a FIFO queue"): an admitted request joins a queue of at
 * most {@code capacity} permits that drains at {@code rate} per second; the {@link Decision} says
 * how long to hold it ({@link Decision#delayNanos()}) before forwarding. A request that would
 * overflow the queue is rejected. This is nginx's {@code limit_req} with {@code burst} and without
 * {@code nodelay}.
 *
 * <p>Guarantee: forwarded at their release times, the permits of admitted requests never exceed the
 * rate: over any interval of length {@code t}, at most {@code rate t} plus the permits of one
 * request leave. Times are whole nanoseconds, each cost rounded up, so the queue can hold up to one
 * nanosecond's drain (rate / 1e9 permits) more than {@code capacity}. (The article's counter form,
 * which rejects instead of queueing, admits like a token bucket of the same capacity; use {@link
 * TokenBucket} for that.)
 */
public final class LeakyBucket implements Limiter {

  /**
   * @param ratePerSecond drain rate in permits per second, positive, at most 1e9
   * @param capacity queue size in permits, at least 1
   */
  public record Config(double ratePerSecond, long capacity) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (!(ratePerSecond > 0) || ratePerSecond > 1e9 || Double.isNaN(ratePerSecond)) {
        throw new IllegalArgumentException(
            "ratePerSecond must be in (0, 1e9], got " + ratePerSecond);
      }
      if (capacity < 1) {
        throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
      }
    }

    /** The drain interval 1/rate in nanoseconds (not rounded). */
    public double nanosPerPermit() {
      return 1e9 / ratePerSecond;
    }

    @Override
    public LeakyBucket newLimiter() {
      return new LeakyBucket(this);
    }
  }

  private final Config config;
  private final long queueNanos;
  private long drainedAt = Long.MIN_VALUE;

  /** An empty bucket. */
  public LeakyBucket(Config config) {
    this.config = config;
    this.queueNanos = Gcra.cost(config.capacity, config.nanosPerPermit());
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    long release = Math.max(drainedAt, nowNanos);
    long next = release + Gcra.cost(permits, config.nanosPerPermit());
    if (next - nowNanos > queueNanos) {
      return Decision.REJECT;
    }
    drainedAt = next;
    return Decision.admitAfter(release - nowNanos);
  }
}
