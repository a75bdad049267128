package dev.alm.drl.agent;

import java.util.function.IntFunction;

/**
 * One customer's shares at three PoPs' limits, against its global limit: what the loopback tests of
 * three agents watch converge.
 *
 * @param pops PoP {@code i}'s limits, read at each call
 * @param customer the customer
 * @param limit its global limit L
 */
record ThreeShares(IntFunction<SyntheticLimits> pops, String customer, double limit) {

  /** PoP {@code i}'s share, 0 while it has none. */
  double share(int i) {
    double s = pops.apply(i).share(customer);
    return Double.isNaN(s) ? 0 : s;
  }

  double sum() {
    return share(0) + share(1) + share(2);
  }

  /** Shares proportional to demand (the limit binds) within {@code tol} of L each. */
  boolean proportional(double a, double b, double c, double tol) {
    double d = a + b + c;
    return Math.abs(share(0) - limit * a / d) <= tol * limit
        && Math.abs(share(1) - limit * b / d) <= tol * limit
        && Math.abs(share(2) - limit * c / d) <= tol * limit
        && Math.abs(sum() - limit) <= tol * limit;
  }
}
