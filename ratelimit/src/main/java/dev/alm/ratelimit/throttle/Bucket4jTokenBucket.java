package dev.alm.ratelimit.throttle;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.local.SynchronizationStrategy;
import java.time.Duration;

/**
 * Token bucket (article 002 section 3.4) on Bucket4j's {@code LocalBucket}: greedy refill of {@code
 * ratePerSecond} permits per second, capacity {@code burst}, starting full; the same semantics as
 * {@link TokenBucket}. The caller's {@code nowNanos} reaches Bucket4j through a {@link TimeMeter}
 * that returns the time of the call in progress, so time stays an argument.
 *
 * <p>Use it where there are few keys and Bucket4j's features (several bandwidths, listeners) are
 * wanted; for millions of keys {@link TokenBucket} keeps one {@code long} per key.
 */
public final class Bucket4jTokenBucket implements Limiter {

  /**
   * @param ratePerSecond refill rate in whole permits per second, at least 1
   * @param burst capacity in permits, at least 1
   */
  public record Config(long ratePerSecond, long burst) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (ratePerSecond < 1) {
        throw new IllegalArgumentException("ratePerSecond must be >= 1, got " + ratePerSecond);
      }
      if (burst < 1) {
        throw new IllegalArgumentException("burst must be >= 1, got " + burst);
      }
    }

    @Override
    public Bucket4jTokenBucket newLimiter() {
      return new Bucket4jTokenBucket(this);
    }
  }

  /** The time of the call in progress; read by Bucket4j under this limiter's monitor. */
  private static final class ArgumentTime implements TimeMeter {
    long now;

    @Override
    public long currentTimeNanos() {
      return now;
    }

    @Override
    public boolean isWallClockBased() {
      return false;
    }
  }

  private final ArgumentTime time = new ArgumentTime();
  private final Config config;
  private Bucket bucket;

  /** A full bucket; Bucket4j's bucket is built at the first call, whose time is its time zero. */
  public Bucket4jTokenBucket(Config config) {
    this.config = config;
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    if (bucket == null) {
      time.now = nowNanos;
      bucket =
          Bucket.builder()
              .addLimit(
                  limit ->
                      limit
                          .capacity(config.burst)
                          .refillGreedy(config.ratePerSecond, Duration.ofSeconds(1)))
              .withCustomTimePrecision(time)
              .withSynchronizationStrategy(SynchronizationStrategy.NONE)
              .build();
    }
    time.now = Math.max(time.now, nowNanos); // Bucket4j expects a clock that never goes back
    return bucket.tryConsume(permits) ? Decision.ADMIT : Decision.REJECT;
  }
}
