package dev.alm.loop;

import dev.alm.fastcontrol.BetaEstimate;
import dev.alm.fastcontrol.BetaEstimator;
import dev.alm.fastcontrol.BetaEstimatorConfig;

/**
 * beta_i from FastControl probe counts (paper 004 eq. 19-20): the own-category probes counted at
 * proxy i over an interval, divided by gamma and the interval. Needs C for the probe plan and some
 * of PoP i's users reaching proxy i (docs/fastcontrol.md); kept to reproduce the paper.
 */
final class ProbeCountBeta implements BetaSensor {

  private final BetaEstimator estimator;
  private final double gamma;
  private final double weight;
  private final double selfCorrelation;

  ProbeCountBeta(BetaEstimatorConfig config, double selfCorrelation) {
    this.estimator = new BetaEstimator(config);
    this.weight = config.ewmaWeight();
    this.gamma = config.gamma();
    this.selfCorrelation = selfCorrelation;
  }

  @Override
  public Calm calm(Calm calm, Interval in, BetaEstimate planned, Settling settling) {
    double expected = planned == null ? 0 : gamma * planned.beta() * in.dt();
    if (planned == null || expected < Settling.MIN_EXPECTED) {
      return calm;
    }
    long own = in.ownProbes();
    return calm.next(own - expected, expected, settling.away(own, expected), settling);
  }

  @Override
  public BetaEstimate estimate(Interval in, BetaEstimate planned, double scale) {
    return estimator.next(in.ownProbes(), in.dt(), planned, weight * scale);
  }

  @Override
  public int quiet(LoopState s, Interval in, double mu, double previousBeta) {
    double expected = gamma * (mu * selfCorrelation + previousBeta) * in.dt();
    return in.allProbes() > 0
        ? 0
        : expected >= ControlLoop.EXPECTED_PROBES ? s.quiet() + 1 : s.quiet();
  }

  @Override
  public String silence(int quiet) {
    return "no FastControl probes for " + quiet + " intervals: greedy law";
  }
}
