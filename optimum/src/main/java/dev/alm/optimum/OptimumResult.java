package dev.alm.optimum;

import java.util.Arrays;

/**
 * Certified bounds on the optimum W* of problem P1 of paper 004 (eq. 5, 9, 10), as computed by
 * {@link CentralOptimum}.
 *
 * <p>{@code lowerBound <= W* <= upperBound} up to the LP solver's tolerances. The lower bound is
 * the value of an outer (tangent-cut) approximation of eq. (5); the upper bound is the true
 * objective W of eq. (5), with the costs of eq. (7) and (8) or whichever convex costs the topology
 * carries, at the feasible point {@code (x, s)}: {@code s} is the load that {@code x} induces,
 * {@code S = C^T diag(A) x} (eq. 6), so (9) holds with equality.
 *
 * @param lowerBound a lower bound on W*: the value of the last linear programme
 * @param upperBound W(x, s), {@link Double#POSITIVE_INFINITY} when no point met the capacities (10)
 *     strictly
 * @param x the best L1 answer probabilities found, in node order, each in [0, 1]
 * @param s the proxy loads that {@code x} induces (eq. 6)
 * @param cutRounds the number of cutting-plane rounds after the first linear programme
 * @param relativeGap {@code (upperBound - lowerBound) / max(|upperBound|, Double.MIN_NORMAL)},
 *     clamped at 0
 */
public record OptimumResult(
    double lowerBound,
    double upperBound,
    double[] x,
    double[] s,
    int cutRounds,
    double relativeGap) {

  /** Copies the arrays, so that a result cannot be changed once built. */
  public OptimumResult {
    x = x.clone();
    s = s.clone();
    if (x.length != s.length) {
      throw new IllegalArgumentException("x has " + x.length + " entries but s has " + s.length);
    }
  }

  /**
   * The relative gap of two bounds as {@link CentralOptimum} measures it: non-negative, infinite if
   * either is.
   */
  static double gap(double lower, double upper) {
    if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.max(0, upper - lower) / Math.max(Math.abs(upper), Double.MIN_NORMAL);
  }

  /** A copy of x. */
  @Override
  public double[] x() {
    return x.clone();
  }

  /** A copy of s. */
  @Override
  public double[] s() {
    return s.clone();
  }

  /** Whether the upper bound is finite: {@code x} keeps every proxy strictly below its capacity. */
  public boolean feasible() {
    return Double.isFinite(upperBound);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OptimumResult r
        && Double.compare(lowerBound, r.lowerBound) == 0
        && Double.compare(upperBound, r.upperBound) == 0
        && Arrays.equals(x, r.x)
        && Arrays.equals(s, r.s)
        && cutRounds == r.cutRounds
        && Double.compare(relativeGap, r.relativeGap) == 0;
  }

  @Override
  public int hashCode() {
    int h = Double.hashCode(lowerBound);
    h = 31 * h + Double.hashCode(upperBound);
    h = 31 * h + Arrays.hashCode(x);
    h = 31 * h + Arrays.hashCode(s);
    h = 31 * h + cutRounds;
    return 31 * h + Double.hashCode(relativeGap);
  }

  @Override
  public String toString() {
    return "OptimumResult[lowerBound="
        + lowerBound
        + ", upperBound="
        + upperBound
        + ", relativeGap="
        + relativeGap
        + ", cutRounds="
        + cutRounds
        + ", x="
        + Arrays.toString(x)
        + ", s="
        + Arrays.toString(s)
        + "]";
  }
}
