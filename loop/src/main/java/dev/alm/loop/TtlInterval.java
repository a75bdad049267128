package dev.alm.loop;

import java.time.Duration;

/**
 * The control interval a CDN TTL needs. A new x reaches a proxy's load only as the resolver caches
 * that hold the old answer expire, over one TTL, and the next interval measures it: the price step
 * and the headroom guard are sized for a load that answers within about two intervals
 * (docs/controllers/step-and-delay.md), so the interval must be at least half the TTL. With a TTL
 * of 5 s and 1 s intervals the offline model's overload part on synthetic n=12 took 7-55 intervals
 * (8-9 at 2.5 s intervals); docs/pop/configuration.md, "Interval vs TTL".
 */
public final class TtlInterval {

  /** The interval when the TTL allows it. */
  public static final Duration DEFAULT = Duration.ofSeconds(1);

  private TtlInterval() {}

  /** The shortest interval a TTL of {@code ttlSeconds} allows: half of it. */
  public static Duration least(long ttlSeconds) {
    return Duration.ofMillis(500 * ttlSeconds);
  }

  /** The default interval for a TTL: {@link #DEFAULT}, or half the TTL when that is longer. */
  public static Duration defaultFor(long ttlSeconds) {
    Duration least = least(ttlSeconds);
    return least.compareTo(DEFAULT) > 0 ? least : DEFAULT;
  }

  /** Whether {@code interval} is long enough for a TTL of {@code ttlSeconds}. */
  public static boolean fits(long ttlSeconds, Duration interval) {
    return interval.compareTo(least(ttlSeconds)) >= 0;
  }

  /**
   * Why {@code interval} does not fit the TTL, for an error message: "TTL s needs a control
   * interval of at least M ms (interval &gt;= TTL / 2, ...), got I ms".
   */
  public static String problem(long ttlSeconds, Duration interval) {
    return problem(ttlSeconds, "got " + interval.toMillis() + " ms");
  }

  /**
   * The same with what was given said by the caller ({@code given}: "got 1000 ms", "pop.json has
   * intervalMs 1000").
   */
  public static String problem(long ttlSeconds, String given) {
    return ttlSeconds
        + " s needs a control interval of at least "
        + least(ttlSeconds).toMillis()
        + " ms (interval >= TTL / 2, docs/pop/configuration.md \"Interval vs TTL\"), "
        + given;
  }
}
