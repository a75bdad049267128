package dev.alm.ratelimit.gossip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Paper 000's low-pass filter started as the running mean. */
class DemandFilterTest {

  @Test
  void firstMeasurementIsTheEstimate() {
    assertEquals(3.0, DemandFilter.next(Double.NaN, 0, 3.0, 1, 1, 0.999), 0);
  }

  @Test
  void isTheRunningMeanForItsFirstOneOverAlphaIntervals() {
    double est = Double.NaN;
    double measured = 0;
    double sum = 0;
    for (int k = 0; k < 500; k++) {
      double x = k % 7;
      sum += x;
      est = DemandFilter.next(est, measured, x, 1, 1, 0.999);
      measured += 1;
      assertEquals(sum / (k + 1), est, 1e-9, "after " + (k + 1));
    }
  }

  @Test
  void weighsALongMeasurementByItsLength() {
    // one 10-interval measurement at 2, then one interval at 13: the mean over 11 intervals is 3
    double est = DemandFilter.next(Double.NaN, 0, 2.0, 10, 1, 0.999);
    assertEquals(3.0, DemandFilter.next(est, 10, 13.0, 1, 1, 0.999), 1e-12);
  }

  @Test
  void isThePapersFilterOnceTheHistoryIsLong() {
    double ewma = 0.9;
    // after 10 intervals 1/(T + 1) = 1/11 < alpha = 0.1
    assertEquals(0.9 * 5 + 0.1 * 15, DemandFilter.next(5, 10, 15, 1, 1, ewma), 1e-12);
    // half an interval weighs 1 - 0.9^0.5
    double w = 1 - Math.sqrt(ewma);
    assertEquals(5 + w * 10, DemandFilter.next(5, 100, 15, 0.5, 1, ewma), 1e-12);
  }

  @Test
  void withoutHistoryWeightTakesEachMeasurementAsIs() {
    assertEquals(7.0, DemandFilter.next(5, 100, 7, 1, 1, 0), 0);
  }
}
