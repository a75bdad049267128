package dev.alm.fastcontrol;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.alm.io.NanoTimeMeter;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Bounds what one client may have counted (docs/fastcontrol.md): the probes of a client address at
 * a proxy, the price echoes of a resolver prefix at a DNS. A Bucket4j token bucket per client
 * (sustained {@code rate}/s, {@code burst} at once) in a Caffeine table of at most {@value
 * #MAX_CLIENTS} clients, each forgotten a minute after its last use. A client evicted from a full
 * table starts again with a full bucket, so the table bounds memory, not the rate of a client that
 * keeps going. Thread-safe and lock-free on the hot path.
 */
public final class ClientAllowance {

  /** The most client addresses tracked at once. */
  public static final int MAX_CLIENTS = 65_536;

  /** How long an address is remembered after its last probe. */
  public static final Duration FORGET_AFTER = Duration.ofMinutes(1);

  /** Bucket4j refills per this period, so fractional rates keep their precision. */
  private static final Duration PERIOD = Duration.ofSeconds(1000);

  private final Cache<String, Bucket> buckets;
  private final long perPeriod;
  private final long burst;
  private final TimeMeter meter;

  /**
   * @param rate sustained uses per second
   * @param burst uses at once
   * @param nanoClock a monotonic clock, ns
   */
  public ClientAllowance(double rate, double burst, LongSupplier nanoClock) {
    this.perPeriod = Math.max(1, Math.round(rate * PERIOD.getSeconds()));
    this.burst = Math.max(1, Math.round(burst));
    this.meter = new NanoTimeMeter(nanoClock);
    Ticker ticker = nanoClock::getAsLong;
    this.buckets =
        Caffeine.newBuilder()
            .maximumSize(MAX_CLIENTS)
            .expireAfterAccess(FORGET_AFTER)
            .ticker(ticker)
            .executor(Runnable::run)
            .build();
  }

  /** Takes one use from {@code client}'s allowance; false when it is used up. */
  public boolean tryTake(String client) {
    return buckets.get(client, k -> newBucket()).tryConsume(1);
  }

  private Bucket newBucket() {
    return Bucket.builder()
        .addLimit(l -> l.capacity(burst).refillGreedy(perPeriod, PERIOD))
        .withCustomTimePrecision(meter)
        .build();
  }
}
