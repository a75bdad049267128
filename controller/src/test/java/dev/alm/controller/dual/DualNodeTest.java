package dev.alm.controller.dual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.cost.QueueingDelayCost;
import dev.alm.controller.cost.RoundTripCost;
import org.junit.jupiter.api.Test;

class DualNodeTest {

  private final DualNode constant =
      new DualNode(new QueueingDelayCost(1, 0.7), new RoundTripCost(10, 0.5), mu -> 2.0, false);
  private final DualNode adaptive =
      new DualNode(new QueueingDelayCost(1, 0.7), new RoundTripCost(10, 0.5), mu -> 2.0, true);

  @Test
  void priceRisesWithOverloadAndIsProjectedOnZero() {
    assertEquals(2.0, constant.nextPrice(PriceState.of(1), 1.0, 0.5).mu(), 1e-12);
    assertEquals(0.0, constant.nextPrice(PriceState.of(1), 0.0, 0.7).mu(), 0.0);
  }

  @Test
  void decisionUsesClosedForms() {
    DualNode.Decision d = constant.decide(4, 1, 9);
    assertEquals(0.7 * (1 - Math.sqrt(1 / 4.0)), d.sStar(), 1e-12);
    assertEquals(1 + (10 * 0.5 - 9) / (2 * 10.0), d.x(), 1e-12);
    assertEquals(1.0, constant.decide(0, 0, 1e9).x(), 0.0);
  }

  @Test
  void adaptiveStepGrowsWhileTheSignHoldsAndShrinksOnAFlip() {
    PriceState s = PriceState.INITIAL;
    s = adaptive.nextPrice(s, 1.0, 0.9);
    assertEquals(1.0, s.boost(), 0.0);
    s = adaptive.nextPrice(s, 1.0, 0.9);
    assertEquals(DualNode.GROW, s.boost(), 1e-12);
    double before = s.mu();
    s = adaptive.nextPrice(s, 0.1, 0.2);
    assertEquals(DualNode.GROW * DualNode.SHRINK, s.boost(), 1e-12);
    assertTrue(s.mu() < before);
  }

  @Test
  void refusesNonFiniteMeasurements() {
    assertThrows(
        IllegalArgumentException.class, () -> constant.nextPrice(PriceState.of(1), Double.NaN, 0));
    assertThrows(
        IllegalArgumentException.class, () -> constant.decide(1, Double.POSITIVE_INFINITY, 0));
  }
}
