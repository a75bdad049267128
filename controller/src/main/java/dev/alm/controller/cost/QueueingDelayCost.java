package dev.alm.controller.cost;

/**
 * The M/G/1 queueing-delay cost of paper 004 eq. (7): {@code g(S) = eta S / (1 - S/T)} for S &lt;
 * T, infinite otherwise, with the closed-form minimiser of eq. (31): {@code S*(mu) = T max(0, 1 -
 * sqrt(eta/mu))}.
 */
public record QueueingDelayCost(double eta, double capacity) implements ProxyCost {

  public QueueingDelayCost {
    if (!(eta > 0) || !(capacity > 0) || !Double.isFinite(eta) || !Double.isFinite(capacity)) {
      throw new IllegalArgumentException("eta and capacity must be finite and > 0");
    }
  }

  @Override
  public double value(double s) {
    if (s < 0) {
      return Double.POSITIVE_INFINITY;
    }
    if (s >= capacity) {
      return Double.POSITIVE_INFINITY;
    }
    return eta * s / (1 - s / capacity);
  }

  @Override
  public double derivative(double s) {
    if (s >= capacity) {
      return Double.POSITIVE_INFINITY;
    }
    double r = 1 - s / capacity;
    return eta / (r * r);
  }

  /** Eq. (31). */
  @Override
  public double minimiser(double mu) {
    if (mu <= eta) {
      return 0;
    }
    return capacity * (1 - Math.sqrt(eta / mu));
  }

  @Override
  public double minimiserSlope(double mu) {
    if (mu <= eta) {
      return 0;
    }
    return capacity * Math.sqrt(eta) / (2 * mu * Math.sqrt(mu));
  }
}
