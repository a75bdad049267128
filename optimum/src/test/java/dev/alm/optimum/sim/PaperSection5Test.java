package dev.alm.optimum.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.PaperSection5;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SimulationResult;
import dev.alm.controller.sim.Simulator;
import dev.alm.controller.sim.StopRule;
import dev.alm.controller.sim.TrajectorySink;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/**
 * Section V of paper 004 on the builtin 48-node setup: dual never overloads; greedy does, more with
 * load.
 */
class PaperSection5Test {

  private static final double[] LOADS = {0.1, 0.5, 1, 2, 5, 10};
  private static final int RUNS = 10;

  @Test
  void dualHasNoOverloadAndCertifiedGapBelowOnePercentAtEveryLoad() {
    PaperSection5 setup = PaperSection5.standard();
    for (double load : LOADS) {
      for (int r = 0; r < RUNS; r++) {
        Topology t = setup.draw(load, new Well19937c(1000L * r + 7));
        SimulationResult d =
            Simulator.dual(
                t,
                new StepSize.Scaled(0.5, true),
                new StopRule(500, 1e-2, true),
                TrajectorySink.NONE);
        assertTrue(d.converged(), "load " + load + " run " + r);
        assertTrue(d.overloaded().isEmpty(), "load " + load + " run " + r + ": " + d.overloaded());
        assertTrue(d.certifiedGap() <= 1e-2);
      }
    }
  }

  @Test
  void optimumBoundsBracketTheDualAndTheMeanGapIsBelowOnePercent() {
    PaperSection5 setup = PaperSection5.standard();
    CentralOptimum optimum = new CentralOptimum();
    for (double load : LOADS) {
      double gapSum = 0;
      for (int r = 0; r < 4; r++) {
        Topology t = setup.draw(load, new Well19937c(1000L * r + 11));
        SimulationResult d =
            Simulator.dual(
                t,
                new StepSize.Scaled(0.5, true),
                new StopRule(2000, StopRule.DEFAULT_DUAL_TOLERANCE, true),
                TrajectorySink.NONE);
        OptimumResult o = optimum.solve(t);
        assertTrue(o.lowerBound() <= d.cost(), "LP lower bound <= dual cost at load " + load);
        assertTrue(d.dualBound() <= o.upperBound(), "D(mu) <= upper bound at load " + load);
        assertTrue(o.relativeGap() <= 1e-4);
        gapSum += (d.cost() - o.upperBound()) / o.upperBound();
      }
      assertTrue(gapSum / 4 < 0.01, "mean gap at load " + load + ": " + gapSum / 4);
    }
  }

  @Test
  void greedyOverloadGrowsWithLoad() {
    PaperSection5 setup = PaperSection5.standard();
    double[] mean = new double[LOADS.length];
    for (int l = 0; l < LOADS.length; l++) {
      for (int r = 0; r < RUNS; r++) {
        Topology t = setup.draw(LOADS[l], new Well19937c(1000L * r + 7));
        GreedyConfig cfg = GreedyConfig.defaults().withDt(Simulator.stableGreedyDt(t, 1));
        SimulationResult g =
            Simulator.greedy(
                t,
                cfg,
                0.5,
                new StopRule(50_000, StopRule.DEFAULT_GREEDY_TOLERANCE, true),
                TrajectorySink.NONE);
        mean[l] += g.overloaded().size() / (double) RUNS;
      }
    }
    assertEquals(0.0, mean[0], 1e-12, "no overload at the lightest load");
    assertTrue(
        mean[LOADS.length - 1] >= 0.5, "overload at the heaviest load: " + mean[LOADS.length - 1]);
    assertTrue(mean[LOADS.length - 1] > mean[1], "grows with load");
  }
}
