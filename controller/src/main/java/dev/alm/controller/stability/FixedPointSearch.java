package dev.alm.controller.stability;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.StabilityReport.FixedPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;

/**
 * Finds the fixed points the greedy ODE (24) of paper 004 reaches from several starts and describes
 * each by the eigenvalues of its Jacobian (46)-(48) and the overloads it leaves (eq. (26)).
 *
 * <p>Starts: the centre (0.5, ..., 0.5), {@link StabilityConfig#randomStarts()} uniform interior
 * points drawn with the configured seed, and for N &le; 3 one start near each of the 2^N corners.
 * End points of settled trajectories are refined: coordinates next to 0 or 1 are snapped to it, and
 * the others are solved for S_i = T_i (the interior condition F_i = 0 of eq. (46)) when that linear
 * system is regular and its solution stays within {@link #REFINE_RADIUS}; refined end points closer
 * than the deduplication tolerance are one fixed point.
 */
public final class FixedPointSearch {

  /** A node is overloaded when S_i &gt; T_i (1 + OVERLOAD_MARGIN). */
  public static final double OVERLOAD_MARGIN = 1e-9;

  /** Random starts are drawn in [START_MARGIN, 1 - START_MARGIN]^N. */
  static final double START_MARGIN = 1e-3;

  /** Near-corner starts sit this far inside the cube from their corner. */
  static final double NEAR_CORNER_OFFSET = 1e-2;

  /** Largest distance a settled end point is moved by {@link #refine}. */
  static final double REFINE_RADIUS = 1e-5;

  /** Largest N for which near-corner starts are added. */
  static final int MAX_NEAR_CORNER_DIMENSION = 3;

  private final Topology topology;
  private final StabilityConfig config;
  private final GreedyOde ode;

  public FixedPointSearch(Topology topology, StabilityConfig config) {
    this.topology = topology;
    this.config = config;
    this.ode = new GreedyOde(topology, config);
  }

  /** The ODE being searched. */
  public GreedyOde ode() {
    return ode;
  }

  /** The starts, in the order they are integrated: centre, random starts, near-corner starts. */
  public List<double[]> starts() {
    int n = topology.size();
    List<double[]> starts = new ArrayList<>();
    double[] centre = new double[n];
    Arrays.fill(centre, 0.5);
    starts.add(centre);
    Random random = new Random(config.seed());
    for (int k = 0; k < config.randomStarts(); k++) {
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = START_MARGIN + (1 - 2 * START_MARGIN) * random.nextDouble();
      }
      starts.add(x);
    }
    if (n <= MAX_NEAR_CORNER_DIMENSION) {
      for (int mask = 0; mask < (1 << n); mask++) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
          x[i] = ((mask >> i) & 1) == 1 ? 1 - NEAR_CORNER_OFFSET : NEAR_CORNER_OFFSET;
        }
        starts.add(x);
      }
    }
    return starts;
  }

  /** Integrates eq. (24) from every start of {@link #starts()}. */
  public List<OdeResult> run() {
    return starts().stream().map(ode::settle).toList();
  }

  /**
   * The distinct fixed points reached by the settled trajectories of {@code results}, most-reached
   * first.
   */
  public List<FixedPoint> fixedPoints(List<OdeResult> results) {
    List<double[]> points = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    for (OdeResult r : results) {
      if (!r.settled()) {
        continue;
      }
      double[] p = refine(r.x());
      int match = indexNear(points, p);
      if (match < 0) {
        points.add(p);
        counts.add(1);
      } else {
        counts.set(match, counts.get(match) + 1);
      }
    }
    List<FixedPoint> out = new ArrayList<>(points.size());
    for (int k = 0; k < points.size(); k++) {
      out.add(describe(points.get(k), counts.get(k)));
    }
    out.sort(
        Comparator.comparingInt(FixedPoint::starts)
            .reversed()
            .thenComparing(FixedPoint::x, Arrays::compare));
    return List.copyOf(out);
  }

  /**
   * How many starts reached the fixed point of {@code found} within the deduplication tolerance of
   * x (or 0).
   */
  public int reachedCount(List<FixedPoint> found, double[] x) {
    int k = indexNear(found.stream().map(FixedPoint::x).toList(), x);
    return k < 0 ? 0 : found.get(k).starts();
  }

  /**
   * Describes x as a fixed point: load, residual, overloaded and locally uncontrollable nodes
   * (overloaded with x_i &le; boundary tolerance), Jacobian eigenvalues and verdict.
   */
  public FixedPoint describe(double[] x, int starts) {
    double[] s = ode.load(x);
    double[] t = ode.capacities();
    List<String> overloaded = new ArrayList<>();
    List<String> uncontrollable = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      if (s[i] > t[i] * (1 + OVERLOAD_MARGIN)) {
        String id = topology.ids().get(i);
        overloaded.add(id);
        if (x[i] <= config.boundaryTolerance()) {
          uncontrollable.add(id);
        }
      }
    }
    Jacobian j = Jacobian.at(ode, x);
    List<Eigenvalue> eigenvalues = j.eigenvalues();
    Verdict verdict = Verdict.of(eigenvalues, config.eigenTolerance() * ode.rateScale());
    double residual = GreedyOde.maxAbs(ode.rate(x));
    return new FixedPoint(x, s, residual, overloaded, uncontrollable, eigenvalues, verdict, starts);
  }

  /**
   * Refines a settled end point into a fixed point. Coordinates within delta of 0 or 1 are snapped
   * to it and the others solved for S_i = T_i; delta is the boundary tolerance, then {@link
   * #REFINE_RADIUS} (a slow coordinate still creeping to the boundary). The first solution inside
   * the cube within {@code REFINE_RADIUS} of the end point wins; failing both, the end point
   * snapped at the boundary tolerance is kept.
   */
  double[] refine(double[] x) {
    double[] deltas = {
      config.boundaryTolerance(), Math.max(config.boundaryTolerance(), REFINE_RADIUS)
    };
    for (double delta : deltas) {
      double[] polished = polish(snap(x, delta));
      if (polished != null) {
        return polished;
      }
    }
    return snap(x, config.boundaryTolerance());
  }

  private static double[] snap(double[] x, double delta) {
    double[] snapped = x.clone();
    for (int i = 0; i < x.length; i++) {
      if (snapped[i] <= delta) {
        snapped[i] = 0;
      } else if (snapped[i] >= 1 - delta) {
        snapped[i] = 1;
      }
    }
    return snapped;
  }

  /**
   * Solves B_II x_I = T_I - B_IJ x_J for the interior coordinates I; null when singular, outside or
   * far.
   */
  private double[] polish(double[] snapped) {
    int n = snapped.length;
    List<Integer> interior = new ArrayList<>();
    boolean[] isInterior = new boolean[n];
    for (int i = 0; i < n; i++) {
      if (snapped[i] > 0 && snapped[i] < 1) {
        interior.add(i);
        isInterior[i] = true;
      }
    }
    int m = interior.size();
    if (m == 0) {
      return snapped;
    }
    double[] t = ode.capacities();
    double[][] block = new double[m][m];
    double[] rhs = new double[m];
    for (int a = 0; a < m; a++) {
      int i = interior.get(a);
      rhs[a] = t[i];
      for (int k = 0; k < n; k++) {
        rhs[a] -= isInterior[k] ? 0 : ode.b(i, k) * snapped[k];
      }
      for (int c = 0; c < m; c++) {
        block[a][c] = ode.b(i, interior.get(c));
      }
    }
    DecompositionSolver solver =
        new LUDecomposition(new Array2DRowRealMatrix(block, false)).getSolver();
    if (!solver.isNonSingular()) {
      return null;
    }
    double[] solution = solver.solve(new ArrayRealVector(rhs, false)).toArray();
    double[] polished = snapped.clone();
    for (int a = 0; a < m; a++) {
      double v = solution[a];
      if (!(v > 0 && v < 1) || Math.abs(v - snapped[interior.get(a)]) > REFINE_RADIUS) {
        return null;
      }
      polished[interior.get(a)] = v;
    }
    return polished;
  }

  private int indexNear(List<double[]> points, double[] p) {
    for (int k = 0; k < points.size(); k++) {
      double d = 0;
      double[] q = points.get(k);
      for (int i = 0; i < p.length; i++) {
        d = Math.max(d, Math.abs(q[i] - p[i]));
      }
      if (d <= config.dedupTolerance()) {
        return k;
      }
    }
    return -1;
  }
}
