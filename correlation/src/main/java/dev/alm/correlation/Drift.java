package dev.alm.correlation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.commons.math3.stat.inference.ChiSquareTest;

/**
 * Drift of C between two time windows: per row, the total-variation distance between the two
 * measured rows, {@code TV = 1/2 sum_j |n1_ij/n1_i - n2_ij/n2_i|}, and a chi-square test of
 * homogeneity of the two rows' counts (commons-math3). A row is flagged when both windows have at
 * least {@code minSamples} samples and the test rejects "same distribution" at the family-wise
 * level {@code alpha}, Bonferroni-corrected over the rows tested: the change is more than sampling
 * noise explains (docs/correlation/drift.md).
 */
public final class Drift {

  /**
   * One row's drift.
   *
   * @param id the node id
   * @param before samples in the first window
   * @param after samples in the second window
   * @param tv total-variation distance of the measured rows (NaN if either is empty)
   * @param pValue the homogeneity test's p-value (NaN if not tested)
   * @param flagged whether the change is more than sampling noise explains
   */
  public record Row(
      String id, long before, long after, double tv, double pValue, boolean flagged) {}

  /**
   * @param rows every node id of either window, sorted
   * @param tested rows with enough samples in both windows to test
   * @param flagged rows flagged
   * @param alpha the family-wise level
   * @param meanTv the mean TV over tested rows, weighted by the rows' samples in both windows
   */
  public record Result(List<Row> rows, int tested, int flagged, double alpha, double meanTv) {
    public Result {
      rows = List.copyOf(rows);
    }
  }

  private Drift() {}

  /** Compares two count tables, each over its own node ids (missing ids count as empty). */
  public static Result compare(
      List<String> ids1,
      long[][] c1,
      List<String> ids2,
      long[][] c2,
      double alpha,
      int minSamples) {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
    }
    TreeSet<String> all = new TreeSet<>(ids1);
    all.addAll(ids2);
    List<String> ids = new ArrayList<>(all);
    int n = ids.size();
    long[][] a = align(ids, ids1, c1);
    long[][] b = align(ids, ids2, c2);
    long[] na = new long[n];
    long[] nb = new long[n];
    int tested = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        na[i] += a[i][j];
        nb[i] += b[i][j];
      }
      if (na[i] >= minSamples && nb[i] >= minSamples) {
        tested++;
      }
    }
    double level = tested == 0 ? alpha : alpha / tested;
    ChiSquareTest test = new ChiSquareTest();
    List<Row> rows = new ArrayList<>();
    int flagged = 0;
    double tvSum = 0;
    double weight = 0;
    for (int i = 0; i < n; i++) {
      double tv = Double.NaN;
      if (na[i] > 0 && nb[i] > 0) {
        tv = 0;
        for (int j = 0; j < n; j++) {
          tv += Math.abs((double) a[i][j] / na[i] - (double) b[i][j] / nb[i]);
        }
        tv /= 2;
      }
      double p = Double.NaN;
      boolean flag = false;
      if (na[i] >= minSamples && nb[i] >= minSamples) {
        p = pValue(test, a[i], b[i]);
        flag = p < level;
        tvSum += tv * (na[i] + nb[i]);
        weight += na[i] + nb[i];
      }
      if (flag) {
        flagged++;
      }
      rows.add(new Row(ids.get(i), na[i], nb[i], tv, p, flag));
    }
    return new Result(rows, tested, flagged, alpha, weight == 0 ? Double.NaN : tvSum / weight);
  }

  private static double pValue(ChiSquareTest test, long[] a, long[] b) {
    List<long[]> cols = new ArrayList<>();
    for (int j = 0; j < a.length; j++) {
      if (a[j] + b[j] > 0) {
        cols.add(new long[] {a[j], b[j]});
      }
    }
    if (cols.size() < 2) {
      return 1.0;
    }
    long[] x = new long[cols.size()];
    long[] y = new long[cols.size()];
    for (int k = 0; k < cols.size(); k++) {
      x[k] = cols.get(k)[0];
      y[k] = cols.get(k)[1];
    }
    return test.chiSquareTestDataSetsComparison(x, y);
  }

  private static long[][] align(List<String> ids, List<String> own, long[][] c) {
    Map<String, Integer> at = new LinkedHashMap<>();
    for (int k = 0; k < own.size(); k++) {
      at.put(own.get(k), k);
    }
    int n = ids.size();
    long[][] m = new long[n][n];
    for (int i = 0; i < n; i++) {
      Integer oi = at.get(ids.get(i));
      if (oi == null) {
        continue;
      }
      for (int j = 0; j < n; j++) {
        Integer oj = at.get(ids.get(j));
        if (oj != null) {
          m[i][j] = c[oi][oj];
        }
      }
    }
    return m;
  }
}
