package dev.alm.controller.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.cost.Objective;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.model.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Section III-B of paper 004: the two-node example of locally uncontrollable overload. */
class PaperFig2Test {

  private final Topology fig2 = BuiltinTopologies.paperFig2();

  @Test
  void greedyEndsAtOneZeroWithBOverloaded() {
    SimulationResult r =
        Simulator.greedy(
            fig2,
            GreedyConfig.defaults(),
            0.5,
            new StopRule(100_000, StopRule.DEFAULT_GREEDY_TOLERANCE, true),
            TrajectorySink.NONE);
    assertTrue(r.converged());
    assertEquals(1.0, r.x()[0], 0.0);
    assertEquals(0.0, r.x()[1], 0.0);
    assertTrue(r.s()[1] >= 0.9, "S_b = " + r.s()[1]);
    assertEquals(List.of("b"), r.overloaded());
    assertEquals(Double.POSITIVE_INFINITY, r.cost());
  }

  @Test
  void greedyReachesTheSameCornerFromEveryStart() {
    for (double x0 : new double[] {0.01, 0.3, 0.99, 1.0}) {
      SimulationResult r =
          Simulator.greedy(
              fig2,
              GreedyConfig.defaults(),
              x0,
              new StopRule(100_000, StopRule.DEFAULT_GREEDY_TOLERANCE, true),
              TrajectorySink.NONE);
      assertEquals(1.0, r.x()[0], 0.0, "x0=" + x0);
      assertEquals(0.0, r.x()[1], 0.0, "x0=" + x0);
    }
  }

  @Test
  void dualKeepsBothProxiesBelowCapacityNearTheOptimum() {
    SimulationResult r =
        Simulator.dual(
            fig2,
            new StepSize.Scaled(StepSize.Scaled.DEFAULT_THETA, true),
            new StopRule(1000, 1e-4, true),
            TrajectorySink.NONE);
    assertTrue(r.converged());
    assertTrue(r.overloaded().isEmpty());
    assertTrue(r.s()[0] < 0.7 && r.s()[1] < 0.7);
    // D(mu) is a lower bound on the optimum, so W within 1e-4 of it is within 1e-4 (< 1%) of the
    // optimum.
    assertTrue(r.cost() - r.dualBound() <= 1e-4 * r.cost());
    assertEquals(r.dualBound(), Objective.dual(fig2, r.mu()), 1e-9 * r.cost());
    assertEquals(r.cost(), Objective.cost(fig2, r.x()), 1e-12);
  }

  @Test
  void trajectoryReportsEveryStep() {
    int[] steps = {0};
    Simulator.dual(
        fig2,
        new StepSize.Constant(0.5),
        new StopRule(25, 1e-9, false),
        (k, x, s, mu) -> {
          assertEquals(steps[0]++, k);
          assertEquals(2, x.length);
          assertEquals(2, mu.length);
        });
    assertEquals(25, steps[0]);
  }
}
