package dev.alm.fastcontrol;

import java.time.Duration;

/**
 * How a {@link PlannedProbeAnswerer} measures the beacon rate b_i: over a sliding window of {@code
 * buckets} buckets of {@code bucket} each (paper 002 section 3.2).
 *
 * @param bucket one bucket, &gt; 0
 * @param buckets buckets per window, &ge; 1
 */
public record ProbeAnswererConfig(Duration bucket, int buckets) {

  /** Default bucket: one second. */
  public static final Duration DEFAULT_BUCKET = Duration.ofSeconds(1);

  /** Default window: ten buckets (ten seconds). */
  public static final int DEFAULT_BUCKETS = 10;

  public ProbeAnswererConfig {
    if (bucket == null || bucket.isNegative() || bucket.isZero()) {
      throw new IllegalArgumentException("beacon-rate bucket must be > 0, got " + bucket);
    }
    if (buckets < 1) {
      throw new IllegalArgumentException("beacon-rate buckets must be >= 1, got " + buckets);
    }
  }

  /** One-second buckets, a ten-second window. */
  public static ProbeAnswererConfig defaults() {
    return new ProbeAnswererConfig(DEFAULT_BUCKET, DEFAULT_BUCKETS);
  }
}
