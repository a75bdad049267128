package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.NodeCondition;
import dev.alm.controller.stability.StabilityReport.Risk;
import java.util.List;
import org.junit.jupiter.api.Test;

class StabilityRegionTest {

  /** Five nodes whose condition (28) is computed by hand below. */
  static Topology fiveNodes() {
    return TestTopologies.of(
        List.of("n1", "n2", "n3", "n4", "n5"),
        new double[][] {
          {0.6, 0.1, 0.1, 0.1, 0.1},
          {0.2, 0.5, 0.1, 0.1, 0.1},
          {0.0, 0.0, 1.0, 0.0, 0.0},
          {0.25, 0.25, 0.0, 0.5, 0.0},
          {0.1, 0.2, 0.3, 0.4, 0.0}
        },
        new double[] {1, 2, 3, 4, 5},
        new double[] {2, 2, 2, 2.5, 0.25});
  }

  @Test
  void sectionIIIBPutsBAtRiskAndLeavesASafe() {
    List<NodeCondition> c = StabilityRegion.conditions(TestTopologies.sectionIIIB());
    assertEquals("a", c.get(0).id());
    assertEquals(0.5, c.get(0).inflowFromOthers(), 1e-12); // C_ba A_b
    assertEquals(0.7, c.get(0).capacity(), 0);
    assertEquals(Risk.SAFE, c.get(0).risk());
    assertEquals("b", c.get(1).id());
    assertEquals(0.9, c.get(1).inflowFromOthers(), 1e-12); // C_ab A_a
    assertEquals(Risk.AT_RISK, c.get(1).risk());
    assertFalse(StabilityRegion.contains(TestTopologies.sectionIIIB()));
  }

  @Test
  void fiveNodeConditionMatchesTheHandComputation() {
    // sum_{j != i} C_ji A_j, column i without its diagonal:
    // n1: 0.2*2 + 0*3 + 0.25*4 + 0.1*5 = 1.9      <= 2    safe
    // n2: 0.1*1 + 0*3 + 0.25*4 + 0.2*5 = 2.1      >  2    at risk
    // n3: 0.1*1 + 0.1*2 + 0*4 + 0.3*5 = 1.8       <= 2    safe
    // n4: 0.1*1 + 0.1*2 + 0*3 + 0.4*5 = 2.3       <= 2.5  safe
    // n5: 0.1*1 + 0.1*2 + 0*3 + 0*4 = 0.3         >  0.25 at risk
    List<NodeCondition> c = StabilityRegion.conditions(fiveNodes());
    double[] inflow = {1.9, 2.1, 1.8, 2.3, 0.3};
    Risk[] risk = {Risk.SAFE, Risk.AT_RISK, Risk.SAFE, Risk.SAFE, Risk.AT_RISK};
    for (int i = 0; i < 5; i++) {
      assertEquals("n" + (i + 1), c.get(i).id());
      assertEquals(inflow[i], c.get(i).inflowFromOthers(), 1e-12, "node n" + (i + 1));
      assertEquals(risk[i], c.get(i).risk(), "node n" + (i + 1));
    }
    assertFalse(StabilityRegion.contains(fiveNodes()));
  }

  @Test
  void equalityIsSafe() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.5, 0.5}, {0.5, 0.5}},
            new double[] {1.4, 1.4},
            new double[] {0.7, 0.7});
    assertTrue(StabilityRegion.contains(t));
  }
}
