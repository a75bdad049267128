package dev.alm.drl.central;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import java.time.Duration;

/**
 * One customer's global limit as a central store holds it: a token bucket (article 002 section 3.4)
 * refilled at {@code limit} units/s up to {@code burst} units. The unit is whatever the caller
 * counts (requests or bytes).
 *
 * @param name the customer's name, as in the proxy's customers config
 * @param limit refill rate in units/s, &gt; 0
 * @param burst bucket capacity in units, &ge; 1
 */
public record CentralLimit(String name, double limit, double burst) {

  public CentralLimit {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a customer needs a name");
    }
    if (!(limit > 0) || limit > 1e15) {
      throw new IllegalArgumentException(
          "customer " + name + ": limit must be in (0, 1e15]: " + limit);
    }
    if (!(burst >= 1) || burst > 1e15) {
      throw new IllegalArgumentException(
          "customer " + name + ": burst must be in [1, 1e15]: " + burst);
    }
  }

  /** A limit whose burst is one second of traffic (at least one unit). */
  public static CentralLimit of(String name, double limit) {
    return new CentralLimit(name, limit, Math.max(1, limit));
  }

  /** The burst as whole tokens. */
  public long capacity() {
    return Math.max(1, (long) Math.floor(burst));
  }

  /**
   * The Bucket4j configuration: greedy refill of {@code limit} per second, expressed as a whole
   * number of tokens per period (1 per 2 s for 0.5/s), starting full.
   */
  public BucketConfiguration configuration() {
    long tokens = Math.max(1, Math.round(limit));
    long periodNanos = Math.max(1, Math.round(tokens / limit * 1e9));
    return BucketConfiguration.builder()
        .addLimit(
            Bandwidth.builder()
                .capacity(capacity())
                .refillGreedy(tokens, Duration.ofNanos(periodNanos))
                .build())
        .build();
  }
}
