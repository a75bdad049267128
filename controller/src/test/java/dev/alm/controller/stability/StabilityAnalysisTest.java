package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.FixedPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

class StabilityAnalysisTest {

  @Test
  void sectionIIIBEndsInLocallyUncontrollableOverloadAtB() {
    StabilityReport r = new StabilityAnalysis().analyse(TestTopologies.sectionIIIB());
    assertEquals(List.of("a", "b"), r.ids());
    assertEquals(1.0, r.gain());
    assertFalse(r.inStabilityRegion());
    assertEquals(List.of("b"), r.atRisk());
    assertEquals(
        1 + StabilityConfig.DEFAULT_RANDOM_STARTS + 4,
        r.starts()); // centre, random, 4 near corners
    assertEquals(0, r.unsettledStarts());
    assertEquals(1, r.fixedPoints().size());
    FixedPoint p = r.fixedPoints().get(0);
    assertArrayEquals(new double[] {1, 0}, p.x(), 1e-3);
    assertTrue(p.load()[1] >= 0.9 - 1e-3);
    assertEquals(List.of("b"), p.overloaded());
    assertEquals(List.of("b"), p.locallyUncontrollable());
    assertEquals(Verdict.STABLE, p.verdict());
    assertEquals(-0.2, p.eigenvalues().get(0).real(), 1e-9);
    assertEquals(-0.6, p.eigenvalues().get(1).real(), 1e-9);
    assertEquals(r.starts(), p.starts());
    assertEquals(List.of(p), r.stableUncontrollable());
  }

  @Test
  void favourableTwoNodeSystemReachesAnInteriorFixedPointWithoutOverload() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.3, 0.7}}, new double[] {2, 2}, new double[] {0.7, 0.7});
    StabilityReport r = new StabilityAnalysis().analyse(t);
    assertEquals(1, r.fixedPoints().size());
    FixedPoint p = r.fixedPoints().get(0);
    assertArrayEquals(new double[] {0.28, 0.42}, p.x(), 1e-9);
    assertArrayEquals(new double[] {0.7, 0.7}, p.load(), 1e-9);
    assertTrue(p.overloaded().isEmpty());
    assertTrue(p.locallyUncontrollable().isEmpty());
    assertEquals(Verdict.STABLE, p.verdict());
    assertTrue(p.eigenvalues().stream().allMatch(e -> e.real() < 0));
    assertTrue(r.stableUncontrollable().isEmpty());
  }

  @Test
  void fiveNodeFixedPointMatchesTheHandComputation() {
    // x_1 = x_4 = 1, x_5 = 0 and S_2 = S_3 = T:
    // S_2 = 0.1 + 1.0 x_2 + 1.0 = 2 gives x_2 = 0.9; S_3 = 0.1 + 0.2 x_2 + 3 x_3 = 2 gives x_3 =
    // 1.72/3;
    // S_1 = 0.6 + 0.4 x_2 + 1 = 1.96 < 2, S_4 = 0.1 + 0.2 x_2 + 2 = 2.28 < 2.5, S_5 = 0.1 + 0.2 x_2
    // = 0.28 > 0.25.
    StabilityReport r = new StabilityAnalysis().analyse(StabilityRegionTest.fiveNodes());
    assertEquals(List.of("n2", "n5"), r.atRisk());
    assertEquals(1, r.fixedPoints().size());
    FixedPoint p = r.fixedPoints().get(0);
    assertArrayEquals(new double[] {1, 0.9, 1.72 / 3, 1, 0}, p.x(), 1e-9);
    assertArrayEquals(new double[] {1.96, 2, 2, 2.28, 0.28}, p.load(), 1e-9);
    assertEquals(List.of("n5"), p.overloaded());
    assertEquals(List.of("n5"), p.locallyUncontrollable());
    // Boundary rows give +(S_1 - T_1), +(S_4 - T_4), -(S_5 - T_5); the interior block {n2, n3} is
    // lower
    // triangular with -R(x_2) B_22 = -0.09 and -R(x_3) B_33.
    double x3 = 1.72 / 3;
    double[] expected = {-0.03, -0.04, -0.09, -0.22, -3 * x3 * (1 - x3)};
    for (int k = 0; k < 5; k++) {
      assertEquals(expected[k], p.eigenvalues().get(k).real(), 1e-9);
    }
    assertEquals(Verdict.STABLE, p.verdict());
    assertEquals(1 + StabilityConfig.DEFAULT_RANDOM_STARTS, r.starts());
  }

  @Test
  void uncontrollableNodesAlwaysFailCondition28() {
    for (long seed = 1; seed <= 6; seed++) {
      Topology t = TestTopologies.random(10, seed, seed);
      StabilityReport r = new StabilityAnalysis().analyse(t);
      GreedyOde ode = new GreedyOde(t);
      for (FixedPoint p : r.fixedPoints()) {
        assertTrue(r.atRisk().containsAll(p.locallyUncontrollable()), "seed " + seed);
        assertTrue(p.overloaded().containsAll(p.locallyUncontrollable()));
        assertTrue(
            p.residual() <= StabilityConfig.DEFAULT_TOLERANCE * ode.rateScale() * (1 + 1e-6));
        for (double v : p.x()) {
          assertTrue(v >= 0 && v <= 1);
        }
      }
      if (r.inStabilityRegion()) {
        assertTrue(r.fixedPoints().stream().allMatch(p -> p.locallyUncontrollable().isEmpty()));
      }
    }
  }

  @Test
  void startsAreSeededAndCounted() {
    Topology t = TestTopologies.random(6, 4, 3);
    StabilityConfig config = StabilityConfig.defaults().withRandomStarts(3).withSeed(5);
    StabilityReport first = new StabilityAnalysis(config).analyse(t);
    StabilityReport again = new StabilityAnalysis(config).analyse(t);
    assertEquals(4, first.starts());
    assertEquals(first.fixedPoints().size(), again.fixedPoints().size());
    for (int k = 0; k < first.fixedPoints().size(); k++) {
      assertArrayEquals(first.fixedPoints().get(k).x(), again.fixedPoints().get(k).x(), 0);
    }
    assertEquals(
        first.starts(),
        first.fixedPoints().stream().mapToInt(FixedPoint::starts).sum() + first.unsettledStarts());
  }

  @Test
  void fortyEightNodeTopologySettlesFromEveryStart() {
    StabilityReport r = new StabilityAnalysis().analyse(TestTopologies.random(48, 1, 1));
    assertEquals(48, r.conditions().size());
    assertEquals(1 + StabilityConfig.DEFAULT_RANDOM_STARTS, r.starts());
    assertEquals(0, r.unsettledStarts());
    assertFalse(r.fixedPoints().isEmpty());
  }
}
