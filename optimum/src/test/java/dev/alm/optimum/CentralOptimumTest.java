package dev.alm.optimum;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.cost.NumericOffloadCost;
import dev.alm.controller.cost.NumericProxyCost;
import dev.alm.controller.cost.Objective;
import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.apache.commons.math3.optim.univariate.UnivariatePointValuePair;
import org.junit.jupiter.api.Test;

class CentralOptimumTest {

  private static final double TOL = 1e-4;
  private final CentralOptimum optimum = new CentralOptimum();

  /** The example of section III-B: C = [[0.1, 0.9], [0.5, 0.5]], A = (1, 1), T = (0.7, 0.7). */
  @Test
  void twoNodeExampleOfSectionIIIB() {
    Topology t =
        new Topology(
            List.of(new Node("a", 0.7, 1, 1, 10, 0.5), new Node("b", 0.7, 1, 1, 10, 0.5)),
            CorrelationMatrix.of(List.of("a", "b"), new double[][] {{0.1, 0.9}, {0.5, 0.5}}));
    OptimumResult r = solved(t);
    assertTrue(r.upperBound() < Objective.cost(t, new double[] {0, 0}), r.toString());
  }

  /** (b) The lower bound is below W at every feasible point. */
  @Test
  void lowerBoundIsBelowTheCostOfRandomFeasiblePoints() {
    onRandomDraws(
        11,
        (t, r, rnd) -> {
          double w = Objective.cost(t, feasible(t, rnd));
          assertTrue(Double.isFinite(w));
          assertTrue(
              r.lowerBound() <= w + 1e-9 * Math.abs(w), "W(x) = " + w + " < " + r.lowerBound());
        });
  }

  /** (c) Weak duality: D(mu) of eq. (12) never exceeds the upper bound. */
  @Test
  void dualFunctionStaysBelowTheUpperBound() {
    onRandomDraws(
        12,
        (t, r, rnd) -> {
          double[] mu = new double[t.size()];
          double scale = Math.pow(10, rnd.nextDouble() * 4 - 1);
          for (int i = 0; i < mu.length; i++) {
            mu[i] = rnd.nextDouble() < 0.2 ? 0 : scale * rnd.nextDouble();
          }
          double d = Objective.dual(t, mu);
          assertTrue(
              d <= r.upperBound() + 1e-9 * Math.abs(r.upperBound()), "D(mu) = " + d + " > " + r);
        });
  }

  /** A check of one random draw against the optimum of a topology. */
  private interface DrawCheck {
    void check(Topology t, OptimumResult r, Random rnd);
  }

  /**
   * Solves a random 10-node topology drawn from {@code seed} and makes 500 checks, each drawing
   * from the same generator.
   */
  private void onRandomDraws(long seed, DrawCheck check) {
    Random rnd = new Random(seed);
    Topology t = randomTopology(rnd, 10, 1.0);
    OptimumResult r = solved(t);
    for (int k = 0; k < 500; k++) {
      check.check(t, r, rnd);
    }
  }

  /**
   * (d) Heavy demand: x = 1 would overload, so the optimum offloads and (9) binds near capacity.
   */
  @Test
  void heavyDemandOffloadsAndConverges() {
    Random rnd = new Random(13);
    Topology base = randomTopology(rnd, 5, 1.0);
    Topology t = base.withDemands(new double[] {5, 5, 5, 5, 5});
    assertEquals(Double.POSITIVE_INFINITY, Objective.cost(t, new double[] {1, 1, 1, 1, 1}));
    OptimumResult r = solved(t);
    double[] s = r.s();
    for (int i = 0; i < t.size(); i++) {
      assertTrue(r.x()[i] < 1, "node " + i + " should offload: " + r);
      assertTrue(s[i] > 0.5 * t.node(i).capacity(), "proxy " + i + " should be well used: " + r);
    }
  }

  /** (e) One node: the optimum of g(C A x) + h(x) over x, found by Brent's method. */
  @Test
  void singleNodeMatchesOneDimensionalMinimisation() {
    for (double demand : new double[] {0.3, 1, 4}) {
      Topology t =
          new Topology(
              List.of(new Node("a", 0.7, demand, 1, 10, 0.5)),
              CorrelationMatrix.of(List.of("a"), new double[][] {{1}}));
      double hi = Math.min(1, 0.7 * (1 - 1e-12) / demand);
      UnivariatePointValuePair best =
          new BrentOptimizer(1e-12, 1e-14)
              .optimize(
                  new MaxEval(10_000),
                  new UnivariateObjectiveFunction(x -> Objective.cost(t, new double[] {x})),
                  GoalType.MINIMIZE,
                  new SearchInterval(0, hi, hi / 2));
      double wStar = Math.min(best.getValue(), Objective.cost(t, new double[] {hi}));
      OptimumResult r = optimum.solve(t);
      assertConverged(t, r);
      assertEquals(wStar, r.upperBound(), TOL * wStar, "A = " + demand);
      assertTrue(r.lowerBound() <= wStar * (1 + 1e-9), "A = " + demand + ": " + r);
      assertEquals(best.getPoint(), r.x()[0], 1e-2, "A = " + demand);
    }
  }

  @Test
  void nodesWithoutDemandKeepAnsweringL1() {
    Random rnd = new Random(14);
    Topology base = randomTopology(rnd, 6, 2.0);
    double[] a = base.demands();
    a[1] = 0;
    a[4] = 0;
    Topology t = base.withDemands(a);
    OptimumResult r = solved(t);
    assertEquals(1, r.x()[1]);
    assertEquals(1, r.x()[4]);
  }

  /**
   * Generic convex costs through {@link Topology#withCosts}: only value and derivative are used.
   */
  @Test
  void genericCostsConverge() {
    Random rnd = new Random(15);
    Topology base = randomTopology(rnd, 8, 1.5);
    List<ProxyCost> g = new ArrayList<>();
    List<OffloadCost> h = new ArrayList<>();
    for (Node n : base.nodes()) {
      double cap = n.capacity();
      g.add(new NumericProxyCost(s -> s + 0.2 * s * s / (cap - s), cap));
      h.add(new NumericOffloadCost((x, a) -> 3 * a * Math.exp(1 - x) - 3 * a));
    }
    Topology t = base.withCosts(g, h);
    OptimumResult r = solved(t);
  }

  /** The scale of paper 004 section V: 48 nodes, eq. (30), Poisson demands up to a mean of 10. */
  @Test
  void paperScaleTopologiesConverge() {
    Random rnd = new Random(16);
    for (double mean : new double[] {0.1, 1, 3, 10}) {
      Topology t = paperTopology(rnd, 48, mean);
      OptimumResult r = optimum.solve(t);
      assertConverged(t, r);
      assertTrue(r.cutRounds() < optimum.maxCutRounds(), "mean " + mean + ": " + r.cutRounds());
    }
  }

  @Test
  void parallelSolvesAgreeWithSequentialOnes() throws Exception {
    Random rnd = new Random(17);
    List<Topology> topologies = new ArrayList<>();
    for (int k = 0; k < 16; k++) {
      topologies.add(paperTopology(rnd, 24, 0.5 + k * 0.5));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<OptimumResult>> futures = new ArrayList<>();
      for (Topology t : topologies) {
        futures.add(pool.submit(() -> optimum.solve(t)));
      }
      for (int k = 0; k < topologies.size(); k++) {
        OptimumResult parallel = futures.get(k).get();
        OptimumResult sequential = optimum.solve(topologies.get(k));
        assertEquals(
            sequential.upperBound(), parallel.upperBound(), 1e-9 * sequential.upperBound());
        assertArrayEquals(sequential.x(), parallel.x(), 1e-9);
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void roundLimitReturnsBoundsInsteadOfThrowing() {
    Topology t = paperTopology(new Random(18), 48, 5);
    OptimumResult r = optimum.withMaxCutRounds(0).solve(t);
    assertEquals(0, r.cutRounds());
    assertTrue(r.lowerBound() <= r.upperBound());
    assertEquals(OptimumResult.gap(r.lowerBound(), r.upperBound()), r.relativeGap());
  }

  @Test
  void settingsAreValidated() {
    assertEquals(1e-4, optimum.relativeTolerance());
    assertThrows(IllegalArgumentException.class, () -> new CentralOptimum(0, 10));
    assertThrows(IllegalArgumentException.class, () -> new CentralOptimum(1, 10));
    assertThrows(IllegalArgumentException.class, () -> new CentralOptimum(Double.NaN, 10));
    assertThrows(IllegalArgumentException.class, () -> optimum.withMaxCutRounds(-1));
  }

  /** The optimum of {@code t}, checked to have converged. */
  private OptimumResult solved(Topology t) {
    OptimumResult r = optimum.solve(t);
    assertConverged(t, r);
    return r;
  }

  private static void assertConverged(Topology t, OptimumResult r) {
    assertTrue(Double.isFinite(r.lowerBound()) && Double.isFinite(r.upperBound()), r.toString());
    assertTrue(r.lowerBound() <= r.upperBound(), r.toString());
    assertTrue(r.relativeGap() <= TOL, r.toString());
    assertEquals(Objective.cost(t, r.x()), r.upperBound(), 1e-12 * Math.abs(r.upperBound()));
    assertArrayEquals(t.load(r.x()), r.s(), 1e-12);
    for (int i = 0; i < t.size(); i++) {
      assertTrue(r.x()[i] >= 0 && r.x()[i] <= 1, r.toString());
      assertTrue(r.s()[i] < t.node(i).capacity(), "proxy " + i + " over capacity: " + r);
    }
  }

  /**
   * A random feasible x: uniform, then scaled down until every proxy is below 99% of its capacity.
   */
  private static double[] feasible(Topology t, Random rnd) {
    double[] x = new double[t.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = rnd.nextDouble();
    }
    double[] s = t.load(x);
    double theta = 1;
    for (int i = 0; i < s.length; i++) {
      if (s[i] > 0) {
        theta = Math.min(theta, 0.99 * t.node(i).capacity() / s[i]);
      }
    }
    for (int i = 0; i < x.length; i++) {
      x[i] *= theta * rnd.nextDouble();
    }
    return x;
  }

  /**
   * Random nodes and a positive, row-normalised C; demands scaled by {@code load} relative to
   * capacity.
   */
  static Topology randomTopology(Random rnd, int n, double load) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double cap = 0.5 + rnd.nextDouble();
      nodes.add(
          new Node(
              "n" + i,
              cap,
              load * cap * 2 * rnd.nextDouble(),
              0.5 + rnd.nextDouble(),
              5 + 10 * rnd.nextDouble(),
              rnd.nextDouble()));
    }
    return new Topology(nodes, randomMatrix(rnd, nodes.stream().map(Node::id).toList()));
  }

  /** Eq. (30): gamma = 10, eta = 1, T = 0.7, d ~ U[0, 1], A ~ Poisson(mean); C diagonally heavy. */
  static Topology paperTopology(Random rnd, int n, double mean) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      nodes.add(new Node("p" + i, 0.7, poisson(rnd, mean), 1, 10, rnd.nextDouble()));
    }
    return new Topology(nodes, randomMatrix(rnd, nodes.stream().map(Node::id).toList()));
  }

  /**
   * A positive C whose rows sum to one, with self-correlations C_ii between about 0.15 and 0.55.
   */
  private static CorrelationMatrix randomMatrix(Random rnd, List<String> ids) {
    int n = ids.size();
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      double sum = 0;
      for (int j = 0; j < n; j++) {
        c[i][j] =
            (i == j ? n * (0.2 + rnd.nextDouble()) : 0) + Math.pow(rnd.nextDouble(), 4) + 1e-3;
        sum += c[i][j];
      }
      for (int j = 0; j < n; j++) {
        c[i][j] /= sum;
      }
    }
    return CorrelationMatrix.of(ids, c);
  }

  private static double poisson(Random rnd, double mean) {
    double limit = Math.exp(-mean);
    double p = rnd.nextDouble();
    int k = 0;
    while (p > limit) {
      p *= rnd.nextDouble();
      k++;
    }
    return k;
  }
}
