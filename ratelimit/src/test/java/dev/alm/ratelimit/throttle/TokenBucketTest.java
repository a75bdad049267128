package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Both token buckets, ours and Bucket4j's, against the same properties. */
class TokenBucketTest {

  static List<LimiterConfig> configs(long rate, long burst) {
    return List.of(
        new TokenBucket.Config(rate, burst), new Bucket4jTokenBucket.Config(rate, burst));
  }

  @Test
  void admitsItsBurstThenItsRate() {
    for (LimiterConfig c : configs(10, 20)) {
      Limiter b = c.newLimiter();
      long t0 = 7_000_000_000L;
      int burst = 0;
      for (int i = 0; i < 50; i++) {
        burst += b.tryAcquire(t0) ? 1 : 0;
      }
      assertEquals(20, burst, c.toString());
      // Then one token every 100 ms, and no more.
      for (int s = 1; s <= 30; s++) {
        long t = t0 + s * 100_000_000L;
        assertTrue(b.tryAcquire(t), c + " at step " + s);
        assertFalse(b.tryAcquire(t), c + " second at step " + s);
      }
    }
  }

  @Property(tries = 200)
  void neverMoreThanBurstPlusRateTimesT(
      @ForAll @IntRange(min = 1, max = 1000) int rate,
      @ForAll @LongRange(min = 1, max = 50) long burst,
      @ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 20_000_000) Long> gaps,
      @ForAll @Size(min = 1, max = 5) List<@IntRange(min = 1, max = 4) Integer> permits) {
    for (LimiterConfig c : configs(rate, burst)) {
      List<Replay.Admitted> a = Replay.run(c.newLimiter(), 1_000, gaps, permits);
      for (int i = 0; i < a.size(); i++) {
        long sum = 0;
        for (int j = i; j < a.size(); j++) {
          sum += a.get(j).permits();
          double bound = burst + rate * (a.get(j).at() - a.get(i).at()) / 1e9;
          assertTrue(sum <= bound + 1e-9, c + ": " + sum + " > " + bound);
        }
      }
    }
  }

  @Property(tries = 100)
  void saturatedBucketPassesBurstPlusRateTimesT(
      @ForAll @IntRange(min = 1, max = 1000) int rate,
      @ForAll @LongRange(min = 1, max = 50) long burst,
      @ForAll @IntRange(min = 1, max = 2000) int steps) {
    long step = 1_000_000; // offered 1000/s, one permit each
    List<Long> gaps = Collections.nCopies(steps, step);
    double nanosPerToken = 1e9 / rate;
    for (LimiterConfig c : configs(rate, burst)) {
      int admitted = Replay.run(c.newLimiter(), 0, gaps, List.of(1)).size();
      double duration = (steps - 1) * step / 1e9;
      double most = Math.min(steps, burst + rate * duration);
      // Requests come on 1 ms ticks: with a bucket that is full when a token arrives (burst 1),
      // a token may wait up to one tick to be taken, so the rate seen is at least 1 / (T + tick).
      double least =
          Math.min(steps, burst + rate * duration * nanosPerToken / (nanosPerToken + step)) - 1;
      assertTrue(admitted <= most + 1e-9, c + ": " + admitted + " > " + most);
      assertTrue(admitted >= least, c + ": " + admitted + " < " + least);
    }
  }
}
