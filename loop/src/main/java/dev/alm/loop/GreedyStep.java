package dev.alm.loop;

import dev.alm.controller.greedy.GreedyConfig;
import dev.alm.controller.greedy.GreedyController;

/**
 * FastRoute's greedy law (paper 004 Algorithm 2, ODE 24) as a loop step, with the measured interval
 * as dt (at most twice the configured interval). Also the dual's fallback while its beta sensor is
 * silent.
 */
final class GreedyStep implements LoopStep {

  private final LoopConfig config;
  private final double capacity;

  GreedyStep(LoopConfig config, double capacity) {
    this.config = config;
    this.capacity = capacity;
  }

  @Override
  public LoopState step(LoopState s, Interval in) {
    double demand = DemandEstimate.next(s, in, config, 1);
    return s.withX(x(s, in))
        .withDual(s.dual().withOwnPrice(s.mu()))
        .withEstimates(s.estimates().with(s.beta(), demand, in.load()))
        .withStatus(LoopMode.NORMAL)
        .withGains(GainSchedule.ALARMED)
        .measured(in.m(), s.intervals() + 1);
  }

  /** x after one step of eq. (24) from the state's x, within maxStep. */
  double x(LoopState s, Interval in) {
    double dt = Math.min(in.dt(), 2 * config.intervalSeconds());
    GreedyController law =
        new GreedyController(new GreedyConfig(config.greedyGain(), dt, GreedyConfig.DEFAULT_EPS));
    return ControlLoop.limit(s.x(), law.step(s.x(), in.load(), capacity), config.maxStep());
  }
}
