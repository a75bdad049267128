package dev.alm.controller.stability;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.NodeCondition;
import dev.alm.controller.stability.StabilityReport.Risk;
import java.util.ArrayList;
import java.util.List;

/**
 * The stability region Pi_C of paper 004 eq. (28): node i cannot end in locally uncontrollable
 * overload (eq. (26)-(27)) under the greedy heuristic when {@code sum_{j != i} C_ji A_j <= T_i},
 * the most load the other nodes' L1 answers can send to proxy i once i offloads everything. The
 * same bound is eq. (49) of appendix VII-D.
 */
public final class StabilityRegion {

  private StabilityRegion() {}

  /** Condition (28) at every node of {@code topology}, in node order. */
  public static List<NodeCondition> conditions(Topology topology) {
    CorrelationMatrix c = topology.correlation();
    double[] a = topology.demands();
    double[] t = topology.capacities();
    int n = topology.size();
    List<NodeCondition> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      double inflow = 0;
      for (int j = 0; j < n; j++) {
        if (j != i) {
          inflow += c.get(j, i) * a[j];
        }
      }
      out.add(
          new NodeCondition(
              topology.ids().get(i), inflow, t[i], inflow <= t[i] ? Risk.SAFE : Risk.AT_RISK));
    }
    return List.copyOf(out);
  }

  /** True when A lies in Pi_C, i.e. condition (28) holds at every node. */
  public static boolean contains(Topology topology) {
    return conditions(topology).stream().allMatch(c -> c.risk() == Risk.SAFE);
  }
}
