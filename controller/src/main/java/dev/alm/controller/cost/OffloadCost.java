package dev.alm.controller.cost;

/**
 * The cost h_i(x_i) of sending the share 1 - x_i of PoP i's demand A_i to the far datacenter L2
 * (paper 004 eq. (5), (8)). Convex in x on [0, 1]; it depends on the demand A, which is a
 * measurement.
 */
public interface OffloadCost {

  /** h(x) for demand A. */
  double value(double x, double demand);

  /** dh/dx at x for demand A. */
  double derivative(double x, double demand);

  /**
   * {@code argmin_{0 <= x <= 1} h(x) + A beta x} (eq. 13, second line). With A = 0 every x costs
   * nothing and the answer is 1: a PoP without demand keeps answering L1.
   */
  double minimiser(double demand, double beta);

  /**
   * kappa = -A dx*(beta)/dbeta = A^2 / h''(x) for an interior minimiser: how strongly the PoP's L1
   * traffic A x reacts to its coupling price beta. Used by the scaled dual step. The default takes
   * a finite difference of h at x = 1/2 (with A = 1 when the demand is 0); closed forms override
   * it.
   */
  default double sensitivity(double demand) {
    double a = demand > 0 ? demand : 1;
    double step = 1e-3;
    double second =
        (value(0.5 + step, a) - 2 * value(0.5, a) + value(0.5 - step, a)) / (step * step);
    return second > 0 ? a * a / second : Double.POSITIVE_INFINITY;
  }
}
