package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class SlidingLogTest {

  static final long W = 1_000_000_000L;

  /**
   * Exact: each decision equals the definition, "admit iff the permits admitted in (t - W, t] plus
   * these stay within the limit", evaluated over the full history.
   */
  @Property(tries = 300)
  void decidesExactlyAsTheDefinition(
      @ForAll @IntRange(min = 1, max = 20) int limit,
      @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 100_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits,
      @ForAll @LongRange(min = -5_000_000_000L, max = 5_000_000_000L) long start) {
    SlidingLog log = new SlidingLog.Config(limit, W).newLimiter();
    List<long[]> history = new ArrayList<>();
    long t = start;
    for (int i = 0; i < gaps.size(); i++) {
      t += gaps.get(i);
      int p = permits.get(i % permits.size());
      long inWindow = 0;
      for (long[] h : history) {
        if (h[0] > t - W) {
          inWindow += h[1];
        }
      }
      boolean expected = inWindow + p <= limit;
      assertEquals(expected, log.tryAcquire(p, t).admitted(), "request " + i + " at " + t);
      if (expected) {
        history.add(new long[] {t, p});
      }
    }
  }
}
