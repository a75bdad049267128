package dev.alm.controller.model;

import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.cost.QueueingDelayCost;
import dev.alm.controller.cost.RoundTripCost;
import java.util.ArrayList;
import java.util.List;

/**
 * A CDN as paper 004 section II models it: N nodes (proxy capacity, DNS demand, costs) and the
 * correlation matrix C that anycast routing imposes. Immutable; node order is the matrix order.
 */
public final class Topology {

  private final List<Node> nodes;
  private final CorrelationMatrix correlation;
  private final List<ProxyCost> proxyCosts;
  private final List<OffloadCost> offloadCosts;

  /**
   * @throws IllegalArgumentException when the matrix ids differ from the node ids or their order
   */
  public Topology(List<Node> nodes, CorrelationMatrix correlation) {
    List<String> ids = nodes.stream().map(Node::id).toList();
    if (!ids.equals(correlation.ids())) {
      throw new IllegalArgumentException(
          "node ids " + ids + " do not match the correlation matrix ids " + correlation.ids());
    }
    this.nodes = List.copyOf(nodes);
    this.correlation = correlation;
    this.proxyCosts =
        nodes.stream().map(n -> (ProxyCost) new QueueingDelayCost(n.eta(), n.capacity())).toList();
    this.offloadCosts =
        nodes.stream().map(n -> (OffloadCost) new RoundTripCost(n.gamma(), n.d())).toList();
  }

  private Topology(
      List<Node> nodes, CorrelationMatrix correlation, List<ProxyCost> g, List<OffloadCost> h) {
    this.nodes = nodes;
    this.correlation = correlation;
    this.proxyCosts = List.copyOf(g);
    this.offloadCosts = List.copyOf(h);
  }

  /**
   * The same topology with other convex cost functions (for example {@link
   * dev.alm.controller.cost.NumericProxyCost}), in place of eq. (7) and (8). The capacities of
   * {@code g} must equal the nodes' capacities.
   */
  public Topology withCosts(List<ProxyCost> g, List<OffloadCost> h) {
    if (g.size() != nodes.size() || h.size() != nodes.size()) {
      throw new IllegalArgumentException(
          "expected " + nodes.size() + " cost functions of each kind");
    }
    for (int i = 0; i < g.size(); i++) {
      if (g.get(i).capacity() != nodes.get(i).capacity()) {
        throw new IllegalArgumentException(
            "node " + nodes.get(i).id() + ": cost capacity differs from T_i");
      }
    }
    return new Topology(nodes, correlation, g, h);
  }

  /** The same topology with the unit matrix in place of C ({@link CorrelationMatrix#identity}). */
  public Topology withoutCorrelation() {
    return new Topology(nodes, CorrelationMatrix.identity(ids()), proxyCosts, offloadCosts);
  }

  public int size() {
    return nodes.size();
  }

  public List<Node> nodes() {
    return nodes;
  }

  public Node node(int i) {
    return nodes.get(i);
  }

  public List<String> ids() {
    return correlation.ids();
  }

  public CorrelationMatrix correlation() {
    return correlation;
  }

  /** Capacities T. */
  public double[] capacities() {
    return nodes.stream().mapToDouble(Node::capacity).toArray();
  }

  /** Demands A. */
  public double[] demands() {
    return nodes.stream().mapToDouble(Node::demand).toArray();
  }

  /** Proxy load S = C^T diag(A) x, paper 004 eq. (21)-(23). */
  public double[] load(double[] x) {
    return correlation.load(demands(), x);
  }

  /** The proxy cost g_i of node i: eq. (7) unless replaced by {@link #withCosts}. */
  public ProxyCost proxyCost(int i) {
    return proxyCosts.get(i);
  }

  /** The offload cost h_i of node i: eq. (8) unless replaced by {@link #withCosts}. */
  public OffloadCost offloadCost(int i) {
    return offloadCosts.get(i);
  }

  /** The same topology with the demands replaced by {@code a}. */
  public Topology withDemands(double[] a) {
    if (a.length != nodes.size()) {
      throw new IllegalArgumentException("expected " + nodes.size() + " demands, got " + a.length);
    }
    List<Node> copy = new ArrayList<>(nodes.size());
    for (int i = 0; i < a.length; i++) {
      copy.add(nodes.get(i).withDemand(a[i]));
    }
    return new Topology(copy, correlation);
  }

  /** The same topology with new nodes (same ids, same order) and the same matrix. */
  public Topology withNodes(List<Node> newNodes) {
    return new Topology(newNodes, correlation);
  }
}
