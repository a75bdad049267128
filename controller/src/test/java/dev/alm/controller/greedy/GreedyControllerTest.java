package dev.alm.controller.greedy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GreedyControllerTest {

  private final GreedyController law = new GreedyController(new GreedyConfig(1.0, 0.1, 1e-6));

  @Test
  void lowersXWhenOverloadedAndRaisesItWhenUnderloaded() {
    assertTrue(law.step(0.5, 1.0, 0.7) < 0.5);
    assertTrue(law.step(0.5, 0.5, 0.7) > 0.5);
    assertEquals(0.5, law.step(0.5, 0.7, 0.7), 0.0);
  }

  @Test
  void smallStepsFollowEquation24() {
    double x = 0.3;
    double s = 0.9;
    double t = 0.7;
    GreedyController fine = new GreedyController(new GreedyConfig(2.0, 1e-5, 1e-6));
    double dxdt = (fine.step(x, s, t) - x) / 1e-5;
    assertEquals(-2.0 * x * (1 - x) * (s - t), dxdt, 1e-5);
  }

  @Test
  void neverFreezesAtTheBounds() {
    assertEquals(1.0, law.step(1.0, 0.1, 0.7), 0.0);
    assertTrue(law.step(1.0, 5.0, 0.7) < 1.0, "an overloaded PoP at x = 1 must move down");
    assertEquals(0.0, law.step(0.0, 5.0, 0.7), 0.0);
    assertTrue(law.step(0.0, 0.0, 0.7) > 0.0, "an idle PoP at x = 0 must move up");
  }

  @Test
  void staysInTheUnitIntervalUnderHugeErrors() {
    assertEquals(0.0, law.step(0.5, 1e12, 1), 0.0);
    assertEquals(1.0, law.step(0.5, -1e12, 1), 0.0);
  }

  @Test
  void refusesNaN() {
    assertThrows(IllegalArgumentException.class, () -> law.step(Double.NaN, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> law.step(0.5, Double.NaN, 1));
    assertThrows(IllegalArgumentException.class, () -> new GreedyConfig(0, 1, 1e-6));
  }
}
