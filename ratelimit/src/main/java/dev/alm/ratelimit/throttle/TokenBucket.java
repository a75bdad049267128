package dev.alm.ratelimit.throttle;

/**
 * Token bucket, article 002 section 3.4: tokens accrue at {@code rate} per second up to {@code
 * burst}; a request passes when its permits are available, and takes them. The bucket starts full.
 *
 * <p>Kept as one {@code long} per key, the theoretical arrival time of the generic cell rate
 * algorithm (GCRA, ITU-T I.371), which is the token bucket written in time units: the bucket holds
 * {@code (now + burst T - tat) / T} tokens with {@code T = 1/rate}. Guarantee: over any interval of
 * length {@code t} at most {@code burst + rate t} permits pass (each permit's cost {@code T} is
 * rounded up to whole nanoseconds, so the effective rate is never above the configured one).
 *
 * <p>Written here rather than taken from Bucket4j for the per-key heap: this object is 24 bytes,
 * while a Bucket4j {@code LocalBucket} with its state and configuration is several times that
 * (measured by {@code alm drl bench --part heap}); {@link Bucket4jTokenBucket} is the Bucket4j
 * version with the same semantics for callers with few keys.
 */
public final class TokenBucket implements Limiter {

  /**
   * @param ratePerSecond refill rate in permits per second, positive, at most 1e9
   * @param burst bucket capacity in permits, at least 1
   */
  public record Config(double ratePerSecond, long burst) implements LimiterConfig {
    /** Validates. */
    public Config {
      if (!(ratePerSecond > 0) || ratePerSecond > 1e9 || Double.isNaN(ratePerSecond)) {
        throw new IllegalArgumentException(
            "ratePerSecond must be in (0, 1e9], got " + ratePerSecond);
      }
      if (burst < 1) {
        throw new IllegalArgumentException("burst must be >= 1, got " + burst);
      }
    }

    /** The emission interval T = 1/rate in nanoseconds (not rounded). */
    public double nanosPerPermit() {
      return 1e9 / ratePerSecond;
    }

    @Override
    public TokenBucket newLimiter() {
      return new TokenBucket(this);
    }
  }

  private final Config config;
  private final long tolerance;
  private long tat = Long.MIN_VALUE;

  /** A full bucket. */
  public TokenBucket(Config config) {
    this.config = config;
    this.tolerance = Gcra.cost(config.burst, config.nanosPerPermit());
  }

  @Override
  public synchronized Decision tryAcquire(int permits, long nowNanos) {
    Limiter.checkPermits(permits);
    long start = Math.max(tat, nowNanos);
    long next = start + Gcra.cost(permits, config.nanosPerPermit());
    if (next - nowNanos > tolerance) {
      return Decision.REJECT;
    }
    tat = next;
    return Decision.ADMIT;
  }
}
