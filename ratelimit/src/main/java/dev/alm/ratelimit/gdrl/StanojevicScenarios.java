package dev.alm.ratelimit.gdrl;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.alm.io.BuiltinQuery;
import dev.alm.io.InputException;
import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Edge;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.Laplacian;
import dev.alm.ratelimit.laplacian.UpdateCycle;
import dev.alm.ratelimit.sim.DemandSpec;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Paper 000's set-ups as builtin scenarios for {@code alm drl simulate}. One slot of the paper is
 * one second and one estimate interval here; demand lambda_i = i/(N+1) units/s arrives as Poisson
 * (the paper draws at most one arrival per slot); C = 1.1 Lambda; the per-second EWMA 0.999 is the
 * paper's low-pass filter alpha = 1e-3. Each scenario also sets {@code algorithms.gdrl.eta} (1/4 on
 * the ring, 1/(2d) on d-regular graphs, bound (15)) and {@code algorithms.dst} (half the graph's
 * optimal update cycle of paper 003's Theorem 2, on the smoothed demand: Theorem 2 assumes each
 * server sees its neighbours' current measures, and with the one-interval message delay of the
 * simulator the full cycle diverges on the ring, see docs/drl-design/simulator.md).
 */
public final class StanojevicScenarios {

  /** Filter weight per 1-second slot: alpha = 1e-3. */
  public static final double EWMA_PER_SLOT = 0.999;

  private StanojevicScenarios() {}

  /** {@code builtin:stanojevic-ring[?n=N&duration=S&seed=K]}: section III-A, 30,000 slots. */
  public static Scenario ring(BuiltinQuery q) throws InputException {
    q.only(Set.of("n", "duration", "seed"));
    int n = q.integer("n", 10, 3, 100_000);
    double duration = q.number("duration", 30_000, 10, 1e7);
    return build(q, Graphs.ring(n), 0.25, duration, i -> constant((i + 1.0) / (n + 1.0)));
  }

  /** {@code builtin:stanojevic-dynamic[?tau=T&seed=K]}: section III-B, 4 tau_0, tau_0 = 1e4. */
  public static Scenario dynamic(BuiltinQuery q) throws InputException {
    q.only(Set.of("tau", "seed"));
    double tau = q.number("tau", 1e4, 10, 1e7);
    int n = 10;
    double e = 1e-6 * tau;
    return build(
        q,
        Graphs.ring(n),
        0.25,
        4 * tau,
        i -> {
          double up = (i + 1.0) / (n + 1.0);
          double down = 1 - up;
          double[] t = {0, tau, tau + e, 2 * tau, 2 * tau + e, 3 * tau, 3 * tau + e, 4 * tau};
          double[] r = {up, up, down, down, up, down, up, up};
          return new double[][] {t, r};
        });
  }

  /**
   * {@code builtin:stanojevic-regular?n=N&d=D[&duration=S&seed=K]}: section III-C, a random
   * d-regular graph (seeded), eta = 1/(2d).
   */
  public static Scenario regular(BuiltinQuery q) throws InputException {
    q.only(Set.of("n", "d", "duration", "seed"));
    int n = q.integer("n", 100, 3, 100_000);
    int d = q.integer("d", 4, 2, 1000);
    double duration = q.number("duration", 20_000, 10, 1e7);
    CommunicationGraph g;
    try {
      g = Graphs.regular(n, d, q.integer("seed", 1, 0, Integer.MAX_VALUE));
    } catch (IllegalArgumentException ex) {
      throw new InputException(q.source(), "d", ex.getMessage());
    }
    return build(q, g, 1.0 / (2 * d), duration, i -> constant((i + 1.0) / (n + 1.0)));
  }

  private interface Rates {
    double[][] of(int limiter);
  }

  private static double[][] constant(double r) {
    return new double[][] {{0}, {r}};
  }

  private static Scenario build(
      BuiltinQuery q, CommunicationGraph g, double eta, double duration, Rates rates)
      throws InputException {
    int n = g.size();
    List<DemandSpec> demands = new ArrayList<>();
    double lambda = 0;
    for (int i = 0; i < n; i++) {
      double[][] tr = rates.of(i);
      demands.add(new DemandSpec(i, tr[0], tr[1]));
      lambda += tr[1][0];
    }
    List<int[]> edges = new ArrayList<>();
    double[] w = new double[g.edges().size()];
    for (int k = 0; k < g.edges().size(); k++) {
      Edge e = g.edges().get(k);
      edges.add(new int[] {e.a(), e.b()});
      w[k] = e.weight();
    }
    ObjectNode algorithms = JsonNodeFactory.instance.objectNode();
    algorithms.putObject("gdrl").put("eta", eta);
    algorithms
        .putObject("dst")
        .put("gamma", 0.5 * UpdateCycle.optimal(Laplacian.of(g)))
        .put("smooth", true);
    return Scenario.builder(q.source())
        .limiters(n)
        .globalLimit(1.1 * lambda)
        .unit("units/s")
        .duration(duration)
        .interval(1.0)
        .tick(1.0)
        .warmup(Math.min(duration / 3, 5000))
        .ewma(EWMA_PER_SLOT)
        .bucketDepth(2.0)
        .packetBytes(1)
        .branching(0)
        .graph(ScenarioGraph.fromEdges("edges", n, edges, w))
        .demands(demands)
        .seed(q.integer("seed", 1, 0, Integer.MAX_VALUE))
        .algorithms(algorithms)
        .build();
  }
}
