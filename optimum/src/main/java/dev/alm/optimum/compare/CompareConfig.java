package dev.alm.optimum.compare;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.sim.StopRule;
import java.util.Arrays;

/**
 * Settings of the greedy-versus-dual sweep of paper 004 section V / Fig. 5.
 *
 * @param loads the mean loads A-bar to sweep (the A_i are Poisson with this mean)
 * @param runs draws of (A, d) per load
 * @param seed the seed of the draws; the same seed gives the same sweep
 * @param step the dual step
 * @param dualStop when a dual run stops (its tolerance is the certified relative gap)
 * @param greedyStop when a greedy run stops
 */
public record CompareConfig(
    double[] loads, int runs, long seed, StepSize step, StopRule dualStop, StopRule greedyStop) {

  public static final double[] DEFAULT_LOADS = {0.1, 0.5, 1, 2, 5, 10};
  public static final int DEFAULT_RUNS = 100;

  public CompareConfig {
    if (loads.length == 0) {
      throw new IllegalArgumentException("at least one load is needed");
    }
    for (double l : loads) {
      if (!(l >= 0) || !Double.isFinite(l)) {
        throw new IllegalArgumentException("loads must be finite numbers >= 0, got " + l);
      }
    }
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be >= 1, got " + runs);
    }
    loads = loads.clone();
  }

  @Override
  public double[] loads() {
    return loads.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CompareConfig c
        && Arrays.equals(loads, c.loads)
        && runs == c.runs
        && seed == c.seed
        && step.equals(c.step)
        && dualStop.equals(c.dualStop)
        && greedyStop.equals(c.greedyStop);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(loads) * 31 + Long.hashCode(seed) + runs;
  }
}
