package dev.alm.correlation;

import java.util.HashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * The Clopper-Pearson ("exact") confidence interval of a binomial proportion: with k of n samples
 * in a cell, the interval holds the true C_ij with probability at least the confidence level,
 * whatever C_ij is (it is conservative; docs/correlation/estimate.md). Bounds are quantiles of Beta
 * distributions (commons-math3). Results are cached per (k, n), since most cells of a sparse row
 * share k = 0.
 */
public final class ClopperPearson {
  private final double alpha;
  private final Map<Long, double[]> cache = new HashMap<>();

  /**
   * @param confidence the level, in (0, 1), e.g. 0.95
   */
  public ClopperPearson(double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
    }
    this.alpha = 1 - confidence;
  }

  /** {lower, upper} for k successes in n trials; [0, 1] when n = 0. */
  public double[] interval(long k, long n) {
    if (k < 0 || k > n) {
      throw new IllegalArgumentException("need 0 <= k <= n, got k=" + k + ", n=" + n);
    }
    if (n == 0) {
      return new double[] {0, 1};
    }
    long key = n * 0x100000001L + k;
    return cache.computeIfAbsent(key, x -> compute(k, n)).clone();
  }

  private double[] compute(long k, long n) {
    double lower =
        k == 0
            ? 0
            : new BetaDistribution(null, k, n - k + 1).inverseCumulativeProbability(alpha / 2);
    double upper =
        k == n
            ? 1
            : new BetaDistribution(null, k + 1, n - k).inverseCumulativeProbability(1 - alpha / 2);
    return new double[] {lower, upper};
  }
}
