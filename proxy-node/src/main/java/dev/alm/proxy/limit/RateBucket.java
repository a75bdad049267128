package dev.alm.proxy.limit;

import dev.alm.io.NanoTimeMeter;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.local.SynchronizationStrategy;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A token bucket whose refill rate follows a PoP's current share (paper 001 section 3: each limiter
 * enforces its local limit with a token bucket whose rate the allocation sets): Bucket4j's
 * lock-free local bucket, reconfigured when the rate moves by more than {@link #RELATIVE_STEP}, the
 * tokens it holds scaled with its capacity. Capacity is {@code burstSeconds} of the rate, at least
 * one token.
 */
public final class RateBucket {

  /** Rates are given to Bucket4j as tokens per this period, so that fractional rates keep. */
  private static final Duration PERIOD = Duration.ofSeconds(1000);

  /** A rate change smaller than this fraction leaves the bucket as it is. */
  static final double RELATIVE_STEP = 0.005;

  private final Bucket bucket;
  private final double burstSeconds;
  private volatile double rate;

  /**
   * @param rate the first refill rate, tokens/s, &gt;= 0
   * @param burstSeconds seconds of the rate the bucket holds
   * @param nanoClock the proxy's monotonic clock
   */
  public RateBucket(double rate, double burstSeconds, LongSupplier nanoClock) {
    this.burstSeconds = burstSeconds;
    this.rate = rate;
    this.bucket =
        Bucket.builder()
            .addLimit(configuration(rate).getBandwidths()[0])
            .withCustomTimePrecision(new NanoTimeMeter(nanoClock))
            .withSynchronizationStrategy(SynchronizationStrategy.SYNCHRONIZED)
            .build();
  }

  private BucketConfiguration configuration(double r) {
    long perPeriod = Math.max(1, Math.round(r * PERIOD.getSeconds()));
    long capacity = Math.max(1, Math.round(r * burstSeconds));
    return BucketConfiguration.builder()
        .addLimit(l -> l.capacity(capacity).refillGreedy(perPeriod, PERIOD))
        .build();
  }

  /** Sets the refill rate, tokens/s; a change within {@link #RELATIVE_STEP} is ignored. */
  public void setRate(double r) {
    double now = rate;
    double v = Math.max(0, r);
    if (Math.abs(v - now) <= RELATIVE_STEP * Math.max(now, v) && !(now == 0 && v > 0)) {
      return;
    }
    rate = v;
    bucket.replaceConfiguration(configuration(v), TokensInheritanceStrategy.PROPORTIONALLY);
  }

  /** The bucket's current capacity, tokens: the most one {@link #tryTake} can ever get. */
  public long capacity() {
    return Math.max(1, Math.round(rate * burstSeconds));
  }

  /** The current refill rate, tokens/s. */
  public double rate() {
    return rate;
  }

  /** The whole tokens the bucket holds now. */
  public long available() {
    return bucket.getAvailableTokens();
  }

  /**
   * Takes {@code n} tokens.
   *
   * @return 0 when taken, else the nanoseconds until they would be there (at least 1)
   */
  public long tryTake(long n) {
    ConsumptionProbe p = bucket.tryConsumeAndReturnRemaining(n);
    return p.isConsumed() ? 0 : Math.max(1, p.getNanosToWaitForRefill());
  }
}
