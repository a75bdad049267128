package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NoiseMarginTest {

  private static final double R = LoopConfig.DEFAULT_GUARD_LOAD;

  @Test
  void aProxyThatCountsEnoughRequestsIsAimedAtItsCapacity() {
    // 0.8 load units at 150 requests/s each, 1 s intervals: 120 requests, 2.33 sd = 9.5% < 10%
    assertEquals(0.8, NoiseMargin.capacity(0.8, 150, 1, R), 1e-12);
    assertEquals(1, NoiseMargin.ratio(1e6, 1, R), 0);
  }

  @Test
  void aSmallProxyIsAimedBelowItsCapacityByTheNoiseOfAWindowOverTheTolerance() {
    // 15 requests/s: the 5-interval mean's sd is sqrt(1 / 75) = 11.5% of T
    double ratio = NoiseMargin.ratio(15, 1, R);
    assertEquals(1.1 - 2.33 * Math.sqrt(1 / 75.0), ratio, 1e-12);
    assertEquals(0.1 * ratio, NoiseMargin.capacity(0.1, 150, 1, R), 1e-12);
    // the aim keeps the window's mean under 1.1 T with 2.33 sd to spare
    double sd = Math.sqrt(1 / 75.0);
    assertTrue(ratio + NoiseMargin.Z * sd <= 1.1 + 1e-12);
    // longer intervals count more requests: a smaller margin
    assertTrue(NoiseMargin.ratio(15, 2, R) > ratio);
  }

  @Test
  void theMarginIsAtMostHalfTheCapacityAndNeedsACapacity() {
    assertEquals(0.5, NoiseMargin.ratio(0.01, 1, R), 0);
    assertEquals(1, NoiseMargin.ratio(0, 1, R), 0);
    assertEquals(0.0, NoiseMargin.capacity(0, 150, 1, R), 0);
    // without a guard the default tolerance applies
    assertEquals(
        NoiseMargin.ratio(15, 1, R), NoiseMargin.ratio(15, 1, Double.POSITIVE_INFINITY), 0);
  }
}
