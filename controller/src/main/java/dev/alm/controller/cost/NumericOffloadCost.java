package dev.alm.controller.cost;

import java.util.function.DoubleBinaryOperator;

/**
 * Any offload cost h(x, A), convex in x, given as a function; step 5 of Algorithm 1 (paper 004) is
 * solved by 1-D minimisation (Brent) on [0, 1]. Used for costs other than eq. (8), and to check the
 * closed form (32).
 */
public final class NumericOffloadCost implements OffloadCost {

  private final DoubleBinaryOperator h;

  /**
   * @param h h(x, A)
   */
  public NumericOffloadCost(DoubleBinaryOperator h) {
    this.h = h;
  }

  @Override
  public double value(double x, double demand) {
    return h.applyAsDouble(x, demand);
  }

  @Override
  public double derivative(double x, double demand) {
    double step = 1e-7;
    double lo = Math.max(0, x - step);
    double hi = Math.min(1, x + step);
    return (h.applyAsDouble(hi, demand) - h.applyAsDouble(lo, demand)) / (hi - lo);
  }

  @Override
  public double minimiser(double demand, double beta) {
    if (demand <= 0) {
      return 1;
    }
    return NumericMinimiser.argmin(x -> h.applyAsDouble(x, demand) + demand * beta * x, 0, 1);
  }
}
