package dev.alm.controller.greedy;

/**
 * Settings of the greedy law (paper 004 Algorithm 2, eq. 24).
 *
 * @param gain the sensitivity beta of eq. (24), in 1 / (load unit x time unit)
 * @param dt the step of the discretisation, in time units (a live loop's control interval)
 * @param eps x is kept in [eps, 1 - eps] internally so that the damping R(x) = x(1 - x) can never
 *     freeze it; published values at the clamps are snapped to exactly 0 or 1
 */
public record GreedyConfig(double gain, double dt, double eps) {

  public static final double DEFAULT_GAIN = 1.0;
  public static final double DEFAULT_DT = 1.0;
  public static final double DEFAULT_EPS = 1e-6;

  public GreedyConfig {
    if (!(gain > 0) || !Double.isFinite(gain)) {
      throw new IllegalArgumentException("greedy gain must be a finite number > 0, got " + gain);
    }
    if (!(dt > 0) || !Double.isFinite(dt)) {
      throw new IllegalArgumentException("greedy dt must be a finite number > 0, got " + dt);
    }
    if (!(eps > 0 && eps < 0.5)) {
      throw new IllegalArgumentException("greedy eps must be in (0, 0.5), got " + eps);
    }
  }

  public static GreedyConfig defaults() {
    return new GreedyConfig(DEFAULT_GAIN, DEFAULT_DT, DEFAULT_EPS);
  }

  public GreedyConfig withDt(double newDt) {
    return new GreedyConfig(gain, newDt, eps);
  }

  public GreedyConfig withGain(double newGain) {
    return new GreedyConfig(newGain, dt, eps);
  }
}
