package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Three agents on loopback, one customer {@link #C} limited to {@link #L}: their settings (short
 * timers), and the customer's shares at the three PoPs' limits, which the tests watch converge.
 *
 * @param pops PoP {@code i}'s limits, read at each call
 */
record ThreeAgents(IntFunction<SyntheticLimits> pops) {
  static final String C = "acme";
  static final double L = 600;
  static final KeyRing KEYS = KeyRing.ofText("gossip-key-0123456789abcdef");

  /** Agent {@code id}'s settings: three agents, customer C at L, short silence, timeout, lease. */
  static AgentSettings settings(int id) {
    return AgentSettings.defaults(id, 3, List.of(new CustomerLimit(C, L)))
        .withSilence(0.5)
        .withPeerTimeout(0.5)
        .withLease(1.5);
  }

  /** PoP {@code i}'s share, 0 while it has none. */
  double share(int i) {
    double s = pops.apply(i).share(C);
    return Double.isNaN(s) ? 0 : s;
  }

  double sum() {
    return share(0) + share(1) + share(2);
  }

  /** Shares proportional to demand (the limit binds) within {@code tol} of L each. */
  boolean proportional(double a, double b, double c, double tol) {
    double d = a + b + c;
    return Math.abs(share(0) - L * a / d) <= tol * L
        && Math.abs(share(1) - L * b / d) <= tol * L
        && Math.abs(share(2) - L * c / d) <= tol * L
        && Math.abs(sum() - L) <= tol * L;
  }
}
