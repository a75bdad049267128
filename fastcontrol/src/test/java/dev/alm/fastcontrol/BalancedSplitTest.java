package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BalancedSplitTest {

  private static final int ANSWERS = 20_000;
  private static final int RUN = 200;

  /** The largest distance of a run's L1 count from x times its length, over every run of RUN. */
  private static double worstRun(boolean[] l1, double x) {
    int count = 0;
    double worst = 0;
    for (int k = 0; k < l1.length; k++) {
      count += l1[k] ? 1 : 0;
      if (k >= RUN) {
        count -= l1[k - RUN] ? 1 : 0;
      }
      if (k >= RUN - 1) {
        worst = Math.max(worst, Math.abs(count - x * RUN));
      }
    }
    return worst;
  }

  @Test
  void everyRunOfAnswersHoldsTheShareWhereIndependentDrawsDoNot() {
    SplittableRandom random = new SplittableRandom(7);
    for (double x : new double[] {0.05, 0.2, 0.5, 0.83}) {
      BalancedSplit split = new BalancedSplit();
      boolean[] balanced = new boolean[ANSWERS];
      boolean[] independent = new boolean[ANSWERS];
      for (int k = 0; k < ANSWERS; k++) {
        balanced[k] = split.l1(x, random.nextDouble());
        independent[k] = random.nextDouble() < x;
      }
      // independent draws: a binomial count, sd sqrt(200 x (1 - x)) = 3-7 answers, whose worst
      // run over 20,000 answers is 3-4 sd away
      assertTrue(worstRun(independent, x) > 8, "independent draws at x=" + x);
      assertTrue(worstRun(balanced, x) <= 5, "balanced at x=" + x + ": " + worstRun(balanced, x));
    }
  }

  @Test
  void resolversAskingInLockStepEachGetTheShare() {
    // two resolvers whose queries alternate: an error-diffusion pattern would give one all the L1
    // answers at x = 0.5; random draws give each about half
    BalancedSplit split = new BalancedSplit();
    SplittableRandom random = new SplittableRandom(11);
    int[] l1 = new int[2];
    for (int k = 0; k < ANSWERS; k++) {
      l1[k % 2] += split.l1(0.5, random.nextDouble()) ? 1 : 0;
    }
    for (int r = 0; r < 2; r++) {
      double share = l1[r] / (ANSWERS / 2.0);
      assertTrue(share > 0.45 && share < 0.55, "resolver " + r + ": " + share);
    }
  }

  @Test
  void sharesOutsideTheUnitIntervalAreClampedAndDebtsAreBounded() {
    BalancedSplit split = new BalancedSplit(4);
    SplittableRandom random = new SplittableRandom(3);
    for (int k = 0; k < 1000; k++) {
      assertFalse(split.l1(-0.5, random.nextDouble()));
      assertFalse(split.l1(Double.NaN, random.nextDouble()));
    }
    for (int k = 0; k < 1000; k++) {
      assertTrue(split.l1(1.7, random.nextDouble()));
    }
    assertTrue(Math.abs(split.deficit()) <= 4);
    // after a long stretch at x = 1, a move to x = 0 costs at most the window in extra L1 answers
    int extra = 0;
    for (int k = 0; k < 100; k++) {
      extra += split.l1(0, random.nextDouble()) ? 1 : 0;
    }
    assertEquals(0, extra);
  }

  @Test
  void refusesAWindowBelowOne() {
    assertThrows(IllegalArgumentException.class, () -> new BalancedSplit(0.5));
    assertThrows(IllegalArgumentException.class, () -> new BalancedSplit(Double.NaN));
  }
}
