package dev.alm.app;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.loadgen.UserCounts;
import dev.alm.loop.NoiseMargin;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The optimum of P1 with all the load the proxies meter (docs/cluster.md, docs/lab/outputs.md):
 * besides the requests that follow x, a proxy counts in S_j requests that go to L1 whatever x is.
 * They are a fixed background load B_j on proxy j, from what the run measured: in {@code alm
 * cluster} PoP i's users' correlation-beacon fetches, r_i per second, routed through C (B_j = sum_i
 * C_ij r_i / loadUnit); in {@code alm lab} each network's fetches and catchment checks on the proxy
 * its HTTP catchment is at ({@link LabBackground}). The optimum is then {@link CentralOptimum} on
 * the same topology with capacities T_j - B_j, floored at {@value #CAPACITY_FLOOR} T_j.
 *
 * <p>FastControl probes go to L1 too, but a proxy answers them at once and never counts them in S_i
 * nor sheds them (docs/proxy-node.md, "FastControl probes"): they take none of T_j, and are left
 * out. {@code alm cluster}'s users fetch no correlation beacons, so there B = 0. Pure apart from
 * the solver.
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

  /**
   * Per PoP (topology order), the fetches from L1 per second that the proxies meter but that do not
   * follow x (correlation-beacon fetches) of the users whose DNS answers came from that PoP. {@code
   * rowOf} maps a users' key (a PoP id in {@code alm cluster}) to the PoP whose DNS answers them;
   * keys it maps to null or to no PoP are left out.
   */
  static double[] fetchRates(
      List<String> ids,
      Map<String, UserCounts> users,
      Function<String, String> rowOf,
      double seconds) {
    double[] r = new double[ids.size()];
    if (!(seconds > 0)) {
      return r;
    }
    for (Map.Entry<String, UserCounts> e : users.entrySet()) {
      String pop = rowOf.apply(e.getKey());
      int i = pop == null ? -1 : ids.indexOf(pop);
      if (i >= 0) {
        r[i] += e.getValue().beaconFetches() / seconds;
      }
    }
    return r;
  }

  /** B_j = sum_i C_ij r_i / loadUnit, load units. */
  static double[] background(CorrelationMatrix c, double[] rates, double loadUnit) {
    int n = c.size();
    double[] b = new double[n];
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        b[j] += c.get(i, j) * rates[i] / loadUnit;
      }
    }
    return b;
  }

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

  /** B from the fetch rates, and the optimum of P1 with the capacities it leaves. */
  static Result solve(CentralOptimum solver, Topology t, double[] rates, double loadUnit) {
    return solve(solver, t, background(t.correlation(), rates, loadUnit));
  }

  /** The optimum of P1 with the capacities a background load {@code b} (load units) leaves. */
  static Result solve(CentralOptimum solver, Topology t, double[] b) {
    return new Result(b, solver.solve(reduced(t, b)));
  }

  /**
   * The proxies whose load that does not follow x, {@code background} (load units, topology order),
   * is at or above their capacity: they stay at or over it whatever x every PoP answers with, so no
   * controller settles them (a small proxy that every network's anycast traffic reaches, say, and
   * their beacon fetches). Their ids, in topology order.
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
