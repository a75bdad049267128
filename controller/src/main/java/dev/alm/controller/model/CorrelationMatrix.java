package dev.alm.controller.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The correlation matrix C of paper 004 eq. (1): {@code C[i][j]} is the probability that a user
 * whose DNS query was answered by PoP i with the anycast address L1 sends its HTTP request to the
 * proxy of PoP j. Rows sum to one. Immutable.
 */
public final class CorrelationMatrix {

  /** Largest accepted deviation of a row sum from one. */
  public static final double ROW_SUM_TOLERANCE = 1e-6;

  private final List<String> ids;
  private final Map<String, Integer> index;
  private final double[][] c;

  private CorrelationMatrix(List<String> ids, double[][] c) {
    this.ids = List.copyOf(ids);
    this.c = c;
    this.index = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      index.put(ids.get(i), i);
    }
  }

  /**
   * The unit matrix: every PoP's users reach its own proxy. What a PoP is given when C is withheld
   * from it (docs/controllers/live-loop.md, "Measured sensitivity"): its loop then learns C's
   * effects in-band.
   */
  public static CorrelationMatrix identity(List<String> ids) {
    int n = ids.size();
    double[][] rows = new double[n][n];
    for (int i = 0; i < n; i++) {
      rows[i][i] = 1;
    }
    return of(ids, rows);
  }

  /**
   * Builds a matrix after checking it: square, entries finite and in [0, 1], ids unique, rows
   * summing to one within {@link #ROW_SUM_TOLERANCE}.
   *
   * @throws IllegalArgumentException naming the row and the reason
   */
  public static CorrelationMatrix of(List<String> ids, double[][] rows) {
    int n = ids.size();
    if (n == 0) {
      throw new IllegalArgumentException("a correlation matrix needs at least one node");
    }
    if (rows.length != n) {
      throw new IllegalArgumentException("expected " + n + " rows, got " + rows.length);
    }
    if (ids.stream().distinct().count() != n) {
      throw new IllegalArgumentException("node ids are not unique: " + ids);
    }
    double[][] copy = new double[n][];
    for (int i = 0; i < n; i++) {
      if (rows[i].length != n) {
        throw new IllegalArgumentException(
            "row " + ids.get(i) + ": expected " + n + " entries, got " + rows[i].length);
      }
      double sum = 0;
      for (int j = 0; j < n; j++) {
        double v = rows[i][j];
        if (!Double.isFinite(v) || v < 0 || v > 1) {
          throw new IllegalArgumentException(
              "row "
                  + ids.get(i)
                  + ", column "
                  + ids.get(j)
                  + ": entry must be in [0, 1], got "
                  + v);
        }
        sum += v;
      }
      if (Math.abs(sum - 1) > ROW_SUM_TOLERANCE) {
        throw new IllegalArgumentException(
            "row "
                + ids.get(i)
                + ": entries sum to "
                + sum
                + ", not 1 (within "
                + ROW_SUM_TOLERANCE
                + ")");
      }
      copy[i] = rows[i].clone();
    }
    return new CorrelationMatrix(ids, copy);
  }

  public int size() {
    return ids.size();
  }

  public List<String> ids() {
    return ids;
  }

  /** Index of a node id, or -1. */
  public int indexOf(String id) {
    Integer i = index.get(id);
    return i == null ? -1 : i;
  }

  /** C_ij. */
  public double get(int i, int j) {
    return c[i][j];
  }

  /** A copy of row i: where users answered by PoP i land. */
  public double[] row(int i) {
    return c[i].clone();
  }

  /** A copy of column j: the share of each PoP's L1 answers that land at proxy j. */
  public double[] column(int j) {
    double[] col = new double[c.length];
    for (int i = 0; i < c.length; i++) {
      col[i] = c[i][j];
    }
    return col;
  }

  /** Self-correlation C_ii. */
  public double self(int i) {
    return c[i][i];
  }

  /**
   * The same matrix with rows and columns in the order of {@code order} (a permutation of the ids).
   */
  public CorrelationMatrix reorder(List<String> order) {
    if (order.size() != ids.size()) {
      throw new IllegalArgumentException("expected " + ids.size() + " ids, got " + order.size());
    }
    int n = order.size();
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      int k = indexOf(order.get(i));
      if (k < 0) {
        throw new IllegalArgumentException("unknown node id " + order.get(i));
      }
      perm[i] = k;
    }
    double[][] rows = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        rows[i][j] = c[perm[i]][perm[j]];
      }
    }
    return of(order, rows);
  }

  /**
   * Load at each proxy, paper 004 eq. (2)/(21): {@code S_i = sum_j C_ji A_j x_j}.
   *
   * @param demand A
   * @param x the L1 answer probabilities
   */
  public double[] load(double[] demand, double[] x) {
    int n = c.length;
    double[] s = new double[n];
    for (int j = 0; j < n; j++) {
      double ax = demand[j] * x[j];
      if (ax == 0) {
        continue;
      }
      double[] rowJ = c[j];
      for (int i = 0; i < n; i++) {
        s[i] += rowJ[i] * ax;
      }
    }
    return s;
  }

  /** The coupling factor of eq. (14): {@code beta_i = sum_j C_ij mu_j}, for every i. */
  public double[] coupling(double[] mu) {
    int n = c.length;
    double[] beta = new double[n];
    for (int i = 0; i < n; i++) {
      double[] rowI = c[i];
      double b = 0;
      for (int j = 0; j < n; j++) {
        b += rowI[j] * mu[j];
      }
      beta[i] = b;
    }
    return beta;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CorrelationMatrix m && ids.equals(m.ids) && Arrays.deepEquals(c, m.c);
  }

  @Override
  public int hashCode() {
    return ids.hashCode() * 31 + Arrays.deepHashCode(c);
  }

  @Override
  public String toString() {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < c.length; i++) {
      rows.add(ids.get(i) + "=" + Arrays.toString(c[i]));
    }
    return "CorrelationMatrix" + rows;
  }
}
