package dev.alm.correlation;

/**
 * Additive (Dirichlet) smoothing of sample counts into a correlation matrix: row i of C is the
 * posterior mean of a symmetric Dirichlet prior with total mass {@code a} spread evenly over the N
 * columns, {@code C_ij = (n_ij + a/N) / (n_i + a)}. Every entry is then &gt; 0, which the dual's
 * probe plan needs (paper 004 eq. 19 divides by C_ij), rows sum to 1, and a row without samples is
 * uniform. The prior weighs as much as {@code a} samples: with the default a = 1 it moves a row of
 * n samples by at most 1/(n + 1) in total variation (docs/correlation/estimate.md).
 *
 * @param priorMass a, the prior's total pseudo-count per row, &gt; 0
 */
public record Smoothing(double priorMass) {
  /** The default prior mass: one pseudo-sample per row. */
  public static final double DEFAULT_PRIOR_MASS = 1.0;

  public Smoothing {
    if (!Double.isFinite(priorMass) || priorMass <= 0) {
      throw new IllegalArgumentException(
          "the prior mass must be a finite number > 0, got " + priorMass);
    }
  }

  /** The smoothed rows of a square count matrix. */
  public double[][] apply(long[][] counts) {
    int n = counts.length;
    double perEntry = priorMass / n;
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      long rowTotal = 0;
      for (long v : counts[i]) {
        rowTotal += v;
      }
      double denom = rowTotal + priorMass;
      double sum = 0;
      for (int j = 0; j < n; j++) {
        c[i][j] = (counts[i][j] + perEntry) / denom;
        sum += c[i][j];
      }
      for (int j = 0; j < n; j++) {
        c[i][j] /= sum; // removes rounding so rows sum to 1 to the last bit the checks care about
      }
    }
    return c;
  }
}
