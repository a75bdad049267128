package dev.alm.optimum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.cost.QueueingDelayCost;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EnvelopeTest {

  /**
   * The pieces, filled in order, reproduce the maximum of the tangents everywhere on the interval.
   */
  @Test
  void piecesEqualTheMaximumOfTheTangents() {
    QueueingDelayCost g = new QueueingDelayCost(1, 0.7);
    Envelope e = new Envelope(0, 0.7, 1e-12);
    Random rnd = new Random(3);
    for (double p : new double[] {0, 0.35, 0.693, 0.6999, 0.56}) {
      assertTrue(e.add(p, g.value(p), g.derivative(p)));
    }
    for (int k = 0; k < 10; k++) {
      double p = 0.7 * rnd.nextDouble();
      e.add(p, g.value(p), g.derivative(p));
    }
    Envelope.Pieces pieces = e.pieces();
    double total = 0;
    for (int k = 0; k < pieces.lengths().length; k++) {
      total += pieces.lengths()[k];
      if (k > 0) {
        assertTrue(pieces.slopes()[k] > pieces.slopes()[k - 1]);
      }
    }
    assertEquals(0.7, total, 1e-12);
    for (int k = 0; k <= 1000; k++) {
      double z = 0.7 * k / 1000;
      double expected = e.valueAt(z);
      assertEquals(expected, filled(pieces, z), 1e-9 * Math.max(1, Math.abs(expected)), "at " + z);
      assertTrue(expected <= g.value(z) + 1e-9 * g.value(z), "an outer approximation is below g");
    }
  }

  @Test
  void duplicateAndNonFiniteTangentsAreRejected() {
    Envelope e = new Envelope(0, 1, 1e-9);
    assertTrue(e.add(0.5, 1, 2));
    assertFalse(e.add(0.5 + 1e-12, 1, 2));
    assertFalse(e.add(0.7, Double.POSITIVE_INFINITY, 2));
    assertFalse(e.add(0.7, 1, Double.NaN));
    assertEquals(0.5, e.highest());
  }

  /** The value of the pieces at z when segments are filled cheapest first, as the LP does. */
  private static double filled(Envelope.Pieces pieces, double z) {
    double value = pieces.offset();
    double left = z;
    for (int k = 0; k < pieces.lengths().length && left > 0; k++) {
      double take = Math.min(left, pieces.lengths()[k]);
      value += take * pieces.slopes()[k];
      left -= take;
    }
    return value;
  }
}
