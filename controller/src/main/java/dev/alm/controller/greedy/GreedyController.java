package dev.alm.controller.greedy;

/**
 * The FastRoute greedy law (paper 004 Algorithm 2), as the control law of eq. (24) {@code dx/dt =
 * -gain R(x) (S - T)} with {@code R(x) = x (1 - x)}, discretised for a loop with step dt.
 *
 * <p>Since {@code d logit(x) / dt = (dx/dt) / R(x)}, eq. (24) is exactly {@code d z/dt = -gain (S -
 * T)} in log-odds z = logit(x). The step is an Euler step in z: the damping of eq. (24) is kept
 * exactly, x stays in (0, 1) without clipping, and a node cannot overshoot the unit interval
 * however large the overload. Internally x is kept in [eps, 1 - eps] so the law never freezes at 0
 * or 1 (where R vanishes); a value at a clamp is published as exactly 0 or 1. Pure: no clock, no
 * state beyond x.
 */
public final class GreedyController {

  private final GreedyConfig config;
  private final double zMin;
  private final double zMax;

  public GreedyController(GreedyConfig config) {
    this.config = config;
    this.zMin = logit(config.eps());
    this.zMax = logit(1 - config.eps());
  }

  public GreedyConfig config() {
    return config;
  }

  /**
   * One control interval at one PoP.
   *
   * @param x the current L1 answer probability, in [0, 1]
   * @param s the measured load S_i of the PoP's proxy over the interval
   * @param t the proxy's capacity T_i
   * @return the next x, in [0, 1]
   */
  public double step(double x, double s, double t) {
    if (!Double.isFinite(x) || !Double.isFinite(s) || !Double.isFinite(t)) {
      throw new IllegalArgumentException(
          "greedy step needs finite x, S and T: " + x + ", " + s + ", " + t);
    }
    double z = logit(Math.min(1 - config.eps(), Math.max(config.eps(), x)));
    z -= config.gain() * config.dt() * (s - t);
    if (z <= zMin) {
      return 0;
    }
    if (z >= zMax) {
      return 1;
    }
    return 1 / (1 + Math.exp(-z));
  }

  static double logit(double p) {
    return Math.log(p / (1 - p));
  }
}
