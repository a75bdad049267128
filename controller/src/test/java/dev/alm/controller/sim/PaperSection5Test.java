package dev.alm.controller.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.PaperSection5;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.model.Topology;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** Section V of paper 004 on the builtin 48-node setup: dual never overloads; greedy does, more with load. */
class PaperSection5Test {

  private static final double[] LOADS = {0.1, 0.5, 1, 2, 5, 10};
  private static final int RUNS = 10;

  @Test
  void dualHasNoOverloadAndCertifiedGapBelowOnePercentAtEveryLoad() {
    PaperSection5 setup = PaperSection5.standard();
    for (double load : LOADS) {
      for (int r = 0; r < RUNS; r++) {
        Topology t = setup.draw(load, new Well19937c(1000L * r + 7));
        SimulationResult d = Simulator.dual(t, new StepSize.Scaled(0.5, true),
            new StopRule(500, 1e-2, true), TrajectorySink.NONE);
        assertTrue(d.converged(), "load " + load + " run " + r);
        assertTrue(d.overloaded().isEmpty(), "load " + load + " run " + r + ": " + d.overloaded());
        assertTrue(d.certifiedGap() <= 1e-2);
      }
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
        SimulationResult g = Simulator.greedy(t, cfg, 0.5,
            new StopRule(50_000, StopRule.DEFAULT_GREEDY_TOLERANCE, true), TrajectorySink.NONE);
        mean[l] += g.overloaded().size() / (double) RUNS;
      }
    }
    assertEquals(0.0, mean[0], 1e-12, "no overload at the lightest load");
    assertTrue(mean[LOADS.length - 1] >= 0.5, "overload at the heaviest load: " + mean[LOADS.length - 1]);
    assertTrue(mean[LOADS.length - 1] > mean[1], "grows with load");
  }
}
