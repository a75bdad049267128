package dev.alm.loop;

/**
 * One control law of a PoP's loop: the state after the previous interval and the interval's reading
 * in, the next state out (its x is what the DNS answers with until the next interval). Pure: time
 * is the reading's clock. {@link ControlLoop} handles what every law shares (the first reading, a
 * stale meter) and hands every other interval to the law of its configuration: {@link GreedyStep}
 * (paper 004 Algorithm 2) or {@link DualStep} (Algorithm 1) with a {@link BetaSensor}. A new law is
 * a new class.
 */
public interface LoopStep {

  /**
   * @param s the state after the previous interval
   * @param in the interval's reading, with a fresh meter
   * @return the next state, {@link LoopState#measured} with the interval's reading
   */
  LoopState step(LoopState s, Interval in);
}
