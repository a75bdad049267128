package dev.alm.controller.cost;

/**
 * The cost h_i(x_i) of sending the share 1 - x_i of PoP i's demand A_i to the far datacenter L2 (paper 004
 * eq. (5), (8)). Convex in x on [0, 1]; it depends on the demand A, which is a measurement.
 */
public interface OffloadCost {

  /** h(x) for demand A. */
  double value(double x, double demand);

  /** dh/dx at x for demand A. */
  double derivative(double x, double demand);

  /**
   * {@code argmin_{0 <= x <= 1} h(x) + A beta x} (eq. 13, second line). With A = 0 every x costs nothing and
   * the answer is 1: a PoP without demand keeps answering L1.
   */
  double minimiser(double demand, double beta);
}
