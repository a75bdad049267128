package dev.alm.ratelimit.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;

class ShareRuleTest {

  /**
   * With exact estimates the shares sum to the limit available, each lies in [0, L_a], and a PoP
   * with demand gets a positive share.
   */
  @Property(tries = 500)
  void sharesSumToTheAvailableLimitAndNobodyStarves(
      @ForAll @Size(min = 1, max = 20) List<@DoubleRange(min = 0, max = 1e6) Double> demands,
      @ForAll @DoubleRange(min = 1, max = 1e6) double available) {
    double d = demands.stream().mapToDouble(Double::doubleValue).sum();
    double sum = 0;
    for (double r : demands) {
      double s = ShareRule.share(available, r, d, demands.size());
      assertTrue(s >= 0 && s <= available + 1e-9, "share " + s);
      if (r > 0) {
        assertTrue(s > 0, "starved at demand " + r);
      }
      sum += s;
    }
    assertEquals(available, sum, 1e-9 * Math.max(available, d) * demands.size());
  }
}
