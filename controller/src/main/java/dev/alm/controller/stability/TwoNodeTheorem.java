package dev.alm.controller.stability;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.DemandBounds;
import dev.alm.controller.stability.StabilityReport.FixedPoint;
import dev.alm.controller.stability.StabilityReport.TheoremCase;
import dev.alm.controller.stability.StabilityReport.TwoNode;
import java.util.List;

/**
 * Theorem 4.3 of paper 004 for a two-node topology with C parametrised as eq. (29), {@code C =
 * [[alpha, 1 - alpha], [1 - beta, beta]]}, plus the stability of the corner fixed points (0, 1) and
 * (1, 0) of eq. (52)-(54) read from the Jacobian (46)-(48).
 *
 * <p>The theorem and its proof (appendix VII-E) take one capacity T for both nodes. Part 2 (alpha,
 * beta &gt; 1/2: locally controllable for every A) needs it: with T_1 != T_2 the corner (0, 1) is
 * stable with node 1 in uncontrollable overload whenever T_1/(1 - beta) &lt; A_2 &lt; T_2/beta, an
 * interval that is not empty for, say, beta = 0.6, T = (0.3, 0.7); so part 2 guarantees
 * controllability only when the capacities are equal. Part 3 (alpha, beta &lt; 1/2: controllable
 * when A_1 &lt; T/(1-alpha) and A_2 &lt; T/(1-beta)) is, redone with two capacities, condition
 * (28): A_1 (1 - alpha) &lt; T_2 protects node 2 and A_2 (1 - beta) &lt; T_1 protects node 1, so
 * its bounds are T_2/(1-alpha) and T_1/(1-beta), which are the paper's when T_1 = T_2. The case
 * follows the theorem's statement (both parameters below 1/2); appendix VII-E closes with a looser
 * "either".
 */
public final class TwoNodeTheorem {

  private TwoNodeTheorem() {}

  /**
   * Theorem 4.3 for {@code topology}, with the corners described by {@code search} and counted
   * against the fixed points {@code found} it reached.
   *
   * @throws IllegalArgumentException unless the topology has two nodes
   */
  public static TwoNode apply(Topology topology, FixedPointSearch search, List<FixedPoint> found) {
    if (topology.size() != 2) {
      throw new IllegalArgumentException("Theorem 4.3 needs two nodes, got " + topology.size());
    }
    double alpha = topology.correlation().self(0);
    double beta = topology.correlation().self(1);
    double[] a = topology.demands();
    double[] t = topology.capacities();
    TheoremCase theoremCase;
    DemandBounds bounds = null;
    boolean guaranteed;
    boolean equalCapacities = t[0] == t[1];
    if (alpha > 0.5 && beta > 0.5) {
      theoremCase = TheoremCase.ALL_DEMANDS_CONTROLLABLE;
      guaranteed = equalCapacities;
    } else if (alpha < 0.5 && beta < 0.5) {
      theoremCase = TheoremCase.DEMAND_BOUNDED;
      double first = t[1] / (1 - alpha);
      double second = t[0] / (1 - beta);
      bounds = new DemandBounds(first, second, a[0] < first && a[1] < second);
      guaranteed = bounds.satisfied();
    } else {
      theoremCase = TheoremCase.SILENT;
      guaranteed = false;
    }
    double[] x01 = {0, 1};
    double[] x10 = {1, 0};
    FixedPoint corner01 = search.describe(x01, search.reachedCount(found, x01));
    FixedPoint corner10 = search.describe(x10, search.reachedCount(found, x10));
    return new TwoNode(
        alpha, beta, equalCapacities, theoremCase, bounds, guaranteed, corner01, corner10);
  }
}
