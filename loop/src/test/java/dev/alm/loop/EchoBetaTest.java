package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.fastcontrol.BetaEstimate;
import dev.alm.fastcontrol.EchoRoutes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** beta_i for the decision: the echoes' estimate with a rise of the own price applied at once. */
class EchoBetaTest {

  private final EchoBeta sensor = new EchoBeta(0.2);

  /** Echoes 60% from proxy a at price 10, 40% from b at 20: beta = 14. */
  private static BetaEstimate estimate() {
    EchoRoutes routes =
        new EchoRoutes(
            Map.of("a", new EchoRoutes.Route(0.6, 10), "b", new EchoRoutes.Route(0.4, 20)), 500);
    return new BetaEstimate(routes.beta(), 0.1, 14, 0.1, 500, 1, routes);
  }

  @Test
  void aRiseOfTheOwnPriceCountsAtOnceByTheOwnProxysShareOfTheEchoes() {
    assertEquals(14, estimate().beta(), 1e-12);
    assertEquals(14 + 0.6 * (30 - 10), sensor.current(estimate(), "a", 30), 1e-12);
    assertEquals(14 + 0.4 * (25 - 20), sensor.current(estimate(), "b", 25), 1e-12);
  }

  @Test
  void aFallOfTheOwnPriceWaitsForTheEchoes() {
    assertEquals(14, sensor.current(estimate(), "a", 2), 1e-12);
    assertEquals(14, sensor.current(estimate(), "a", 10), 1e-12);
  }

  @Test
  void aPoPWhoseUsersDoNotReachItsOwnProxyAddsNothing() {
    assertEquals(14, sensor.current(estimate(), "c", 300), 1e-12);
    BetaEstimate noRoutes = new BetaEstimate(14, 0.1, 14, 0.1, 500, 1);
    assertEquals(14, sensor.current(noRoutes, "a", 300), 1e-12);
  }
}
