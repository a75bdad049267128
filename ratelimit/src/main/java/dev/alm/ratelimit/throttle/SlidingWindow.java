package dev.alm.ratelimit.throttle;

import java.util.Arrays;

/**
 * Sliding window with {@code k} sub-window counters, article 002 section 3.2 (Sentinel's
 * LeapArray): the window of {@code windowNanos} is split into {@code k} sub-windows of {@code
 * windowNanos / k}; a request passes while the counts of the current sub-window and the {@code k -
 * 1} before it, plus its permits, stay within {@code limit}.
 *
 * <p>Guarantee: every interval of length {@code windowNanos - windowNanos / k} (any start, not only
 * aligned) holds at most {@code limit} permits: the window's uncertainty is one sub-window, {@code
 * 1/k} of the window, where the fixed window's is the whole window. Over an interval of the full
 * length the excess above {@code limit} is at most what the one sub-window holding the interval's
 * start admitted; a burst packed into one sub-window can still make that {@code limit}, so the
 * worst case over a full-length interval stays {@code 2 limit} (see docs/throttlers.md).
 */
public final class SlidingWindow implements Limiter {

  /**
   * @param limit permits per window, at least 1 and at most {@link Integer#MAX_VALUE}
   * @param windowNanos window length in nanoseconds, a positive multiple of {@code k}
   * @param k number of sub-windows, 1 to 1024
   */
  public record Config(long limit, long windowNanos, int k) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (limit < 1 || limit > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("limit must be in [1, 2^31-1], got " + limit);
      }
      if (k < 1 || k > 1024) {
        throw new IllegalArgumentException("k must be in [1, 1024], got " + k);
      }
      if (windowNanos < k || windowNanos % k != 0) {
        throw new IllegalArgumentException(
            "windowNanos must be a positive multiple of k=" + k + ", got " + windowNanos);
      }
    }

    /** Sub-window length in nanoseconds. */
    public long subWindowNanos() {
      return windowNanos / k;
    }

    @Override
    public SlidingWindow newLimiter() {
      return new SlidingWindow(this);
    }
  }

  private final Config config;
  private final int[] counts;
  private long current = Long.MIN_VALUE;
  private long sum;

  /** A limiter with empty sub-windows. */
  public SlidingWindow(Config config) {
    this.config = config;
    this.counts = new int[config.k];
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    long s = Math.floorDiv(nowNanos, config.subWindowNanos());
    if (s > current) {
      slideTo(s);
    } else {
      s = current; // a clock read that went backwards counts in the current sub-window
    }
    if (sum + permits > config.limit) {
      return Decision.REJECT;
    }
    counts[(int) Math.floorMod(s, (long) config.k)] += permits;
    sum += permits;
    return Decision.ADMIT;
  }

  private void slideTo(long s) {
    int k = config.k;
    if (current == Long.MIN_VALUE || s - current >= k) {
      Arrays.fill(counts, 0);
      sum = 0;
    } else {
      for (long i = current + 1; i <= s; i++) {
        int slot = (int) Math.floorMod(i, (long) k);
        sum -= counts[slot];
        counts[slot] = 0;
      }
    }
    current = s;
  }
}
