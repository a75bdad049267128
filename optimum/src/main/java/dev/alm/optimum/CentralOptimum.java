package dev.alm.optimum;

import dev.alm.controller.cost.Objective;
import dev.alm.controller.model.Topology;

/**
 * The centralised optimum of problem P1 of paper 004 section III-C: minimise {@code W = sum_i
 * g_i(S_i) + h_i(x_i)} (eq. 5) subject to {@code sum_j C_ji A_j x_j <= S_i} (eq. 9), {@code x in
 * [0, 1]^N} and {@code S_i <= T_i} (eq. 10). It is the reference that the distributed dual
 * algorithm and the heuristics are measured against.
 *
 * <p>Method: cutting planes on the epigraph form of P1. Each g_i (eq. 7, or any convex increasing
 * cost) and each h_i (eq. 8, or any convex cost) is replaced by the maximum of some of its
 * tangents, seeded on a small grid, which gives a linear programme solved by OR-Tools GLOP. Its
 * value is a lower bound on the optimum W*; the true W at the LP's x, with the load {@code S = C^T
 * diag(A) x} of eq. (6), is an upper bound. Each round adds Kelley's tangents at the LP's (S, x)
 * and tangents at the Lagrangian minimisers (eq. 13) for the LP's prices of (9), then re-solves the
 * same solver, until the relative gap is at most {@link #relativeTolerance()} or {@link
 * #maxCutRounds()} rounds have run. Only {@code value} and {@code derivative} of the costs are
 * used; g_i is infinite at T_i, so its cut points stay strictly below T_i and approach it
 * geometrically when the LP presses S_i against the capacity.
 *
 * <p>Immutable and thread-safe: every {@link #solve} builds its own solver, so solves may run in
 * parallel.
 *
 * @param relativeTolerance the target {@code (upper - lower) / |upper|}, in (0, 1)
 * @param maxCutRounds the most cutting-plane rounds after the first LP, at least 0
 */
public record CentralOptimum(double relativeTolerance, int maxCutRounds) {

  /** The default target relative gap. */
  public static final double DEFAULT_RELATIVE_TOLERANCE = 1e-4;

  /** The default bound on cutting-plane rounds. */
  public static final int DEFAULT_MAX_CUT_ROUNDS = 200;

  /**
   * Fraction of the tolerance (spread over the nodes) below which a violated cut is not worth
   * adding.
   */
  private static final double NEGLIGIBLE = 1e-3;

  /**
   * A load this close to capacity, relatively, counts as overloaded when a feasible x is restored.
   */
  private static final double FEASIBILITY_MARGIN = 1e-9;

  /**
   * @throws IllegalArgumentException when the tolerance is not in (0, 1) or the round limit is
   *     negative
   */
  public CentralOptimum {
    if (!(relativeTolerance > 0 && relativeTolerance < 1)) {
      throw new IllegalArgumentException(
          "relative tolerance must be in (0, 1), got " + relativeTolerance);
    }
    if (maxCutRounds < 0) {
      throw new IllegalArgumentException("max cut rounds must be >= 0, got " + maxCutRounds);
    }
  }

  /**
   * Relative tolerance {@value #DEFAULT_RELATIVE_TOLERANCE}, at most {@value
   * #DEFAULT_MAX_CUT_ROUNDS} rounds.
   */
  public CentralOptimum() {
    this(DEFAULT_RELATIVE_TOLERANCE, DEFAULT_MAX_CUT_ROUNDS);
  }

  /** The same settings with another relative tolerance. */
  public CentralOptimum withRelativeTolerance(double tolerance) {
    return new CentralOptimum(tolerance, maxCutRounds);
  }

  /** The same settings with another round limit. */
  public CentralOptimum withMaxCutRounds(int rounds) {
    return new CentralOptimum(relativeTolerance, rounds);
  }

  /**
   * Bounds the optimum of P1 for a topology. Never throws because the tolerance was not reached:
   * when the round limit is hit the bounds found so far are returned, and {@link
   * OptimumResult#relativeGap()} tells how far they are apart.
   *
   * @return bounds on W*, the best feasible x found and its load
   * @throws IllegalStateException when GLOP is unavailable or fails on the first LP
   */
  public OptimumResult solve(Topology topology) {
    int n = topology.size();
    try (CutModel model = new CutModel(topology)) {
      if (!model.solve()) {
        throw new IllegalStateException("GLOP did not solve the first outer approximation of P1");
      }
      double lower = Double.NEGATIVE_INFINITY;
      double upper = Double.POSITIVE_INFINITY;
      double[] best = null;
      int rounds = 0;
      while (true) {
        lower = Math.max(lower, model.value());
        double[] x = feasible(topology, model.x());
        double w = Objective.cost(topology, x);
        if (best == null || w < upper) {
          upper = Math.min(upper, w);
          best = x;
        }
        if (OptimumResult.gap(lower, upper) <= relativeTolerance || rounds >= maxCutRounds) {
          break;
        }
        double scale = Math.max(Math.abs(lower), Double.isFinite(upper) ? Math.abs(upper) : 0);
        double minViolation =
            NEGLIGIBLE * relativeTolerance * Math.max(scale, Double.MIN_NORMAL) / n;
        if (model.refine(minViolation) == 0) {
          break;
        }
        rounds++;
        if (!model.solve()) {
          break;
        }
      }
      // W* <= upper always; an LP value above it is rounding, and min(lower, upper) is still a
      // lower bound.
      lower = Math.min(lower, upper);
      return new OptimumResult(
          lower, upper, best, topology.load(best), rounds, OptimumResult.gap(lower, upper));
    }
  }

  /**
   * x itself when its load (eq. 6) keeps every proxy below capacity, else x scaled down until it
   * does: the LP meets S_i &le; T_i only within GLOP's tolerance, and g_i is infinite at T_i.
   */
  private static double[] feasible(Topology topology, double[] x) {
    double[] load = topology.load(x);
    double theta = 1;
    for (int i = 0; i < load.length; i++) {
      double limit = topology.node(i).capacity() * (1 - FEASIBILITY_MARGIN);
      if (load[i] > limit) {
        theta = Math.min(theta, limit / load[i]);
      }
    }
    if (theta == 1) {
      return x;
    }
    double[] scaled = x.clone();
    for (int i = 0; i < scaled.length; i++) {
      if (topology.node(i).demand() > 0) {
        scaled[i] *= theta;
      }
    }
    return scaled;
  }
}
