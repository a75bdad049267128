package dev.alm.controller.sim;

/**
 * Receives the state of every node after each step of an offline run (for example a CSV writer).
 */
@FunctionalInterface
public interface TrajectorySink {

  /** A sink that keeps nothing. */
  TrajectorySink NONE = (step, x, s, mu) -> {};

  /**
   * @param step the step number, from 0
   * @param x the L1 answer probabilities in force during the step
   * @param s the proxy loads they cause
   * @param mu the prices (dual) or null (greedy)
   */
  void accept(int step, double[] x, double[] s, double[] mu);
}
