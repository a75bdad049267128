package dev.alm.fastcontrol;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * The users' requests behind a DNS server's CDN answers, measured from its resolvers' re-query gaps
 * (docs/controllers/live-loop.md, "Demand behind the answers").
 *
 * <p>A resolver that caches an answer for its TTL tau asks again at the first request of its users
 * after the answer expired. With its users' requests a Poisson process of rate r, the gap between
 * two of its queries is tau plus an exponential wait of mean 1/r, and one answer serves 1 + r tau
 * requests: the one that asked and those the cache answered. So each resolver's rate is measured
 * from the excess of its gaps over the TTL, and every answer counts 1 + tau r-hat requests of its
 * resolver, whatever the number of resolvers, their rates or a flash crowd: A_i follows the
 * requests, where the answers alone saturate at one per resolver per TTL.
 *
 * <p>Per resolver, the excesses of its last {@link #WINDOW} gaps are kept; with n of them summing
 * to E, r-hat = (n - 1) / E, the unbiased estimate of an exponential rate (E is a Gamma(n, r) sum,
 * and E[(n - 1) / E] = r), so the count carries no bias from the inverse. A resolver seen for the
 * first time, or with fewer than two gaps, counts the mean rate of the others. A resolver that asks
 * again before the TTL (several caches behind one address, ECS, a client without a cache) counts 1
 * request per answer: its demand is not visible in its gaps. Resolvers are kept in a bounded
 * Caffeine table, the least useful forgotten first (counted). Pure: time is an input.
 */
public final class RequeryDemand {

  /** The gaps per resolver its rate is measured over (about 10 s at TTL 2 s). */
  public static final int WINDOW = 4;

  /** Resolvers remembered at most. */
  public static final int DEFAULT_CAPACITY = 65_536;

  /** Gaps longer than this are not a wait for one cache's next request but a new start. */
  public static final long STALE_NANOS = 600_000_000_000L;

  private final Cache<Long, Resolver> table;
  private final DoubleAdder requests = new DoubleAdder();
  private final LongAdder answers = new LongAdder();
  private final LongAdder rated = new LongAdder();
  private final LongAdder early = new LongAdder();
  private final LongAdder forgotten = new LongAdder();
  private volatile double meanRate = 0;

  /** A table of {@link #DEFAULT_CAPACITY} resolvers. */
  public RequeryDemand() {
    this(DEFAULT_CAPACITY);
  }

  /**
   * @param capacity resolvers remembered at most (&gt;= 1)
   */
  public RequeryDemand(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
    }
    this.table =
        Caffeine.newBuilder()
            .maximumSize(capacity)
            .executor(Runnable::run)
            .removalListener(
                (Long k, Resolver r, RemovalCause cause) -> {
                  if (cause == RemovalCause.SIZE) {
                    forgotten.increment();
                  }
                })
            .build();
  }

  /**
   * A CDN answer sent to a resolver.
   *
   * @param resolver the resolver's key (its address, {@link #key(byte[])})
   * @param nowNanos a monotonic clock reading
   * @param ttlNanos the TTL of the answer, in nanoseconds
   * @return the requests this answer is counted for
   */
  public double answered(long resolver, long nowNanos, long ttlNanos) {
    long ttl = Math.max(0, ttlNanos);
    // no lambda or holder per answer on the DNS path; two threads meeting a new resolver at once
    // both start it, and one of the two entries stays
    Resolver entry = table.getIfPresent(resolver);
    double rate;
    if (entry == null) {
      table.put(resolver, new Resolver(nowNanos, ttl));
      rate = Double.NaN;
    } else {
      synchronized (entry) {
        rate = entry.answered(nowNanos, ttl);
      }
    }
    answers.increment();
    if (rate < 0) {
      early.increment();
      return 1;
    }
    double r = rate;
    if (Double.isNaN(rate)) {
      r = meanRate;
      if (!(r > 0)) {
        return 1; // nothing measured yet
      }
    } else {
      meanRate = 0.99 * meanRate + 0.01 * rate; // racy by design: a running mean only
    }
    double count = 1 + ttlNanos / 1e9 * r;
    rated.increment();
    requests.add(count);
    return count;
  }

  /** The requests counted behind the rated answers since start. */
  public double requests() {
    return requests.sum();
  }

  /** Answers since start. */
  public long answers() {
    return answers.sum();
  }

  /**
   * Answers since start whose resolver's rate was measured (its own, or the others' mean for a
   * resolver new to the table): the answers behind {@link #requests()}.
   */
  public long rated() {
    return rated.sum();
  }

  /** What the table has counted since start. */
  public Totals totals() {
    return new Totals(answers(), rated(), requests());
  }

  /**
   * Cumulative totals of a {@link RequeryDemand}.
   *
   * @param answers CDN answers
   * @param rated answers whose resolver's rate was measured
   * @param requests the requests counted behind the rated answers
   */
  public record Totals(long answers, long rated, double requests) {
    public static final Totals NONE = new Totals(0, 0, 0);
  }

  /** Answers to a resolver that asked again before its TTL (counted as one request each). */
  public long early() {
    return early.sum();
  }

  /** Resolvers forgotten to keep the table bounded. */
  public long forgotten() {
    return forgotten.sum();
  }

  /** A resolver's key from its address bytes (IPv4: the address; IPv6: both halves folded). */
  public static long key(byte[] address) {
    long k = 0;
    for (int i = 0; i < address.length; i++) {
      k = k * 0x100000001b3L ^ (address[i] & 0xff);
    }
    return address.length == 4 ? k & 0xffffffffL : k;
  }

  private static final class Resolver {
    long last;
    long ttl;
    final double[] window = new double[WINDOW];
    int gaps; // kept, at most WINDOW
    int next; // the slot the next gap goes to

    Resolver(long last, long ttl) {
      this.last = last;
      this.ttl = ttl;
    }

    /** The resolver's measured rate, NaN when not known yet, -1 when it asked before its TTL. */
    double answered(long now, long nextTtl) {
      long gap = now - last;
      long excess = gap - ttl;
      last = now;
      ttl = nextTtl;
      if (gap > STALE_NANOS) {
        gaps = 0;
        next = 0;
        return Double.NaN;
      }
      if (excess <= 0) {
        return -1;
      }
      window[next] = excess / 1e9;
      next = (next + 1) % WINDOW;
      gaps = Math.min(gaps + 1, WINDOW);
      double sum = 0;
      for (int i = 0; i < gaps; i++) {
        sum += window[i];
      }
      return gaps >= 2 && sum > 0 ? (gaps - 1) / sum : Double.NaN;
    }
  }
}
