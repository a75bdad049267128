package dev.alm.correlation;

import dev.alm.controller.model.CorrelationMatrix;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * An estimate of C: the sample counts n_ij, the smoothed matrix ({@link Smoothing}) and a
 * confidence interval per entry ({@link ClopperPearson}), over node ids in sorted order. Immutable.
 */
public final class CorrelationEstimate {
  private final List<String> ids;
  private final long[][] counts;
  private final long[] rows;
  private final CorrelationMatrix matrix;
  private final double[][] lower;
  private final double[][] upper;
  private final Smoothing smoothing;
  private final double confidence;

  private CorrelationEstimate(
      List<String> ids, long[][] counts, Smoothing smoothing, double confidence) {
    int n = ids.size();
    this.ids = List.copyOf(ids);
    this.counts = counts;
    this.smoothing = smoothing;
    this.confidence = confidence;
    this.rows = new long[n];
    for (int i = 0; i < n; i++) {
      for (long v : counts[i]) {
        rows[i] += v;
      }
    }
    this.matrix = CorrelationMatrix.of(ids, smoothing.apply(counts));
    ClopperPearson cp = new ClopperPearson(confidence);
    this.lower = new double[n][n];
    this.upper = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double[] b = cp.interval(counts[i][j], rows[i]);
        lower[i][j] = b[0];
        upper[i][j] = b[1];
      }
    }
  }

  /**
   * The estimate from counts numbered by {@code labels}, with node ids sorted.
   *
   * @throws IllegalArgumentException if no node was seen
   */
  public static CorrelationEstimate of(
      Counts counts, LabelIndex labels, Smoothing smoothing, double confidence) {
    int n = labels.size();
    if (n == 0) {
      throw new IllegalArgumentException("no samples: no node ids were seen");
    }
    int[] order =
        IntStream.range(0, n)
            .boxed()
            .sorted(Comparator.comparing(labels::id))
            .mapToInt(Integer::intValue)
            .toArray();
    List<String> ids = new ArrayList<>();
    long[][] m = new long[n][n];
    for (int a = 0; a < n; a++) {
      ids.add(labels.id(order[a]));
      for (int b = 0; b < n; b++) {
        m[a][b] = counts.get(order[a], order[b]);
      }
    }
    return new CorrelationEstimate(ids, m, smoothing, confidence);
  }

  /** The estimate from a count matrix over {@code ids}, in that order. */
  public static CorrelationEstimate of(
      List<String> ids, long[][] counts, Smoothing smoothing, double confidence) {
    long[][] copy = new long[counts.length][];
    for (int i = 0; i < counts.length; i++) {
      copy[i] = counts[i].clone();
    }
    return new CorrelationEstimate(ids, copy, smoothing, confidence);
  }

  public List<String> ids() {
    return ids;
  }

  public int size() {
    return ids.size();
  }

  /** The smoothed estimate of C: every entry &gt; 0, rows summing to 1. */
  public CorrelationMatrix matrix() {
    return matrix;
  }

  /** n_ij. */
  public long count(int i, int j) {
    return counts[i][j];
  }

  /** n_i, the samples of row i. */
  public long samples(int i) {
    return rows[i];
  }

  /** All samples. */
  public long samples() {
    long s = 0;
    for (long r : rows) {
      s += r;
    }
    return s;
  }

  /** The measured frequency n_ij / n_i (unsmoothed), or NaN for a row without samples. */
  public double frequency(int i, int j) {
    return rows[i] == 0 ? Double.NaN : (double) counts[i][j] / rows[i];
  }

  /** Lower bound of the confidence interval of C_ij. */
  public double lower(int i, int j) {
    return lower[i][j];
  }

  /** Upper bound of the confidence interval of C_ij. */
  public double upper(int i, int j) {
    return upper[i][j];
  }

  public Smoothing smoothing() {
    return smoothing;
  }

  public double confidence() {
    return confidence;
  }

  /** A copy of the counts. */
  public long[][] counts() {
    long[][] copy = new long[counts.length][];
    for (int i = 0; i < counts.length; i++) {
      copy[i] = counts[i].clone();
    }
    return copy;
  }
}
