package dev.alm.controller.sim;

/**
 * When an offline run stops.
 *
 * @param maxSteps the most steps to run
 * @param tolerance dual: the certified relative gap (W(x) - D(mu)) / W(x) at which it has converged
 *     (D is a lower bound on the optimum, so the gap to the optimum is at most this); greedy: the
 *     largest |dx/dt| at which it is at a fixed point
 * @param stopAtConvergence stop at the first converged step (true), or run all maxSteps (false)
 */
public record StopRule(int maxSteps, double tolerance, boolean stopAtConvergence) {

  public static final double DEFAULT_DUAL_TOLERANCE = 1e-3;
  public static final double DEFAULT_GREEDY_TOLERANCE = 1e-3;

  public StopRule {
    if (maxSteps < 1) {
      throw new IllegalArgumentException("steps must be >= 1, got " + maxSteps);
    }
    if (!(tolerance > 0)) {
      throw new IllegalArgumentException("tolerance must be > 0, got " + tolerance);
    }
  }
}
