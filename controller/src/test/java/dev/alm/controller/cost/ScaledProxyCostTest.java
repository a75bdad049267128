package dev.alm.controller.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ScaledProxyCostTest {

  @Test
  void theSameShapeOnTheSmallerCapacity() {
    QueueingDelayCost g = new QueueingDelayCost(2, 10);
    ScaledProxyCost s = new ScaledProxyCost(g, 8);
    // S*(mu) of eq. (31) on T' = 8: T' (1 - sqrt(eta' / mu)), eta' = eta k, k = 10 / 8
    double mu = 30;
    assertEquals(8 * (1 - Math.sqrt(2 * 1.25 / mu)), s.minimiser(mu), 1e-12);
    assertEquals(new QueueingDelayCost(2 * 1.25, 8).minimiser(mu), s.minimiser(mu), 1e-12);
    assertEquals(new QueueingDelayCost(2 * 1.25, 8).derivative(3), s.derivative(3), 1e-12);
    assertEquals(
        new QueueingDelayCost(2 * 1.25, 8).minimiserSlope(mu), s.minimiserSlope(mu), 1e-12);
    assertEquals(8, s.capacity(), 1e-12);
    assertEquals(Double.POSITIVE_INFINITY, s.value(8));
  }

  @Test
  void refusesACapacityOutsideTheCosts() {
    QueueingDelayCost g = new QueueingDelayCost(2, 10);
    assertThrows(IllegalArgumentException.class, () -> new ScaledProxyCost(g, 11));
    assertThrows(IllegalArgumentException.class, () -> new ScaledProxyCost(g, 0));
  }
}
