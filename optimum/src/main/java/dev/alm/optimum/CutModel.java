package dev.alm.optimum;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import dev.alm.controller.cost.OffloadCost;
import dev.alm.controller.cost.ProxyCost;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * The tangent-cut outer approximation of P1 (paper 004 eq. 5, 9, 10) as one linear programme in a
 * GLOP {@link MPSolver}. Each g_i and h_i is replaced by the maximum of some of its tangents (an
 * {@link Envelope}), so the LP minimises {@code sum_i u_i + v_i} with {@code u_i >= g(p) +
 * g'(p)(S_i - p)} and {@code v_i >= h(q) + h'(q)(x_i - q)} for every cut point p, q, subject to (9)
 * and (10).
 *
 * <p>Each epigraph is written in segment form: a convex piecewise-linear function of S in [0, T_i]
 * equals its value at 0 plus {@code sum_k slope_k delta_k} with {@code S = sum_k delta_k}, {@code 0
 * <= delta_k <= length_k}, because the LP fills cheaper (earlier) segments first. This is the same
 * LP as the cut form, with bounded columns instead of cut rows: the basis has 2N rows, which makes
 * GLOP several times faster.
 *
 * <p>Cuts are only ever added, so the LP value never decreases and stays below W*. Not thread-safe:
 * one instance per solve. Releases the native solver on {@link #close()}.
 */
final class CutModel implements AutoCloseable {

  /**
   * Initial cut points of g_i, as fractions of T_i; the last one is steep so that S stays away from
   * T.
   */
  private static final double[] G_SEED = {0, 0.5, 0.8, 0.9, 0.95, 0.99};

  /** Initial cut points of h_i on [0, 1]. */
  private static final double[] H_SEED = {0, 0.5, 1};

  /**
   * Cut points of g_i stay at or below T_i (1 - MIN_HEADROOM), where g and g' are finite and sane.
   */
  private static final double MIN_HEADROOM = 1e-9;

  /** Cut points closer than this, relative to the width of the domain, count as the same point. */
  private static final double SAME_POINT = 1e-9;

  /**
   * GLOP settings, measured on 48-node topologies: presolve costs more than it saves on an LP this
   * small, and the dual simplex re-optimises fastest after the segments change.
   */
  private static final String GLOP_PARAMETERS = "use_preprocessing: false use_dual_simplex: true";

  private final Topology topology;
  private final MPSolver solver;
  private final int n;
  private final double[] demand;
  private final double[] capacity;
  private final MPVariable[] x;

  /** Row i: sum_j C_ji A_j x_j - S_i &le; 0, eq. (9), with S_i the sum of g_i's segments. */
  private final MPConstraint[] loadRow;

  /** Row i: x_i - (sum of h_i's segments) = 0. */
  private final MPConstraint[] shareRow;

  private final Envelope[] proxy;
  private final Envelope[] offload;
  private final List<List<MPVariable>> proxySegments = new ArrayList<>();
  private final List<List<MPVariable>> offloadSegments = new ArrayList<>();
  private final double[] proxyOffset;
  private final double[] offloadOffset;
  // The last LP solution, copied out of the solver: once the model changes the solver's values are
  // stale.
  private final double[] xValue;
  private final double[] sValue;
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
    this.n = topology.size();
    this.demand = topology.demands();
    this.capacity = topology.capacities();
    this.x = new MPVariable[n];
    this.loadRow = new MPConstraint[n];
    this.shareRow = new MPConstraint[n];
    this.proxy = new Envelope[n];
    this.offload = new Envelope[n];
    this.proxyOffset = new double[n];
    this.offloadOffset = new double[n];
    this.xValue = new double[n];
    this.sValue = new double[n];
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
    double inf = MPSolver.infinity();
    CorrelationMatrix c = topology.correlation();
    for (int i = 0; i < n; i++) {
      // A node without demand keeps answering L1: x_i = 1 and h_i = 0.
      x[i] = solver.makeNumVar(demand[i] <= 0 ? 1 : 0, 1, "x" + i);
      loadRow[i] = solver.makeConstraint(-inf, 0, "load" + i);
      proxySegments.add(new ArrayList<>());
      offloadSegments.add(new ArrayList<>());
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double coefficient = c.get(j, i) * demand[j];
        if (coefficient != 0) {
          loadRow[i].setCoefficient(x[j], coefficient);
        }
      }
      proxy[i] = new Envelope(0, capacity[i], SAME_POINT * capacity[i]);
      for (double f : G_SEED) {
        addProxyCut(i, f * capacity[i]);
      }
      updateProxy(i);
      if (demand[i] > 0) {
        shareRow[i] = solver.makeConstraint(0, 0, "share" + i);
        shareRow[i].setCoefficient(x[i], 1);
        offload[i] = new Envelope(0, 1, SAME_POINT);
        for (double q : H_SEED) {
          addOffloadCut(i, q);
        }
        updateOffload(i);
      }
    }
    solver.objective().setMinimization();
  }

  /** Solves the current LP and keeps its solution; false unless GLOP proved it optimal. */
  boolean solve() {
    if (solver.solve() != MPSolver.ResultStatus.OPTIMAL) {
      return false;
    }
    value = solver.objective().value();
    for (int i = 0; i < n; i++) {
      // x_i = 1 where A_i = 0; elsewhere clip GLOP's tolerance-sized excursions out of [0, 1].
      xValue[i] = demand[i] <= 0 ? 1 : Math.min(1, Math.max(0, x[i].solutionValue()));
      double load = 0;
      for (MPVariable segment : proxySegments.get(i)) {
        load += segment.solutionValue();
      }
      sValue[i] = load;
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
   * Adds tangent cuts from the last LP solution. Kelley cuts: at the LP's S_i (above the highest
   * cut point, at most halfway from it to T_i) and x_i, where the LP's envelope is below g_i or h_i
   * by more than {@code minViolation}. Price cuts: at the minimisers of the Lagrangian (eq. 13) for
   * the LP's prices mu of (9), unless a cut is already there.
   *
   * @return the number of cuts added
   */
  int refine(double minViolation) {
    int added = 0;
    double top = 1 - MIN_HEADROOM;
    double[] beta = topology.correlation().coupling(price);
    for (int i = 0; i < n; i++) {
      ProxyCost g = topology.proxyCost(i);
      double si = Math.min(Math.max(0, sValue[i]), capacity[i]);
      double highest = proxy[i].highest();
      double p = si > highest ? Math.min(si, highest + 0.5 * (capacity[i] - highest)) : si;
      p = Math.min(p, capacity[i] * top);
      int before = added;
      if (tangentAt(g, p, si) - proxy[i].valueAt(si) > minViolation && addProxyCut(i, p)) {
        added++;
      }
      if (addProxyCut(i, PriceTargets.proxyLoad(g, price[i], capacity[i] * top))) {
        added++;
      }
      if (added > before) {
        updateProxy(i);
      }
      if (offload[i] != null) {
        before = added;
        OffloadCost h = topology.offloadCost(i);
        double xi = xValue[i];
        if (h.value(xi, demand[i]) - offload[i].valueAt(xi) > minViolation
            && addOffloadCut(i, xi)) {
          added++;
        }
        if (addOffloadCut(i, PriceTargets.offloadShare(h, demand[i], beta[i]))) {
          added++;
        }
        if (added > before) {
          updateOffload(i);
        }
      }
    }
    return added;
  }

  /** The tangent of g at p, evaluated at s; -infinity where g is not finite at p. */
  private static double tangentAt(ProxyCost g, double p, double s) {
    double v = g.value(p);
    double slope = g.derivative(p);
    return Double.isFinite(v) && Double.isFinite(slope)
        ? v + slope * (s - p)
        : Double.NEGATIVE_INFINITY;
  }

  private boolean addProxyCut(int i, double p) {
    ProxyCost g = topology.proxyCost(i);
    return proxy[i].add(p, g.value(p), g.derivative(p));
  }

  private boolean addOffloadCut(int i, double q) {
    OffloadCost h = topology.offloadCost(i);
    return offload[i].add(q, h.value(q, demand[i]), h.derivative(q, demand[i]));
  }

  /** Rewrites g_i's segments (columns of load row i) and its constant after new cuts. */
  private void updateProxy(int i) {
    proxyOffset[i] =
        writeSegments(proxy[i].pieces(), proxySegments.get(i), loadRow[i], "s" + i + "_");
    updateOffset();
  }

  /** Rewrites h_i's segments (columns of share row i) and its constant after new cuts. */
  private void updateOffload(int i) {
    offloadOffset[i] =
        writeSegments(offload[i].pieces(), offloadSegments.get(i), shareRow[i], "h" + i + "_");
    updateOffset();
  }

  /**
   * Makes the segment columns match the pieces: reuses columns, adds missing ones, closes spare
   * ones.
   */
  private double writeSegments(
      Envelope.Pieces pieces, List<MPVariable> columns, MPConstraint row, String name) {
    MPObjective objective = solver.objective();
    double[] lengths = pieces.lengths();
    double[] slopes = pieces.slopes();
    for (int k = 0; k < Math.max(lengths.length, columns.size()); k++) {
      if (k == columns.size()) {
        MPVariable column = solver.makeNumVar(0, 0, name + k);
        row.setCoefficient(column, -1);
        columns.add(column);
      }
      MPVariable column = columns.get(k);
      if (k < lengths.length) {
        column.setBounds(0, lengths[k]);
        objective.setCoefficient(column, slopes[k]);
      } else {
        column.setBounds(0, 0);
        objective.setCoefficient(column, 0);
      }
    }
    return pieces.offset();
  }

  private void updateOffset() {
    double total = 0;
    for (int i = 0; i < n; i++) {
      total += proxyOffset[i] + offloadOffset[i];
    }
    solver.objective().setOffset(total);
  }

  @Override
  public void close() {
    solver.delete();
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
