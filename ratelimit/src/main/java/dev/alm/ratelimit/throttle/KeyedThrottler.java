package dev.alm.ratelimit.throttle;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Per-key throttling (article 002 section 2, "maintain a separate throttler instance for each key")
 * over a bounded, expiring Caffeine table: at most {@code maximumKeys} keys (least useful evicted
 * first, Caffeine's W-TinyLFU) and a key unused for {@code expireAfterAccessNanos} is dropped, so a
 * node can hold millions of keys in bounded memory. An evicted or expired key starts again from its
 * limiter's initial state (an empty window, a full bucket), which is the price of the bound: choose
 * {@code expireAfterAccessNanos} at least one window or one bucket refill time.
 *
 * <p>Time stays an argument: the table's {@link Ticker} by default returns the latest {@code
 * nowNanos} passed to {@link #tryAcquire} (advanced at most once a millisecond, so threads rarely
 * write it), and evictions run on the calling thread, not on a pool.
 *
 * @param <K> the key type (with {@code equals} and {@code hashCode})
 */
public final class KeyedThrottler<K> implements Throttler<K> {

  /**
   * @param limiter the per-key limiter's configuration
   * @param maximumKeys bound on the keys held, at least 1
   * @param expireAfterAccessNanos a key unused this long is dropped, at least 1
   */
  public record Config(LimiterConfig limiter, long maximumKeys, long expireAfterAccessNanos) {
    /** Default bound on keys: one million. */
    public static final long DEFAULT_MAXIMUM_KEYS = 1_000_000;

    /** Default expiry: ten minutes unused. */
    public static final long DEFAULT_EXPIRE_AFTER_ACCESS_NANOS = 600_000_000_000L;

    /** Validates. */
    public Config {
      Objects.requireNonNull(limiter, "limiter");
      if (maximumKeys < 1) {
        throw new IllegalArgumentException("maximumKeys must be >= 1, got " + maximumKeys);
      }
      if (expireAfterAccessNanos < 1) {
        throw new IllegalArgumentException(
            "expireAfterAccessNanos must be >= 1, got " + expireAfterAccessNanos);
      }
    }

    /** The defaults for the bound and the expiry. */
    public static Config of(LimiterConfig limiter) {
      return new Config(limiter, DEFAULT_MAXIMUM_KEYS, DEFAULT_EXPIRE_AFTER_ACCESS_NANOS);
    }
  }

  /** A ticker that returns the latest time passed in. */
  private static final class ArgumentTicker implements Ticker {
    private static final long GRANULARITY_NANOS = 1_000_000;
    private volatile long now = Long.MIN_VALUE;

    void advance(long nowNanos) {
      if (nowNanos - now > GRANULARITY_NANOS || now == Long.MIN_VALUE) {
        now = nowNanos;
      }
    }

    @Override
    public long read() {
      long n = now;
      return n == Long.MIN_VALUE ? 0 : n;
    }
  }

  private final Cache<K, Limiter> table;
  private final Function<K, Limiter> create;
  private final ArgumentTicker argumentTicker;

  /** A table whose ticker is the latest {@code nowNanos} passed to {@link #tryAcquire}. */
  public KeyedThrottler(Config config) {
    this(config, null);
  }

  /**
   * A table with its own ticker (tests may pass a ticker they move; {@code null} for the argument
   * ticker).
   */
  public KeyedThrottler(Config config, Ticker ticker) {
    this.argumentTicker = ticker == null ? new ArgumentTicker() : null;
    LimiterConfig limiter = config.limiter();
    this.create = k -> limiter.newLimiter();
    this.table =
        Caffeine.newBuilder()
            .maximumSize(config.maximumKeys())
            .expireAfterAccess(Duration.ofNanos(config.expireAfterAccessNanos()))
            .ticker(ticker == null ? argumentTicker : ticker)
            .executor(Runnable::run)
            .build();
  }

  @Override
  public Decision tryAcquire(K key, int permits, long nowNanos) {
    if (argumentTicker != null) {
      argumentTicker.advance(nowNanos);
    }
    return table.get(key, create).tryAcquire(permits, nowNanos);
  }

  /** Keys held now (Caffeine's estimate; exact after {@link #cleanUp()}). */
  public long keys() {
    return table.estimatedSize();
  }

  /** Runs pending evictions and expiries now, on the calling thread. */
  public void cleanUp() {
    table.cleanUp();
  }

  /** The limiter of {@code key} if the table holds one, else null (for inspection and tests). */
  public Limiter peek(K key) {
    return table.getIfPresent(key);
  }
}
