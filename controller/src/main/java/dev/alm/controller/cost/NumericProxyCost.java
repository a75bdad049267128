package dev.alm.controller.cost;

import java.util.function.DoubleUnaryOperator;

/**
 * Any convex, increasing proxy cost g given as a function; step 5 of Algorithm 1 (paper 004) is
 * solved by 1-D minimisation (Brent) instead of a closed form. Used for costs other than eq. (7),
 * and to check the closed form (31).
 */
public final class NumericProxyCost implements ProxyCost {

  /** g is searched on [0, T (1 - EDGE)] because it is infinite at T. */
  private static final double EDGE = 1e-12;

  private final DoubleUnaryOperator g;
  private final double capacity;

  public NumericProxyCost(DoubleUnaryOperator g, double capacity) {
    if (!(capacity > 0)) {
      throw new IllegalArgumentException("capacity must be > 0");
    }
    this.g = g;
    this.capacity = capacity;
  }

  @Override
  public double value(double s) {
    if (s < 0 || s >= capacity) {
      return Double.POSITIVE_INFINITY;
    }
    return g.applyAsDouble(s);
  }

  @Override
  public double capacity() {
    return capacity;
  }

  @Override
  public double minimiser(double mu) {
    return NumericMinimiser.argmin(s -> value(s) - mu * s, 0, capacity * (1 - EDGE));
  }

  @Override
  public double derivative(double s) {
    double h = capacity * 1e-7;
    double lo = Math.max(0, s - h);
    double hi = Math.min(capacity * (1 - EDGE), s + h);
    return (value(hi) - value(lo)) / (hi - lo);
  }
}
