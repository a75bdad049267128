package dev.alm.controller.cost;

/**
 * The affine-latency cost of traffic sent to L2, paper 004 eq. (8): {@code h(x) = gamma A (1 - x)(d
 * + A (1 - x))}, with the closed-form minimiser of eq. (32).
 */
public record RoundTripCost(double gamma, double d) implements OffloadCost {

  public RoundTripCost {
    if (!(gamma > 0) || !(d >= 0) || !Double.isFinite(gamma) || !Double.isFinite(d)) {
      throw new IllegalArgumentException("gamma must be > 0 and d >= 0, both finite");
    }
  }

  @Override
  public double value(double x, double demand) {
    double off = demand * (1 - x);
    return gamma * off * (d + off);
  }

  @Override
  public double derivative(double x, double demand) {
    return -gamma * demand * (d + 2 * demand * (1 - x));
  }

  /**
   * Eq. (32) with {@code c1 = A gamma}, {@code c2 = gamma d - beta}: 1 if c2 &gt; 0, {@code 1 +
   * c2/(2 c1)} if that lies in [0, 1], else 0. A = 0 gives 1.
   */
  @Override
  public double minimiser(double demand, double beta) {
    double c2 = gamma * d - beta;
    if (c2 > 0 || demand <= 0) {
      return 1;
    }
    double c1 = demand * gamma;
    if (2 * c1 >= -c2) {
      return 1 + c2 / (2 * c1);
    }
    return 0;
  }

  /** h'' = 2 gamma A^2, so kappa = A^2 / h'' = 1 / (2 gamma) whatever the demand. */
  @Override
  public double sensitivity(double demand) {
    return 1 / (2 * gamma);
  }
}
