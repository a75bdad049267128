package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class LeakyBucketTest {

  @Test
  void queuesABurstAndReleasesItAtTheRate() {
    LeakyBucket b = new LeakyBucket.Config(10, 5).newLimiter(); // 10/s, queue of 5
    long[] delays = new long[5];
    for (int i = 0; i < 5; i++) {
      Decision d = b.tryAcquire(1, 0);
      assertTrue(d.admitted());
      delays[i] = d.delayNanos();
    }
    assertFalse(b.tryAcquire(1, 0).admitted(), "queue full");
    for (int i = 0; i < 5; i++) {
      assertEquals(i * 100_000_000L, delays[i]);
    }
    assertTrue(b.tryAcquire(1, 100_000_000L).admitted(), "one slot drained after 100 ms");
  }

  @Property(tries = 300)
  void outputNeverExceedsTheRate(
      @ForAll @DoubleRange(min = 0.5, max = 1000) double rate,
      @ForAll @LongRange(min = 1, max = 30) long capacity,
      @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 50_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits) {
    LeakyBucket.Config c = new LeakyBucket.Config(rate, capacity);
    List<Replay.Admitted> a =
        Replay.run(c.newLimiter(), 0, gaps, permits).stream()
            .sorted(Comparator.comparingLong(Replay.Admitted::release))
            .toList();
    // Costs are whole nanoseconds rounded up, so the queue may hold one nanosecond's drain more.
    double oneNanosecond = rate / 1e9;
    for (Replay.Admitted x : a) {
      assertTrue(
          (x.release() - x.at()) * rate / 1e9 + x.permits() <= capacity + oneNanosecond + 1e-9,
          "queue within capacity");
    }
    // Permits released in [r_i, r_j] are at most rate x (r_j - r_i) plus request j's own.
    for (int i = 0; i < a.size(); i++) {
      long sum = 0;
      for (int j = i; j < a.size(); j++) {
        sum += a.get(j).permits();
        double allowed = rate * (a.get(j).release() - a.get(i).release()) / 1e9;
        assertTrue(
            sum - a.get(j).permits() <= allowed + 1e-6, sum + " released, allowed " + allowed);
      }
    }
  }
}
