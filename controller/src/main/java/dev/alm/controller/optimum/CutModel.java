package dev.alm.controller.optimum;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;

/**
 * The linear outer approximation of P1 (paper 004 eq. 5, 9, 10) held in one GLOP {@link MPSolver}:
 * variables x_i in [0, 1], S_i in [0, T_i], and epigraph variables u_i &ge; g_i(S_i), v_i &ge; h_i(x_i)
 * enforced by tangent cuts. Cuts are only ever added, so the LP value never decreases and stays below W*.
 * Not thread-safe: one instance per solve. Releases the native solver on {@link #close()}.
 */
final class CutModel implements AutoCloseable {

  /** Initial cut points of g_i, as fractions of T_i; the last ones are steep so that S stays away from T. */
  private static final double[] G_SEED = parse("gseed", "0,0.5,0.8,0.9,0.95,0.99");
  /** Initial cut points of h_i on [0, 1]. */
  private static final double[] H_SEED = parse("hseed", "0,0.5,1");
  static double[] parse(String k, String d) { return java.util.Arrays.stream(System.getProperty(k, d).split(",")).mapToDouble(Double::parseDouble).toArray(); }
  /** Cut points of g_i stay at or below T_i (1 - MIN_HEADROOM), where g and g' are finite and sane. */
  private static final double MIN_HEADROOM = 1e-9;
  /** Cut points closer than this, relative to the width of the domain, count as the same point. */
  private static final double SAME_POINT = 1e-9;
  /** GLOP settings: the dual simplex re-optimises fastest after cuts (rows) are added. */
  private static final String GLOP_PARAMETERS = System.getProperty("glop", "use_dual_simplex: true");

  private final Topology topology;
  private final MPSolver solver;
  private final MPVariable[] x;
  private final MPVariable[] s;
  private final MPVariable[] u;
  private final MPVariable[] v;
  private final MPConstraint[] loadRow;
  private final double[] demand;
  private final double[] capacity;
  private final CutPoints[] proxyCuts;
  private final CutPoints[] offloadCuts;
  // The last LP solution, copied out of the solver: once a cut is added the solver's own values are stale.
  private final double[] xValue;
  private final double[] sValue;
  private final double[] uValue;
  private final double[] vValue;
  private final double[] price;
  private double value = Double.NaN;

  CutModel(Topology topology) {
    Natives.ensureLoaded();
    MPSolver created = MPSolver.createSolver("GLOP");
    if (created == null) {
      throw new IllegalStateException("OR-Tools has no GLOP linear solver");
    }
    this.topology = topology;
    this.solver = created;
    int n = topology.size();
    this.demand = topology.demands();
    this.capacity = topology.capacities();
    this.x = new MPVariable[n];
    this.s = new MPVariable[n];
    this.u = new MPVariable[n];
    this.v = new MPVariable[n];
    this.loadRow = new MPConstraint[n];
    this.proxyCuts = new CutPoints[n];
    this.offloadCuts = new CutPoints[n];
    this.xValue = new double[n];
    this.sValue = new double[n];
    this.uValue = new double[n];
    this.vValue = new double[n];
    this.price = new double[n];
    try {
      solver.setSolverSpecificParametersAsString(GLOP_PARAMETERS);
      build();
    } catch (RuntimeException e) {
      solver.delete();
      throw e;
    }
  }

  private void build() {
    int n = topology.size();
    double inf = MPSolver.infinity();
    MPObjective objective = solver.objective();
    for (int i = 0; i < n; i++) {
      boolean idle = demand[i] <= 0;
      // A node without demand keeps answering L1: x_i = 1 and h_i = 0.
      x[i] = solver.makeNumVar(idle ? 1 : 0, 1, "x" + i);
      s[i] = solver.makeNumVar(0, capacity[i], "S" + i);
      u[i] = solver.makeNumVar(-inf, inf, "u" + i);
      objective.setCoefficient(u[i], 1);
      proxyCuts[i] = new CutPoints(SAME_POINT * capacity[i]);
      for (double f : G_SEED) {
        addProxyCut(i, f * capacity[i]);
      }
      if (!idle) {
        v[i] = solver.makeNumVar(-inf, inf, "v" + i);
        objective.setCoefficient(v[i], 1);
        offloadCuts[i] = new CutPoints(SAME_POINT);
        for (double q : H_SEED) {
          addOffloadCut(i, q);
        }
      }
    }
    objective.setMinimization();
    // Eq. (9): sum_j C_ji A_j x_j - S_i <= 0.
    CorrelationMatrix c = topology.correlation();
    for (int i = 0; i < n; i++) {
      loadRow[i] = solver.makeConstraint(-inf, 0, "load" + i);
      loadRow[i].setCoefficient(s[i], -1);
      for (int j = 0; j < n; j++) {
        double coefficient = c.get(j, i) * demand[j];
        if (coefficient != 0) {
          loadRow[i].setCoefficient(x[j], coefficient);
        }
      }
    }
  }

  /** Solves the current LP and keeps its solution; false unless GLOP proved it optimal. */
  boolean solve() {
    if (solver.solve() != MPSolver.ResultStatus.OPTIMAL) {
      return false;
    }
    value = solver.objective().value();
    for (int i = 0; i < x.length; i++) {
      // x_i = 1 where A_i = 0; elsewhere clip GLOP's tolerance-sized excursions out of [0, 1].
      xValue[i] = demand[i] <= 0 ? 1 : Math.min(1, Math.max(0, x[i].solutionValue()));
      sValue[i] = s[i].solutionValue();
      uValue[i] = u[i].solutionValue();
      vValue[i] = v[i] == null ? 0 : v[i].solutionValue();
      // The price mu_i of (9): minus the dual of a <= row in a minimisation.
      price[i] = Math.max(0, -loadRow[i].dualValue());
    }
    return true;
  }

  /** The value of the last LP: a lower bound on the optimum of P1. */
  double value() {
    return value;
  }

  /** The last LP's x, in [0, 1]. */
  double[] x() {
    return xValue.clone();
  }

  /**
   * Adds tangent cuts from the last LP solution. Kelley cuts: at the LP's S_i (above the highest cut point, at
   * most halfway from it to T_i) and x_i, where the LP violates g_i or h_i by more than {@code minViolation}.
   * Price cuts: at the minimisers of the Lagrangian (eq. 13) for the LP's prices mu of (9), unless a cut is
   * already there.
   *
   * @return the number of cuts added
   */
  int refine(double minViolation) {
    int added = 0;
    double top = 1 - MIN_HEADROOM;
    double[] beta = topology.correlation().coupling(price);
    for (int i = 0; i < x.length; i++) {
      ProxyCost g = topology.proxyCost(i);
      double p = Math.max(0, sValue[i]);
      double highest = proxyCuts[i].highest();
      if (p > highest) {
        p = Math.min(p, highest + 0.5 * (capacity[i] - highest));
      }
      p = Math.min(p, capacity[i] * top);
      if (tangent(g, p, sValue[i]) - uValue[i] > minViolation && addProxyCut(i, p)) {
        added++;
      }
      if (addProxyCut(i, PriceTargets.proxyLoad(g, price[i], capacity[i] * top))) {
        added++;
      }
      if (v[i] != null) {
        OffloadCost h = topology.offloadCost(i);
        if (h.value(xValue[i], demand[i]) - vValue[i] > minViolation && addOffloadCut(i, xValue[i])) {
          added++;
        }
        if (addOffloadCut(i, PriceTargets.offloadShare(h, demand[i], beta[i]))) {
          added++;
        }
      }
    }
    return added;
  }

  /** The tangent of g at p, evaluated at s: g(p) + g'(p)(s - p); -infinity where g is not finite at p. */
  private static double tangent(ProxyCost g, double p, double at) {
    double value = g.value(p);
    double slope = g.derivative(p);
    if (!Double.isFinite(value) || !Double.isFinite(slope)) {
      return Double.NEGATIVE_INFINITY;
    }
    return value + slope * (at - p);
  }

  /**
   * u_i - g'(p) S_i &ge; g(p) - g'(p) p, the tangent of g_i at p in [0, T_i); false when there is a cut at p
   * already or g_i is not finite there.
   */
  private boolean addProxyCut(int i, double p) {
    ProxyCost g = topology.proxyCost(i);
    double value = g.value(p);
    double slope = g.derivative(p);
    if (!Double.isFinite(value) || !Double.isFinite(slope) || !proxyCuts[i].add(p)) {
      return false;
    }
    MPConstraint cut = solver.makeConstraint(value - slope * p, MPSolver.infinity());
    cut.setCoefficient(u[i], 1);
    cut.setCoefficient(s[i], -slope);
    return true;
  }

  /**
   * v_i - h'(q) x_i &ge; h(q) - h'(q) q, the tangent of h_i at q in [0, 1]; false when there is a cut at q
   * already or h_i is not finite there.
   */
  private boolean addOffloadCut(int i, double q) {
    OffloadCost h = topology.offloadCost(i);
    double value = h.value(q, demand[i]);
    double slope = h.derivative(q, demand[i]);
    if (!Double.isFinite(value) || !Double.isFinite(slope) || !offloadCuts[i].add(q)) {
      return false;
    }
    MPConstraint cut = solver.makeConstraint(value - slope * q, MPSolver.infinity());
    cut.setCoefficient(v[i], 1);
    cut.setCoefficient(x[i], -slope);
    return true;
  }

  @Override
  public void close() {
    solver.delete();
  }

  /** The cut points of one function, so that no tangent is added twice. */
  private static final class CutPoints {
    private final double same;
    private double[] points = new double[16];
    private int size;
    private double highest = Double.NEGATIVE_INFINITY;

    CutPoints(double same) {
      this.same = same;
    }

    /** Records p; false if a recorded point lies within the tolerance. */
    boolean add(double p) {
      for (int k = 0; k < size; k++) {
        if (Math.abs(points[k] - p) <= same) {
          return false;
        }
      }
      if (size == points.length) {
        points = java.util.Arrays.copyOf(points, 2 * size);
      }
      points[size++] = p;
      highest = Math.max(highest, p);
      return true;
    }

    double highest() {
      return highest;
    }
  }

  /** Loads the OR-Tools native libraries once per class loader, on first use. */
  private static final class Natives {
    static {
      Loader.loadNativeLibraries();
    }

    private Natives() {}

    static void ensureLoaded() {
      // Running the static initialiser is the whole point.
    }
  }
}
