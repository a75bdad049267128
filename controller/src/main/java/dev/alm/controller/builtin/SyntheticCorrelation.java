package dev.alm.controller.builtin;

import dev.alm.controller.model.CorrelationMatrix;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * A seeded model of an anycast correlation matrix, for when the real one is not at hand
 * (FastRoute's C of paper 004 section V is not public). The model:
 *
 * <ol>
 *   <li>PoPs are placed uniformly at random on the unit sphere.
 *   <li>Self-correlation C_ii: with probability {@value #POOR_SHARE} a PoP is poorly
 *       self-correlated, C_ii ~ U[0.1, 0.35] (the case of section III-B where greedy control
 *       fails); otherwise C_ii = 0.1 + 0.8 B with B ~ Beta(6, 2.5), which puts most values between
 *       0.5 and 0.8 and all within 0.1-0.9.
 *   <li>The rest, 1 - C_ii, is spread over the other PoPs in proportion to {@code exp(-distance_ij
 *       / 0.35) + 1e-4} (great-circle distance in radians): anycast mis-routing mostly lands on
 *       neighbours, and every entry stays strictly positive, as the FastControl probe plan (eq. 19)
 *       requires.
 * </ol>
 */
public final class SyntheticCorrelation {

  /** Share of PoPs drawn as poorly self-correlated. */
  public static final double POOR_SHARE = 0.1;

  private static final double RANGE = 0.35;
  private static final double FLOOR = 1e-4;

  private SyntheticCorrelation() {}

  /** Ids {@code p01..pNN} (zero-padded to the width of n). */
  public static List<String> ids(int n) {
    int width = Integer.toString(n).length();
    List<String> ids = new ArrayList<>(n);
    for (int i = 1; i <= n; i++) {
      ids.add("p" + String.format("%0" + width + "d", i));
    }
    return ids;
  }

  /** A matrix of size n from the model above, the same for the same seed. */
  public static CorrelationMatrix generate(int n, long seed) {
    if (n < 2) {
      throw new IllegalArgumentException(
          "a synthetic correlation matrix needs at least 2 nodes, got " + n);
    }
    RandomGenerator rng = new Well19937c(seed);
    double[][] pos = new double[n][3];
    for (int i = 0; i < n; i++) {
      double z = 2 * rng.nextDouble() - 1;
      double phi = 2 * Math.PI * rng.nextDouble();
      double r = Math.sqrt(1 - z * z);
      pos[i][0] = r * Math.cos(phi);
      pos[i][1] = r * Math.sin(phi);
      pos[i][2] = z;
    }
    BetaDistribution beta = new BetaDistribution(rng, 6, 2.5);
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      double self =
          rng.nextDouble() < POOR_SHARE ? 0.1 + 0.25 * rng.nextDouble() : 0.1 + 0.8 * beta.sample();
      double total = 0;
      for (int j = 0; j < n; j++) {
        if (j != i) {
          double dot = pos[i][0] * pos[j][0] + pos[i][1] * pos[j][1] + pos[i][2] * pos[j][2];
          double dist = Math.acos(Math.max(-1, Math.min(1, dot)));
          c[i][j] = Math.exp(-dist / RANGE) + FLOOR;
          total += c[i][j];
        }
      }
      double scale = (1 - self) / total;
      double sum = self;
      for (int j = 0; j < n; j++) {
        if (j != i) {
          c[i][j] *= scale;
          sum += c[i][j];
        }
      }
      c[i][i] = self + (1 - sum);
    }
    return CorrelationMatrix.of(ids(n), c);
  }
}
