package dev.alm.controller.dual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

class DualStepsTest {

  /**
   * A PoP that no user reaches by anycast (column of C empty, as alm lab's routing produced for a
   * PoP with a DNS but no HTTP catchment) gets a finite step, and its price falls rather than
   * becoming infinite; when load then arrives (routing changed), the price rises finitely.
   */
  @Test
  void aProxyNobodyReachesGetsAFiniteStepAndItsPriceDecays() {
    Topology t =
        new Topology(
            List.of(new Node("a", 0.9, 1, 1, 10, 0.5), new Node("b", 0.9, 1, 1, 10, 0.5)),
            CorrelationMatrix.of(List.of("a", "b"), new double[][] {{1, 0}, {1, 0}}));
    DualNode[] nodes = DualSteps.nodes(t, new StepSize.Scaled(0.15, false));
    PriceState p = new PriceState(19, 1, 0);
    for (int k = 0; k < 50; k++) {
      p = nodes[1].nextPrice(p, 0, 0.5);
      assertTrue(Double.isFinite(p.mu()), "finite price at step " + k);
    }
    assertEquals(0, p.mu(), 1e-9, "the price of a proxy nobody reaches decays to 0");
    // then routing changes and users arrive (a withdrawal elsewhere): the price rises, finitely
    for (int k = 0; k < 20; k++) {
      p = nodes[1].nextPrice(p, 1.2, 0.5);
    }
    assertTrue(p.mu() > 0 && p.mu() < 1e3, "the price rises, boundedly: " + p.mu());
  }
}
