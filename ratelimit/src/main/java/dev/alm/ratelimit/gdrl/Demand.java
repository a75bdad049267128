package dev.alm.ratelimit.gdrl;

/**
 * Demand lambda_i(t) of paper 000's evaluation, in arrivals per slot (a probability: at most one
 * arrival per slot, section III-A).
 */
@FunctionalInterface
public interface Demand {

  /** lambda_i(t) for limiter i (0-based) of n at slot t. */
  double rate(int i, int n, long t);

  /** The constant demand of section III-A: lambda_i = i/(N+1), i = 1..N. */
  static Demand stanojevic() {
    return (i, n, t) -> (i + 1.0) / (n + 1.0);
  }

  /**
   * The three-phase demand of section III-B: i/(N+1) on [0, tau0) and [3 tau0, 4 tau0), 1 - i/(N+1)
   * on [tau0, 2 tau0), and a linear shift between the two on [2 tau0, 3 tau0).
   */
  static Demand stanojevicDynamic(long tau0) {
    return (i, n, t) -> {
      double up = (i + 1.0) / (n + 1.0);
      double down = 1.0 - up;
      if (t < tau0 || t >= 3 * tau0) {
        return up;
      }
      if (t < 2 * tau0) {
        return down;
      }
      double s = (t - 2.0 * tau0) / tau0;
      return s * down + (1 - s) * up;
    };
  }
}
