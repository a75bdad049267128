package dev.alm.optimum;

import java.util.Arrays;

/**
 * The maximum of some tangents of one convex function of one variable on a closed interval [lo,
 * hi]: the outer approximation of g_i or h_i (paper 004 eq. 7, 8) that {@link CutModel} optimises.
 * It is convex and piecewise linear, so it is written as its value at lo plus a sum of segments of
 * increasing slope, which is how the LP represents it. Mutable, not thread-safe.
 */
final class Envelope {

  private final double lo;
  private final double hi;

  /** Tangent points closer than this count as the same point. */
  private final double same;

  private double[] point = new double[16];

  /** Each tangent as a line {@code intercept + slope (z - lo)}. */
  private double[] intercept = new double[16];

  private double[] slope = new double[16];
  private int size;
  private double highest = Double.NEGATIVE_INFINITY;

  /**
   * The pieces of the envelope: its value at lo, then segment lengths and slopes, slopes
   * increasing.
   */
  record Pieces(double offset, double[] lengths, double[] slopes) {}

  Envelope(double lo, double hi, double same) {
    this.lo = lo;
    this.hi = hi;
    this.same = same;
  }

  /**
   * Adds the tangent at p with the function's value and derivative there.
   *
   * @return false when a tangent within the tolerance of p is already there, or value or slope is
   *     not finite
   */
  boolean add(double p, double value, double derivative) {
    if (!Double.isFinite(value) || !Double.isFinite(derivative)) {
      return false;
    }
    for (int k = 0; k < size; k++) {
      if (Math.abs(point[k] - p) <= same) {
        return false;
      }
    }
    if (size == point.length) {
      point = Arrays.copyOf(point, 2 * size);
      intercept = Arrays.copyOf(intercept, 2 * size);
      slope = Arrays.copyOf(slope, 2 * size);
    }
    point[size] = p;
    intercept[size] = value + derivative * (lo - p);
    slope[size] = derivative;
    size++;
    highest = Math.max(highest, p);
    return true;
  }

  /** The highest tangent point, -infinity when there is none. */
  double highest() {
    return highest;
  }

  /** The envelope at z: the largest of the tangents there; -infinity when there is none. */
  double valueAt(double z) {
    double best = Double.NEGATIVE_INFINITY;
    for (int k = 0; k < size; k++) {
      best = Math.max(best, intercept[k] + slope[k] * (z - lo));
    }
    return best;
  }

  /**
   * The envelope on [lo, hi] as pieces: the upper hull of the tangent lines, clipped to the
   * interval.
   */
  Pieces pieces() {
    Integer[] order = new Integer[size];
    for (int k = 0; k < size; k++) {
      order[k] = k;
    }
    Arrays.sort(
        order,
        (a, b) ->
            slope[a] != slope[b]
                ? Double.compare(slope[a], slope[b])
                : Double.compare(intercept[a], intercept[b]));
    int[] hull = new int[size];
    int h = 0;
    for (int idx : order) {
      // Among equal slopes the last (largest intercept) wins.
      while (h >= 1 && slope[hull[h - 1]] == slope[idx]) {
        h--;
      }
      while (h >= 2 && crossing(hull[h - 2], idx) <= crossing(hull[h - 2], hull[h - 1])) {
        h--;
      }
      hull[h++] = idx;
    }
    double width = hi - lo;
    double[] lengths = new double[h];
    double[] slopes = new double[h];
    int m = 0;
    double offset = Double.NaN;
    for (int k = 0; k < h; k++) {
      double start = k == 0 ? 0 : Math.max(0, Math.min(width, crossing(hull[k - 1], hull[k])));
      double end =
          k == h - 1 ? width : Math.max(0, Math.min(width, crossing(hull[k], hull[k + 1])));
      if (end > start || (k == h - 1 && m == 0)) {
        if (m == 0) {
          offset = intercept[hull[k]] + slope[hull[k]] * start;
        }
        lengths[m] = Math.max(0, end - start);
        slopes[m] = slope[hull[k]];
        m++;
      }
    }
    return new Pieces(offset, Arrays.copyOf(lengths, m), Arrays.copyOf(slopes, m));
  }

  /** Where line b overtakes line a, measured from lo; slope[b] &gt; slope[a]. */
  private double crossing(int a, int b) {
    return (intercept[a] - intercept[b]) / (slope[b] - slope[a]);
  }
}
