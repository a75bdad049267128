package dev.alm.controller.cost;

/**
 * The overload cost g_i(S_i) of a proxy (paper 004 eq. (5)): closed, proper, convex and increasing,
 * finite on [0, T_i), infinite above. The dual algorithm needs only its conjugate-style minimiser,
 * step 5 of Algorithm 1: {@code S*(mu) = argmin_{0 <= S <= T} g(S) - mu S}.
 */
public interface ProxyCost {

  /** g(S); {@link Double#POSITIVE_INFINITY} outside the domain. */
  double value(double s);

  /** The capacity T_i that bounds the domain of g. */
  double capacity();

  /** {@code argmin_{0 <= S <= T} g(S) - mu S} (eq. 13, first line). */
  double minimiser(double mu);

  /**
   * dS*(mu)/d(mu), used by the scaled dual step. The default is a central finite difference of
   * {@link #minimiser(double)}; closed forms override it.
   */
  default double minimiserSlope(double mu) {
    double h = Math.max(1e-6, Math.abs(mu) * 1e-6);
    double lo = Math.max(0, mu - h);
    return (minimiser(mu + h) - minimiser(lo)) / (mu + h - lo);
  }

  /** g'(S), the marginal cost; the optimal price of a proxy with load S (KKT of P1). */
  double derivative(double s);
}
