package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EchoRoutesTest {

  private static final String[] PROXIES = {"busy", "quiet", "far"};

  /** One interval's echoes: {@code n} users spread over the proxies by {@code shares}. */
  private static Map<String, EchoTotals.Stratum> interval(
      SplittableRandom random, int n, double[] shares, double[] prices) {
    long[] counts = new long[shares.length];
    for (int k = 0; k < n; k++) {
      double u = random.nextDouble();
      int j = 0;
      while (j < shares.length - 1 && u >= shares[j]) {
        u -= shares[j];
        j++;
      }
      counts[j]++;
    }
    Map<String, EchoTotals.Stratum> m = new HashMap<>();
    for (int j = 0; j < shares.length; j++) {
      if (counts[j] > 0) {
        m.put(PROXIES[j], new EchoTotals.Stratum(counts[j], counts[j] * prices[j]));
      }
    }
    return m;
  }

  private static double mean(Map<String, EchoTotals.Stratum> m) {
    long n = 0;
    double sum = 0;
    for (EchoTotals.Stratum s : m.values()) {
      n += s.count();
      sum += s.sum();
    }
    return sum / n;
  }

  @Test
  void aProxysShareIsItsPartOfTheShares() {
    EchoRoutes routes =
        new EchoRoutes(
            Map.of("a", new EchoRoutes.Route(0.3, 10), "b", new EchoRoutes.Route(0.1, 20)), 100);
    assertEquals(0.75, routes.share("a"), 1e-12);
    assertEquals(0.25, routes.share("b"), 1e-12);
    assertEquals(0, routes.share("c"), "a proxy that returned no echo");
  }

  @Test
  void theSplitEstimateIsFarQuieterThanTheMeanOfTheEchoedPrices() {
    double[] shares = {0.4, 0.5, 0.1};
    double[] prices = {97, 3, 20};
    double truth = 0.4 * 97 + 0.5 * 3 + 0.1 * 20;
    SplittableRandom random = new SplittableRandom(5);
    EchoRoutes routes = EchoRoutes.NONE;
    double splitSquares = 0;
    double meanSquares = 0;
    int intervals = 0;
    for (int k = 0; k < 200; k++) {
      Map<String, EchoTotals.Stratum> m = interval(random, 1200, shares, prices);
      routes = routes.next(m, EchoRoutes.DEFAULT_WEIGHT);
      if (k >= 20) {
        splitSquares += Math.pow(routes.beta() - truth, 2);
        meanSquares += Math.pow(mean(m) - truth, 2);
        intervals++;
      }
    }
    double split = Math.sqrt(splitSquares / intervals);
    double plain = Math.sqrt(meanSquares / intervals);
    // the plain mean: about 46 / sqrt(1200) = 1.3; the split about a quarter of that
    assertTrue(plain > 1.0, "the plain mean's error " + plain);
    assertTrue(split < plain / 3, "split " + split + " against the plain mean's " + plain);
    assertEquals(split, routes.stdError(), split, "the reported standard error is of that size");
  }

  @Test
  void aNewPriceCountsAtOnceAndARouteChangeReplacesTheShares() {
    SplittableRandom random = new SplittableRandom(9);
    EchoRoutes routes = EchoRoutes.NONE;
    for (int k = 0; k < 30; k++) {
      routes =
          routes.next(
              interval(random, 1200, new double[] {0.4, 0.6, 0}, new double[] {97, 3, 0}), 0.1);
    }
    // the busy proxy's price doubles: beta follows in the same interval
    routes =
        routes.next(
            interval(random, 1200, new double[] {0.4, 0.6, 0}, new double[] {194, 3, 0}), 0.1);
    assertEquals(0.4 * 194 + 0.6 * 3, routes.beta(), 0.03 * routes.beta());
    // routing moves most users to the far proxy: the shares are replaced, not averaged in
    routes =
        routes.next(
            interval(random, 1200, new double[] {0.1, 0.1, 0.8}, new double[] {194, 3, 20}), 0.1);
    assertEquals(0.1 * 194 + 0.1 * 3 + 0.8 * 20, routes.beta(), 0.1 * routes.beta());
    assertEquals(0.8, routes.routes().get("far").share(), 0.05);
  }

  @Test
  void aProxyThatNoLongerAnswersIsForgottenAndAnIntervalWithoutEchoesChangesNothing() {
    SplittableRandom random = new SplittableRandom(13);
    EchoRoutes routes =
        EchoRoutes.NONE.next(
            interval(random, 1000, new double[] {0.5, 0.5, 0}, new double[] {10, 20, 0}), 0.1);
    assertTrue(routes.routes().containsKey("busy"));
    assertEquals(routes, routes.next(Map.of(), 0.1));
    assertEquals(routes, routes.next(Map.of("busy", new EchoTotals.Stratum(0, 0)), 0.1));
    for (int k = 0; k < 200; k++) {
      routes =
          routes.next(
              interval(random, 1000, new double[] {0, 1, 0}, new double[] {10, 20, 0}), 0.1);
    }
    assertFalse(routes.routes().containsKey("busy"), "forgotten: " + routes.routes());
    assertEquals(20, routes.beta(), 1e-9);
  }

  @Test
  void noEchoYetHasNoEstimate() {
    assertTrue(Double.isNaN(EchoRoutes.NONE.beta()));
    assertTrue(Double.isNaN(EchoRoutes.NONE.stdError()));
  }
}
