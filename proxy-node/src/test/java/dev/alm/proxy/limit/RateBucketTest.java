package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A bucket whose rate follows a share: over any run it admits at most burst + integral of the rate,
 * and under steady overload no less than that integral minus one burst, also when the rate is
 * reconfigured every refresh (50 ms) by small steps, as the DRL agent's share moves.
 */
class RateBucketTest {

  @Test
  void admitsTheIntegralOfAMovingRate() {
    AtomicLong now = new AtomicLong(1_000_000_000_000L);
    double burstSeconds = 0.2;
    RateBucket b = new RateBucket(100, burstSeconds, now::get);
    long admitted = 0;
    double integral = 0;
    double maxRate = 0;
    long step = 1_000_000L; // a request every ms: 1000/s against about 100/s
    for (int ms = 0; ms < 20_000; ms++) {
      if (ms % 50 == 0) {
        double r = 100 + 10 * Math.sin(ms / 700.0); // moves by a few percent per refresh
        b.setRate(r);
        maxRate = Math.max(maxRate, r);
      }
      if (b.tryTake(1) == 0) {
        admitted++;
      }
      now.addAndGet(step);
      integral += b.rate() * step / 1e9;
    }
    assertTrue(
        admitted <= integral + maxRate * burstSeconds + 1,
        admitted + " admitted against an integral of " + integral);
    assertTrue(
        admitted >= integral - maxRate * burstSeconds - 1,
        admitted + " admitted against an integral of " + integral);
  }

  @Test
  void sparseRequestsUnderAMovingRateStillGetTheRate() {
    AtomicLong now = new AtomicLong(1_000_000_000_000L);
    RateBucket b = new RateBucket(10, 0.2, now::get);
    long admitted = 0;
    double integral = 0;
    long step = 10_000_000L; // a request every 10 ms: 100/s against about 10/s
    for (int ms = 0; ms < 20_000; ms += 10) {
      if (ms % 50 == 0) {
        b.setRate((ms / 50) % 2 == 0 ? 10 : 10.2); // the share wobbles by 2% every refresh
      }
      if (b.tryTake(1) == 0) {
        admitted++;
      }
      now.addAndGet(step);
      integral += b.rate() * step / 1e9;
    }
    assertTrue(
        admitted >= integral - 3 && admitted <= integral + 3,
        admitted + " admitted against an integral of " + integral);
  }

  @Test
  void waitIsTheRefillTimeOfOneToken() {
    AtomicLong now = new AtomicLong(0);
    RateBucket b = new RateBucket(4, 0.25, now::get); // one token, one every 250 ms
    assertEquals(0, b.tryTake(1));
    long wait = b.tryTake(1);
    assertTrue(wait > 240_000_000L && wait <= 250_000_000L, "wait " + wait);
  }
}
