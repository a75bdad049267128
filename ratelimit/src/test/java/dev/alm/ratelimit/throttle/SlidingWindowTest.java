package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SlidingWindowTest {

  static final long W = 1_200_000_000L; // divisible by 1..10, 12

  @Test
  void boundaryBurstThatDoublesAFixedWindowIsHeldToTheLimit() {
    SlidingWindow s = new SlidingWindow.Config(100, W, 10).newLimiter();
    int admitted = 0;
    for (int i = 0; i < 150; i++) {
      admitted += s.tryAcquire(W - 1_000) ? 1 : 0;
    }
    for (int i = 0; i < 150; i++) {
      admitted += s.tryAcquire(W) ? 1 : 0;
    }
    assertEquals(100, admitted);
    // One full window after the first burst's sub-window, the limit is free again.
    assertTrue(s.tryAcquire(W - 1_000 + W));
  }

  @Property(tries = 300)
  void everyIntervalOfWindowLessOneSubWindowHoldsTheLimit(
      @ForAll @IntRange(min = 1, max = 20) int limit,
      @ForAll("k") int k,
      @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 200_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits,
      @ForAll @LongRange(min = -5_000_000_000L, max = 5_000_000_000L) long start) {
    SlidingWindow.Config c = new SlidingWindow.Config(limit, W, k);
    List<Replay.Admitted> a = Replay.run(c.newLimiter(), start, gaps, permits);
    long guarded = W - c.subWindowNanos();
    assertTrue(Replay.maxInAnyInterval(a, guarded) <= limit, "interval of (1 - 1/k) W");
    // Over a full window the excess is at most what the sub-window of the interval's start took.
    for (int i = 0; i < a.size(); i++) {
      long from = a.get(i).at();
      long sub = Math.floorDiv(from, c.subWindowNanos());
      long inFirstSub = 0;
      long inWindow = 0;
      for (int j = i; j < a.size() && a.get(j).at() < from + W; j++) {
        inWindow += a.get(j).permits();
        if (Math.floorDiv(a.get(j).at(), c.subWindowNanos()) == sub) {
          inFirstSub += a.get(j).permits();
        }
      }
      assertTrue(inWindow <= limit + inFirstSub, inWindow + " > " + limit + " + " + inFirstSub);
    }
  }

  @Property(tries = 200)
  void oneSubWindowIsAFixedWindow(
      @ForAll @IntRange(min = 1, max = 20) int limit,
      @ForAll @Size(min = 1, max = 200) List<@LongRange(min = 0, max = 300_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits) {
    assertEquals(
        Replay.run(new FixedWindow.Config(limit, W).newLimiter(), 0, gaps, permits),
        Replay.run(new SlidingWindow.Config(limit, W, 1).newLimiter(), 0, gaps, permits));
  }

  @Provide
  Arbitrary<Integer> k() {
    return Arbitraries.of(1, 2, 3, 4, 5, 6, 8, 10, 12);
  }
}
