package dev.alm.app;

import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.loop.NoiseMargin;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The optimum of P1 with all the load the proxies meter (docs/cluster.md, docs/lab/outputs.md):
 * besides the requests that follow x, a proxy counts in S_j requests that go to L1 whatever x is.
 * They are a fixed background load B_j on proxy j, from what the run measured: in {@code alm lab}
 * each network's catchment checks on the proxy its HTTP catchment is at ({@link LabBackground}); in
 * {@code alm cluster} none (B = 0). The optimum is then {@link CentralOptimum} on the same topology
 * with capacities T_j - B_j, floored at {@value #CAPACITY_FLOOR} T_j.
 *
 * <p>FastControl probes and correlation beacons' fetches go to L1 too, but a proxy answers them at
 * once and never counts them in S_i nor sheds them (docs/proxy-node.md, "FastControl probes" and
 * "Correlation beacons"): they take none of T_j, and are left out. Pure apart from the solver.
 */
final class AllLoadOptimum {

  /** The share of T_j left to x when the background load takes all of it or more. */
  static final double CAPACITY_FLOOR = 0.01;

  /**
   * @param background B_j per PoP, load units
   * @param optimum the optimum of P1 with capacities T_j - B_j
   */
  record Result(double[] background, OptimumResult optimum) {}

  private AllLoadOptimum() {}

  /** The topology with capacities max(T_j - B_j, {@value #CAPACITY_FLOOR} T_j). */
  static Topology reduced(Topology t, double[] background) {
    List<Node> nodes = new ArrayList<>(t.size());
    for (int j = 0; j < t.size(); j++) {
      Node n = t.node(j);
      double capacity = Math.max(n.capacity() - background[j], CAPACITY_FLOOR * n.capacity());
      nodes.add(new Node(n.id(), capacity, n.demand(), n.eta(), n.gamma(), n.d()));
    }
    return t.withNodes(nodes);
  }

  /** The optimum of P1 with the capacities a background load {@code b} (load units) leaves. */
  static Result solve(CentralOptimum solver, Topology t, double[] b) {
    return new Result(b, solver.solve(reduced(t, b)));
  }

  /**
   * The proxies whose load that does not follow x, {@code background} (load units, topology order),
   * is at or above their capacity: they stay at or over it whatever x every PoP answers with, so no
   * controller settles them (a small proxy that every network's anycast traffic reaches, say, and
   * their catchment checks). Their ids, in topology order.
   */
  static List<String> overloadedWhateverX(Topology t, double[] background) {
    List<String> out = new ArrayList<>();
    for (int j = 0; j < t.size() && j < background.length; j++) {
      if (background[j] >= t.node(j).capacity()) {
        out.add(t.node(j).id());
      }
    }
    return out;
  }

  /**
   * The topology with each capacity T_j replaced by the T'_j the dual aims its proxy's load at
   * ({@link NoiseMargin}: below T_j by the Poisson noise of a 5-interval mean at {@code loadUnit}
   * requests/s per load unit and {@code dt} s intervals, so that noise alone does not carry the
   * mean over the guard load {@code guardLoad}). Its optimum is the one the loop converges to.
   */
  static Topology aimed(Topology t, double loadUnit, double dt, double guardLoad) {
    List<Node> nodes = new ArrayList<>(t.size());
    for (int j = 0; j < t.size(); j++) {
      Node n = t.node(j);
      double capacity = NoiseMargin.capacity(n.capacity(), loadUnit, dt, guardLoad);
      nodes.add(new Node(n.id(), capacity, n.demand(), n.eta(), n.gamma(), n.d()));
    }
    return t.withNodes(nodes);
  }
}
