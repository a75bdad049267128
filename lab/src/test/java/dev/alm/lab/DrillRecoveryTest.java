package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Recovery after a drill: by single intervals, and by the proxies' 10-interval means. */
class DrillRecoveryTest {

  private static Sample at(double t, String pop, double ratio) {
    return new Sample(t, pop, 0.5, 1, 1, 0.1, ratio * 10, 10, 1, "normal", 0, 1, Double.NaN);
  }

  /**
   * PoP a overloaded (1.6 T) from 11 s to 20 s, then at 0.9 T with one noisy 1.3 T interval at 40
   * s.
   */
  private static List<Sample> run() {
    List<Sample> s = new ArrayList<>();
    for (int t = 1; t <= 60; t++) {
      double a = t > 10 && t <= 20 ? 1.6 : t == 40 ? 1.3 : 0.9;
      s.add(at(t, "a", a));
      s.add(at(t, "b", 0.5));
    }
    return s;
  }

  @Test
  void aSingleNoisyIntervalDelaysTheFirstMeasureButNotTheSmoothedOne() {
    assertEquals(31, DrillRecovery.singleIntervals(run(), 10), 1e-9, "the 1.3 T at 40 s counts");
    // the 10-interval mean of a falls to 1.1 or below once at most 2 of its last 10 intervals are
    // at 1.6 (2 x 1.6 + 8 x 0.9 = 10.4; 3 give 11.1): at 28 s, 18 s after the drill; 40 s's 1.3
    // moves no mean above 1.1
    assertEquals(18, DrillRecovery.smoothed(run(), 10, 60, 10), 1e-9);
  }

  @Test
  void stillOverloadedAtTheEndIsNaNAndTheWindowEndsAtTheNextDrill() {
    List<Sample> s = run();
    s.add(at(61, "a", 2.0));
    s.add(at(61, "b", 0.5));
    assertTrue(Double.isNaN(DrillRecovery.singleIntervals(s, 10)));
    assertEquals(18, DrillRecovery.smoothed(s, 10, 55, 10), 1e-9, "up to the next drill at 55 s");
    assertTrue(Double.isNaN(DrillRecovery.smoothed(s, 10, 61, 1)), "overloaded at 61 s");
  }
}
