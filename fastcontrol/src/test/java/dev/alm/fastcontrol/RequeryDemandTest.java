package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RequeryDemandTest {

  private static final long TTL = 2_000_000_000L;

  /**
   * Users behind {@code rates.length} TTL-honouring caches, each a Poisson process; returns the
   * requests the table counted behind the rated answers over the true requests behind them.
   */
  private static double ratio(double[] rates, double seconds, RequeryDemand d, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double truth = 0;
    double counted = 0;
    for (int k = 0; k < rates.length; k++) {
      long t = 0;
      long expires = Long.MIN_VALUE;
      long end = (long) (seconds * 1e9);
      long answered = 0;
      double behind = 0;
      double before = d.requests();
      long ratedBefore = d.rated();
      while (true) {
        t += (long) (-Math.log(1 - random.nextDouble()) / rates[k] * 1e9);
        if (t > end) {
          break;
        }
        if (t >= expires) {
          answered++;
          d.answered(k, t, TTL);
          expires = t + TTL;
        }
        behind++;
      }
      // the truth behind the rated answers: requests per answer times the rated answers
      long ratedNow = d.rated() - ratedBefore;
      truth += answered == 0 ? 0 : behind / answered * ratedNow;
      counted += d.requests() - before;
    }
    return counted / truth;
  }

  @Test
  void countsTheRequestsBehindTheAnswersWhateverTheRate() {
    for (double r : new double[] {0.05, 0.5, 3.75, 40}) {
      double[] rates = new double[50];
      Arrays.fill(rates, r);
      double ratio = ratio(rates, 600, new RequeryDemand(), 7);
      assertEquals(1, ratio, 0.1, "rate " + r + "/s per resolver");
    }
  }

  @Test
  void heterogeneousResolversAreEachMeasured() {
    double[] rates = new double[100];
    for (int k = 0; k < rates.length; k++) {
      rates[k] = k % 2 == 0 ? 20 : 0.1; // a pooled ratio of gaps would give about 1.3 / 10.1
    }
    assertEquals(1, ratio(rates, 600, new RequeryDemand(), 11), 0.1);
  }

  @Test
  void aResolverThatAsksBeforeItsTtlCountsOneRequestPerAnswer() {
    RequeryDemand d = new RequeryDemand();
    for (int i = 0; i < 100; i++) {
      d.answered(42, i * 100_000_000L, TTL); // ten queries a second under a 2 s TTL
    }
    assertEquals(100, d.answers());
    assertEquals(99, d.early());
    assertEquals(0, d.rated());
    assertEquals(0, d.requests(), 1e-9);
  }

  @Test
  void theTableStaysBoundedAndCountsWhatItForgets() {
    RequeryDemand d = new RequeryDemand(64);
    // Caffeine keeps at most 64 (its admission policy may also turn new ones away: counted alike)
    for (int k = 0; k < 1000; k++) {
      d.answered(k, k, TTL);
    }
    assertTrue(d.forgotten() >= 1000 - 64, "forgotten " + d.forgotten());
  }

  @Test
  void addressesMakeDistinctKeys() {
    long a = RequeryDemand.key(new byte[] {(byte) 192, 0, 2, 1});
    long b = RequeryDemand.key(new byte[] {(byte) 192, 0, 2, 2});
    long c = RequeryDemand.key(new byte[16]);
    assertTrue(a != b && a != c && b != c);
  }
}
