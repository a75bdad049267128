package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.FixedPoint;
import dev.alm.controller.stability.StabilityReport.TheoremCase;
import dev.alm.controller.stability.StabilityReport.TwoNode;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TwoNodeTheoremTest {

  private static TwoNode twoNode(Topology t) {
    return new StabilityAnalysis().analyse(t).twoNode();
  }

  @Test
  void sectionIIIBIsOutsideTheTheoremAndItsCorner10IsAStableUncontrollableOverload() {
    TwoNode r = twoNode(TestTopologies.sectionIIIB());
    assertEquals(0.1, r.alpha(), 0);
    assertEquals(0.5, r.beta(), 0);
    assertEquals(TheoremCase.SILENT, r.theoremCase());
    assertNull(r.demandBounds());
    assertFalse(r.guaranteedControllable());
    assertEquals(Verdict.STABLE, r.corner10().verdict());
    assertEquals(List.of("b"), r.corner10().locallyUncontrollable());
    assertEquals(-0.2, r.corner10().eigenvalues().get(0).real(), 1e-12);
    assertEquals(-0.6, r.corner10().eigenvalues().get(1).real(), 1e-12);
    assertEquals(Verdict.UNSTABLE, r.corner01().verdict());
    assertEquals(0, r.corner01().starts());
    assertEquals(
        new StabilityAnalysis().analyse(TestTopologies.sectionIIIB()).starts(),
        r.corner10().starts());
  }

  @Test
  void part2SelfCorrelationsAboveOneHalfControlAnyDemand() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.3, 0.7}}, new double[] {2, 2}, new double[] {0.7, 0.7});
    TwoNode r = twoNode(t);
    assertEquals(TheoremCase.ALL_DEMANDS_CONTROLLABLE, r.theoremCase());
    assertTrue(r.equalCapacities());
    assertTrue(r.guaranteedControllable());
    assertEquals(Verdict.UNSTABLE, r.corner01().verdict());
    assertEquals(Verdict.UNSTABLE, r.corner10().verdict());
  }

  @Test
  void part2HoldsOnRandomParametersAndLargeDemands() {
    Random random = new Random(17);
    for (int trial = 0; trial < 15; trial++) {
      double alpha = 0.51 + 0.48 * random.nextDouble();
      double beta = 0.51 + 0.48 * random.nextDouble();
      double cap = 0.2 + random.nextDouble();
      double[] a = {100 * random.nextDouble(), 100 * random.nextDouble()};
      Topology t =
          TestTopologies.twoNode(
              new double[][] {{alpha, 1 - alpha}, {1 - beta, beta}}, a, new double[] {cap, cap});
      StabilityReport report = new StabilityAnalysis().analyse(t);
      assertTrue(report.twoNode().guaranteedControllable());
      assertEquals(0, report.unsettledStarts(), "trial " + trial);
      for (FixedPoint p : report.fixedPoints()) {
        assertTrue(
            p.locallyUncontrollable().isEmpty() || p.verdict() != Verdict.STABLE,
            "trial " + trial + ": stable uncontrollable overload at " + p);
      }
      assertNotEquals(Verdict.STABLE, report.twoNode().corner01().verdict());
      assertNotEquals(Verdict.STABLE, report.twoNode().corner10().verdict());
    }
  }

  @Test
  void part2NeedsEqualCapacities() {
    // beta = 0.6, T = (0.3, 0.7), A_2 = 1: T_1/(1 - beta) = 0.75 < A_2 < T_2/beta = 1.17, so (0, 1)
    // is stable
    // with a overloaded: S = (0.4, 0.6).
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.4, 0.6}}, new double[] {1, 1}, new double[] {0.3, 0.7});
    TwoNode r = twoNode(t);
    assertEquals(TheoremCase.ALL_DEMANDS_CONTROLLABLE, r.theoremCase());
    assertFalse(r.equalCapacities());
    assertFalse(r.guaranteedControllable());
    assertEquals(Verdict.STABLE, r.corner01().verdict());
    assertEquals(List.of("a"), r.corner01().locallyUncontrollable());
  }

  @Test
  void part3BoundsDecideControllability() {
    double[][] c = {{0.4, 0.6}, {0.6, 0.4}};
    double[] cap = {0.7, 0.7};
    TwoNode within = twoNode(TestTopologies.twoNode(c, new double[] {1, 1}, cap));
    assertEquals(TheoremCase.DEMAND_BOUNDED, within.theoremCase());
    assertEquals(0.7 / 0.6, within.demandBounds().first(), 1e-12);
    assertEquals(0.7 / 0.6, within.demandBounds().second(), 1e-12);
    assertTrue(within.demandBounds().satisfied());
    assertTrue(within.guaranteedControllable());

    // A_1 = 1.5 > 7/6: at (1, 0), S = (0.6, 0.9), so b is in stable uncontrollable overload.
    StabilityReport over =
        new StabilityAnalysis().analyse(TestTopologies.twoNode(c, new double[] {1.5, 1}, cap));
    assertFalse(over.twoNode().demandBounds().satisfied());
    assertFalse(over.twoNode().guaranteedControllable());
    assertEquals(Verdict.STABLE, over.twoNode().corner10().verdict());
    assertEquals(List.of("b"), over.twoNode().corner10().locallyUncontrollable());
  }

  @Test
  void part3BoundsPairEachDemandWithTheCapacityItThreatens() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.4, 0.6}, {0.7, 0.3}}, new double[] {1, 1}, new double[] {0.5, 1.0});
    TwoNode r = twoNode(t);
    assertEquals(1.0 / 0.6, r.demandBounds().first(), 1e-12); // A_1 (1 - alpha) < T_2
    assertEquals(0.5 / 0.7, r.demandBounds().second(), 1e-12); // A_2 (1 - beta) < T_1
    assertFalse(r.demandBounds().satisfied());
  }

  @Test
  void needsTwoNodes() {
    Topology five = StabilityRegionTest.fiveNodes();
    FixedPointSearch search = new FixedPointSearch(five, StabilityConfig.defaults());
    assertThrows(
        IllegalArgumentException.class, () -> TwoNodeTheorem.apply(five, search, List.of()));
    assertNull(new StabilityAnalysis().analyse(five).twoNode());
  }
}
