package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class FixedWindowTest {

  static final long W = 1_000_000_000L;

  @Test
  void admitsTwiceItsLimitAcrossABoundary() {
    FixedWindow f = new FixedWindow.Config(100, W).newLimiter();
    int admitted = 0;
    for (int i = 0; i < 150; i++) {
      admitted += f.tryAcquire(W - 1_000) ? 1 : 0; // 1 microsecond before the boundary
    }
    for (int i = 0; i < 150; i++) {
      admitted += f.tryAcquire(W) ? 1 : 0; // at the boundary
    }
    assertEquals(200, admitted, "2 x limit within 1 microsecond");
  }

  @Test
  void articleCriticalMutation() {
    // Article 002 section 3.1: 100 per minute, a few visits at 0:00, then 10/s from 0:50.
    long minute = 60_000_000_000L;
    List<Replay.Admitted> fixed =
        Replay.run(new FixedWindow.Config(100, minute).newLimiter(), 0, articleGaps(), List.of(1));
    assertTrue(Replay.maxInAnyInterval(fixed, minute) >= 195, "about 2 x 100 in a minute");
    List<Replay.Admitted> sliding =
        Replay.run(
            new SlidingWindow.Config(100, minute, 6).newLimiter(), 0, articleGaps(), List.of(1));
    assertTrue(Replay.maxInAnyInterval(sliding, minute) <= 100, "6 sub-windows hold the limit");
  }

  /** 5 visits at 0:00, then one every 100 ms from 0:50 to 2:00. */
  static List<Long> articleGaps() {
    List<Long> gaps = new ArrayList<>(Collections.nCopies(5, 0L));
    gaps.add(50_000_000_000L);
    gaps.addAll(Collections.nCopies(700, 100_000_000L));
    return gaps;
  }

  @Property(tries = 200)
  void neverMoreThanLimitPerAlignedWindowNorTwiceInAnyWindow(
      @ForAll @IntRange(min = 1, max = 20) int limit,
      @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 200_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits,
      @ForAll @LongRange(min = -5_000_000_000L, max = 5_000_000_000L) long start) {
    List<Replay.Admitted> a =
        Replay.run(new FixedWindow.Config(limit, W).newLimiter(), start, gaps, permits);
    Map<Long, Long> perWindow = new HashMap<>();
    for (Replay.Admitted x : a) {
      perWindow.merge(Math.floorDiv(x.at(), W), (long) x.permits(), Long::sum);
    }
    perWindow.values().forEach(c -> assertTrue(c <= limit, c + " > " + limit));
    assertTrue(Replay.maxInAnyInterval(a, W) <= 2L * limit);
  }
}
