package dev.alm.loop.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.controller.model.CorrelationMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Anycast by C, then by a route change's C from its time on; admission by token bucket. */
class ModelRoutingTest {

  private static final List<String> IDS = List.of("a", "b");

  @Test
  void aDrawPicksTheProxyByTheRowInForceThen() {
    CorrelationMatrix before = CorrelationMatrix.of(IDS, new double[][] {{0.25, 0.75}, {0, 1}});
    CorrelationMatrix after = CorrelationMatrix.of(IDS, new double[][] {{1, 0}, {0, 1}});
    ModelRouting r = new ModelRouting(before, List.of(new RouteChange(30, after, "swap")));
    assertEquals(0, r.proxy(0, 0, 0.2));
    assertEquals(1, r.proxy(0, 0, 0.3));
    assertEquals(1, r.proxy(0, 29_999_999_999L, 0.99));
    assertEquals(0, r.proxy(0, 30_000_000_000L, 0.99), "from the change on, row a is (1, 0)");
    assertEquals(1, r.proxy(1, 0, 0.0));
  }

  @Test
  void theBucketShedsWhatItsCeilingCannotCarryAndRefills() {
    // 100 requests/s ceiling, 0.1 s of it: 10 tokens
    ModelAdmission a = new ModelAdmission(new double[] {100}, 0.1, 0);
    for (int k = 0; k < 15; k++) {
      a.admit(0, 0);
    }
    assertEquals(5, a.shed(0), "10 admitted at once, 5 shed");
    a.admit(0, 50_000_000L); // 50 ms later: 5 tokens back
    assertEquals(5, a.shed(0));
  }
}
