package dev.alm.controller.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The closed forms (31), (32) agree with the generic 1-D minimisation path. */
class ClosedFormTest {

  @Test
  void proxyMinimiserMatchesBrent() {
    Random rnd = new Random(31);
    for (int k = 0; k < 500; k++) {
      double eta = 0.1 + 5 * rnd.nextDouble();
      double cap = 0.1 + 10 * rnd.nextDouble();
      QueueingDelayCost closed = new QueueingDelayCost(eta, cap);
      NumericProxyCost generic = new NumericProxyCost(s -> eta * s / (1 - s / cap), cap);
      double mu =
          rnd.nextDouble() < 0.2
              ? eta * rnd.nextDouble()
              : eta + 1e4 * rnd.nextDouble() * rnd.nextDouble();
      assertEquals(
          closed.minimiser(mu),
          generic.minimiser(mu),
          1e-6 * cap,
          "eta=" + eta + " T=" + cap + " mu=" + mu);
    }
  }

  @Test
  void offloadMinimiserMatchesBrentIncludingBoundsAndZeroDemand() {
    Random rnd = new Random(32);
    int interior = 0;
    for (int k = 0; k < 500; k++) {
      double gamma = 0.5 + 20 * rnd.nextDouble();
      double d = rnd.nextDouble();
      double a = k % 10 == 0 ? 0 : 20 * rnd.nextDouble();
      double beta = 100 * rnd.nextDouble() * rnd.nextDouble();
      RoundTripCost closed = new RoundTripCost(gamma, d);
      NumericOffloadCost generic =
          new NumericOffloadCost((x, dem) -> gamma * dem * (1 - x) * (d + dem * (1 - x)));
      double xc = closed.minimiser(a, beta);
      assertEquals(
          xc,
          generic.minimiser(a, beta),
          1e-6,
          "gamma=" + gamma + " d=" + d + " A=" + a + " beta=" + beta);
      if (xc > 0 && xc < 1) {
        interior++;
      }
    }
    assertTrue(interior > 50, "the sample must exercise interior minimisers, got " + interior);
  }

  @Test
  void zeroDemandKeepsAnsweringL1() {
    assertEquals(1.0, new RoundTripCost(10, 0.5).minimiser(0, 1e6));
  }

  @Test
  void sensitivityOfClosedFormMatchesNumericDefault() {
    RoundTripCost closed = new RoundTripCost(10, 0.3);
    NumericOffloadCost generic =
        new NumericOffloadCost((x, dem) -> 10 * dem * (1 - x) * (0.3 + dem * (1 - x)));
    assertEquals(closed.sensitivity(3), generic.sensitivity(3), 1e-6);
    QueueingDelayCost g = new QueueingDelayCost(1, 0.7);
    NumericProxyCost gn = new NumericProxyCost(s -> s / (1 - s / 0.7), 0.7);
    assertEquals(g.minimiserSlope(50), gn.minimiserSlope(50), 1e-5);
  }

  @Test
  void proxyCostIsInfiniteAtAndAboveCapacity() {
    QueueingDelayCost g = new QueueingDelayCost(1, 0.7);
    assertEquals(Double.POSITIVE_INFINITY, g.value(0.7));
    assertEquals(Double.POSITIVE_INFINITY, g.value(0.9));
    assertEquals(0.35 / 0.5, g.value(0.35), 1e-12);
  }
}
