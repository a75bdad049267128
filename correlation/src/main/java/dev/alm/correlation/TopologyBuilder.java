package dev.alm.correlation;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A topology around an estimated C, so the estimate feeds {@code alm compare} and {@code alm
 * simulate} directly: each node takes its capacity T_i, demand A_i and cost parameters (eq. 7, 8)
 * from a template topology when the template has that node, else from defaults; measured mean
 * demands, when given, replace A_i.
 */
public final class TopologyBuilder {

  /**
   * Values for nodes the template does not name.
   *
   * @param capacity T_i &gt; 0
   * @param demand A_i &gt;= 0
   * @param eta eta_i &gt; 0 of eq. (7)
   * @param gamma gamma_i &gt; 0 of eq. (8)
   * @param d d_i &gt;= 0 of eq. (8)
   */
  public record NodeDefaults(double capacity, double demand, double eta, double gamma, double d) {
    public NodeDefaults {
      new Node("defaults", capacity, demand, eta, gamma, d); // validates every field
    }
  }

  private TopologyBuilder() {}

  /**
   * @param c the estimated matrix
   * @param defaults values for nodes not in the template
   * @param template a topology whose nodes give values by id; may be {@code null}
   * @param demands mean demand per node id, replacing A_i; may be empty
   */
  public static Topology build(
      CorrelationMatrix c, NodeDefaults defaults, Topology template, Map<String, Double> demands) {
    List<Node> nodes = new ArrayList<>();
    for (String id : c.ids()) {
      Node n =
          new Node(
              id,
              defaults.capacity(),
              defaults.demand(),
              defaults.eta(),
              defaults.gamma(),
              defaults.d());
      if (template != null) {
        for (Node t : template.nodes()) {
          if (t.id().equals(id)) {
            n = t;
          }
        }
      }
      Double a = demands.get(id);
      if (a != null) {
        n = n.withDemand(a);
      }
      nodes.add(n);
    }
    return new Topology(nodes, c);
  }
}
