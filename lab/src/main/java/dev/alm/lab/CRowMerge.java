package dev.alm.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * How a C estimated from a short window of logs replaces the C the PoPs hold ({@code --refresh-from
 * estimated}, docs/lab/drills.md): row by row, a row estimated from at least {@code minSamples}
 * beacon samples replaces the previous row; a row with fewer (a PoP whose DNS catchment is small or
 * gone) keeps the previous one. C_ij is paper 004 eq. (1): the share of PoP i's DNS answers whose
 * requests reach proxy j, so each row is a distribution on its own and rows can be replaced
 * independently. Pure: no I/O.
 */
public final class CRowMerge {

  /**
   * What happened to one row.
   *
   * @param id the row's PoP
   * @param samples the beacon samples the estimate of this row had
   * @param replaced whether the estimate replaced the previous row
   * @param tv the total variation distance between the previous row and the row handed over (0 when
   *     kept)
   */
  public record Row(String id, long samples, boolean replaced, double tv) {}

  /**
   * The merged C and what happened to every row.
   *
   * @param c the C handed over (rows sum to 1)
   * @param rows per row, in the order of the ids
   */
  public record Result(double[][] c, List<Row> rows) {
    /** The ids of the rows replaced. */
    public List<String> replaced() {
      return rows.stream().filter(Row::replaced).map(Row::id).toList();
    }
  }

  private CRowMerge() {}

  /**
   * Merges {@code estimate} into {@code previous} (both n x n over {@code ids}).
   *
   * @param samples per row, the samples its estimate had
   * @param minSamples the fewest samples for a row to be replaced (&gt;= 1)
   * @throws IllegalArgumentException on mismatched sizes or minSamples &lt; 1
   */
  public static Result merge(
      List<String> ids, double[][] previous, double[][] estimate, long[] samples, long minSamples) {
    int n = ids.size();
    if (previous.length != n || estimate.length != n || samples.length != n) {
      throw new IllegalArgumentException(
          "C, its estimate and the samples must cover " + n + " rows");
    }
    if (minSamples < 1) {
      throw new IllegalArgumentException("minSamples must be >= 1, got " + minSamples);
    }
    double[][] c = new double[n][];
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (previous[i].length != n || estimate[i].length != n) {
        throw new IllegalArgumentException("row " + ids.get(i) + " must have " + n + " entries");
      }
      double sum = 0;
      boolean finite = true;
      for (double v : estimate[i]) {
        finite &= Double.isFinite(v) && v >= 0;
        sum += v;
      }
      boolean replace = samples[i] >= minSamples && finite && sum > 0;
      c[i] = new double[n];
      double tv = 0;
      for (int j = 0; j < n; j++) {
        c[i][j] = replace ? estimate[i][j] / sum : previous[i][j];
        tv += Math.abs(c[i][j] - previous[i][j]);
      }
      rows.add(new Row(ids.get(i), samples[i], replace, tv / 2));
    }
    return new Result(c, List.copyOf(rows));
  }
}
