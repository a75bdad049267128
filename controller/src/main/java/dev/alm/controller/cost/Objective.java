package dev.alm.controller.cost;

import dev.alm.controller.model.Topology;

/**
 * The objective W of problem P1, paper 004 eq. (5): {@code W(x, S) = sum_i g_i(S_i) + h_i(x_i)}
 * with {@code S = C^T diag(A) x} (eq. 6). Infinite when any proxy is at or above its capacity.
 */
public final class Objective {

  private Objective() {}

  /** W at x, with the load S that x induces. */
  public static double cost(Topology topology, double[] x) {
    return cost(topology, x, topology.load(x));
  }

  /** W at (x, S). */
  public static double cost(Topology topology, double[] x, double[] s) {
    double[] a = topology.demands();
    double w = 0;
    for (int i = 0; i < x.length; i++) {
      w += topology.proxyCost(i).value(s[i]) + topology.offloadCost(i).value(x[i], a[i]);
    }
    return w;
  }

  /**
   * The dual function D(mu) of eq. (12), a lower bound on the optimum of P1 for every mu &ge; 0
   * (weak duality).
   */
  public static double dual(Topology topology, double[] mu) {
    double[] a = topology.demands();
    double[] beta = topology.correlation().coupling(mu);
    double d = 0;
    for (int i = 0; i < mu.length; i++) {
      ProxyCost g = topology.proxyCost(i);
      OffloadCost h = topology.offloadCost(i);
      double s = g.minimiser(mu[i]);
      double x = h.minimiser(a[i], beta[i]);
      d += g.value(s) - mu[i] * s + h.value(x, a[i]) + a[i] * beta[i] * x;
    }
    return d;
  }
}
