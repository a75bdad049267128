package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.dual.DualNode;
import dev.alm.controller.dual.DualSteps;
import dev.alm.controller.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The dual's start price: the PoP's own decision (eq. 13) is the start x when every PoP has that
 * price.
 */
class StartPriceTest {

  @Test
  void paperCostGivesGammaTimesDPlusTwoATimesOneMinusX() {
    Topology t = BuiltinTopologies.paperFig2(); // gamma 10, d 0.5, A 1
    ControlLoop loop = new ControlLoop(LoopConfig.defaults(Algorithm.DUAL).withStartX(0.3), t, 1);
    assertEquals(10 * (0.5 + 2 * 1 * 0.7), loop.startPrice(), 1e-9);
    LoopState s = loop.initial();
    assertEquals(0.3, s.x());
    assertEquals(19, s.mu(), 1e-9);
    assertEquals(19, s.beta().beta(), 1e-9, "rows of C sum to 1: beta prior = mu_0");
    DualNode node = DualSteps.nodes(t, LoopConfig.DEFAULT_STEP)[1];
    assertEquals(
        0.3,
        node.decide(s.mu(), 1, s.beta().beta()).x(),
        1e-9,
        "the decision at mu_0 is the start x");
  }

  @Test
  void greedyAndNoDemandStartAtZero() {
    Topology t = BuiltinTopologies.paperFig2();
    LoopState g = new ControlLoop(LoopConfig.defaults(Algorithm.GREEDY), t, 0).initial();
    assertEquals(0, g.mu());
    assertNull(g.beta());
    DualNode node = DualSteps.nodes(t, LoopConfig.DEFAULT_STEP)[0];
    assertEquals(0, StartPrice.of(node.offloadCost(), 0.3, 0));
  }
}
