package dev.alm.optimum;

import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import java.util.function.DoubleUnaryOperator;

/**
 * The minimisers of the Lagrangian of P1 (paper 004 eq. 11 and 13) for given prices mu, found from
 * the cost derivatives alone by bisection: {@code argmin_{0 <= S <= top} g(S) - mu S} and {@code
 * argmin_{0 <= x <= 1} h(x) + A beta x}. {@link CutModel} adds tangents there: as the LP's prices
 * approach the optimal ones these points approach the optimum of P1, which makes the cutting planes
 * converge in a few rounds.
 */
final class PriceTargets {

  private static final int MAX_BISECTIONS = 200;
  private static final double RELATIVE_WIDTH = 1e-13;

  private PriceTargets() {}

  /** Where g' reaches mu on [0, top]: 0 if g'(0) &ge; mu, top if g'(top) &le; mu. */
  static double proxyLoad(ProxyCost g, double mu, double top) {
    return crossing(s -> g.derivative(s) - mu, 0, top);
  }

  /** Where h' + A beta vanishes on [0, 1]: 0 if it is positive at 0, 1 if it is negative at 1. */
  static double offloadShare(OffloadCost h, double demand, double beta) {
    double price = demand * beta;
    return crossing(x -> h.derivative(x, demand) + price, 0, 1);
  }

  /**
   * The zero crossing of a non-decreasing f on [lo, hi], or the end point where f keeps one sign;
   * NaN values (which a broken cost could return) count as positive so that the search stays inside
   * the interval.
   */
  private static double crossing(DoubleUnaryOperator f, double lo, double hi) {
    if (!(f.applyAsDouble(lo) < 0)) {
      return lo;
    }
    if (f.applyAsDouble(hi) <= 0) {
      return hi;
    }
    double a = lo;
    double b = hi;
    double width = RELATIVE_WIDTH * (hi - lo);
    for (int k = 0; k < MAX_BISECTIONS && b - a > width; k++) {
      double mid = 0.5 * (a + b);
      if (f.applyAsDouble(mid) < 0) {
        a = mid;
      } else {
        b = mid;
      }
    }
    return 0.5 * (a + b);
  }
}
