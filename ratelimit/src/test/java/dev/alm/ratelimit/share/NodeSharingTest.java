package dev.alm.ratelimit.share;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Paper 003 section 7, Algorithms 1 and 2, on the shape of Fig. 7: ten clients sorted by requests
 * in ascending order, the node's total above its limit. The figure is drawn without numbers, so the
 * requests 2, 4, ..., 20 (total 110) stand for its bars.
 */
class NodeSharingTest {

  static final double[] FIG7 = {2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
  static final NodeSharing ALG1 = new EqualRatioSharing();
  static final NodeSharing ALG2 = new MaxMinFairSharing();

  @Test
  void algorithm1ThrottlesEveryClientByTheSameRatio() {
    // limit 66 of 110: every client keeps 60 %, the red part is 40 % of every bar (Fig. 7-a).
    assertArrayEquals(
        new double[] {1.2, 2.4, 3.6, 4.8, 6, 7.2, 8.4, 9.6, 10.8, 12}, ALG1.share(66, FIG7), 1e-9);
  }

  @Test
  void algorithm2ThrottlesOnlyTheLargestDownToTheLevel() {
    // limit 74: clients 2, 4, 6, 8 are served in full; the six larger ones are cut to l = 9,
    // the dashed line of Fig. 7-b: 2 + 4 + 6 + 8 + 6 x 9 = 74.
    assertEquals(9, MaxMinFairSharing.level(74, FIG7), 1e-12);
    assertArrayEquals(new double[] {2, 4, 6, 8, 9, 9, 9, 9, 9, 9}, ALG2.share(74, FIG7), 1e-9);
    // limit 66: 66/10 = 6.6 > 2, 64/9 > 4, 60/8 > 6, 54/7 = 7.71 < 8: level 54/7.
    assertEquals(54.0 / 7, MaxMinFairSharing.level(66, FIG7), 1e-12);
  }

  @Test
  void theListingsLine13WouldOvershoot() {
    // Requests {1, 1, 10}, limit 6: water-filling gives l = 4 (1 + 1 + 4 = 6).
    assertArrayEquals(new double[] {1, 1, 4}, ALG2.share(6, new double[] {1, 1, 10}), 1e-12);
  }

  @Test
  void underTheLimitNobodyIsThrottled() {
    assertArrayEquals(FIG7, ALG1.share(110, FIG7));
    assertArrayEquals(FIG7, ALG2.share(500, FIG7));
  }

  @Test
  void rejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> ALG1.share(-1, FIG7));
    assertThrows(IllegalArgumentException.class, () -> ALG2.share(1, new double[] {1, -2}));
    assertThrows(IllegalArgumentException.class, () -> ALG2.share(Double.NaN, FIG7));
  }

  @Property(tries = 500)
  void sharesStayInZeroToDemandAndSumToMinOfLimitAndDemand(
      @ForAll @DoubleRange(min = 0, max = 1000) double limit,
      @ForAll @Size(min = 1, max = 50) List<@DoubleRange(min = 0, max = 100) Double> requests) {
    double[] r = requests.stream().mapToDouble(Double::doubleValue).toArray();
    double total = Arrays.stream(r).sum();
    for (NodeSharing s : List.of(ALG1, ALG2)) {
      double[] x = s.share(limit, r);
      double sum = 0;
      for (int j = 0; j < r.length; j++) {
        assertTrue(x[j] >= 0 && x[j] <= r[j], s + " client " + j);
        sum += x[j];
      }
      assertTrue(sum <= limit + 1e-9 * Math.max(1, limit), s + ": " + sum + " > " + limit);
      assertEquals(Math.min(limit, total), sum, 1e-9 * Math.max(1, total), s.toString());
    }
  }

  @Property(tries = 300)
  void algorithm1RatiosEqualAlgorithm2IsMaxMinFair(
      @ForAll @DoubleRange(min = 0, max = 1000) double limit,
      @ForAll @Size(min = 1, max = 50) List<@DoubleRange(min = 0.01, max = 100) Double> requests) {
    double[] r = requests.stream().mapToDouble(Double::doubleValue).toArray();
    double total = Arrays.stream(r).sum();
    double[] x1 = ALG1.share(limit, r);
    double ratio = Math.min(1, limit / total);
    for (int j = 0; j < r.length; j++) {
      assertEquals(ratio, x1[j] / r[j], 1e-9);
    }
    double[] x2 = ALG2.share(limit, r);
    double biggest = Arrays.stream(x2).max().orElseThrow();
    for (int j = 0; j < r.length; j++) {
      if (x2[j] < r[j] - 1e-9) {
        // A throttled client gets the level, which no other client exceeds.
        assertEquals(biggest, x2[j], 1e-9);
      }
    }
  }
}
