package dev.alm.ratelimit.throttle;

/**
 * Fixed (simple) window, article 002 section 3.1: one counter per window of {@code windowNanos},
 * windows aligned to multiples of {@code windowNanos} on the caller's clock; a request passes while
 * the window's count plus its permits stays within {@code limit}.
 *
 * <p>Guarantee: at most {@code limit} permits in each aligned window. An interval of the same
 * length that straddles a boundary can see up to {@code 2 limit} (the article's "critical
 * mutation"), and never more, since it meets at most two windows.
 */
public final class FixedWindow implements Limiter {

  /**
   * @param limit permits per window, at least 1
   * @param windowNanos window length in nanoseconds, at least 1
   */
  public record Config(long limit, long windowNanos) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (limit < 1) {
        throw new IllegalArgumentException("limit must be >= 1, got " + limit);
      }
      if (windowNanos < 1) {
        throw new IllegalArgumentException("windowNanos must be >= 1, got " + windowNanos);
      }
    }

    @Override
    public FixedWindow newLimiter() {
      return new FixedWindow(this);
    }
  }

  private final Config config;
  private long window = Long.MIN_VALUE;
  private long count;

  /** A limiter with an empty window. */
  public FixedWindow(Config config) {
    this.config = config;
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    long w = Math.floorDiv(nowNanos, config.windowNanos);
    if (w > window) { // a clock read that went backwards counts in the current window
      window = w;
      count = 0;
    }
    if (count + permits > config.limit) {
      return Decision.REJECT;
    }
    count += permits;
    return Decision.ADMIT;
  }
}
