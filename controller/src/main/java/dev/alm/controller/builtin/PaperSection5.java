package dev.alm.controller.builtin;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.PoissonDistribution;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The evaluation setup of paper 004 section V: N nodes with eq. (30) ({@code gamma_i = 10, eta_i =
 * 1, T_i = 0.7, d_i ~ U[0, 1]}) and demands {@code A_i ~ Poisson(mean load)}, over a fixed
 * correlation matrix. One instance per draw of (A, d); the matrix stays the same across draws, as
 * in Fig. 5.
 */
public final class PaperSection5 {

  public static final int NODES = 48;
  public static final double CAPACITY = 0.7;
  public static final double ETA = 1.0;
  public static final double GAMMA = 10.0;

  /** Seed of the section V correlation matrix: fixed, so that every user sees the same C. */
  public static final long MATRIX_SEED = 2015;

  private final CorrelationMatrix correlation;

  public PaperSection5(CorrelationMatrix correlation) {
    this.correlation = correlation;
  }

  /**
   * The 48-node setup over the synthetic matrix of {@link SyntheticCorrelation} with {@link
   * #MATRIX_SEED}.
   */
  public static PaperSection5 standard() {
    return new PaperSection5(SyntheticCorrelation.generate(NODES, MATRIX_SEED));
  }

  public CorrelationMatrix correlation() {
    return correlation;
  }

  /** One draw: d_i ~ U[0,1] then A_i ~ Poisson(meanLoad), in node order, from {@code rng}. */
  public Topology draw(double meanLoad, RandomGenerator rng) {
    if (!(meanLoad >= 0) || !Double.isFinite(meanLoad)) {
      throw new IllegalArgumentException("mean load must be a finite number >= 0, got " + meanLoad);
    }
    int n = correlation.size();
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = rng.nextDouble();
    }
    PoissonDistribution poisson =
        meanLoad > 0
            ? new PoissonDistribution(
                rng,
                meanLoad,
                PoissonDistribution.DEFAULT_EPSILON,
                PoissonDistribution.DEFAULT_MAX_ITERATIONS)
            : null;
    List<Node> nodes = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      double a = poisson == null ? 0 : poisson.sample();
      nodes.add(new Node(correlation.ids().get(i), CAPACITY, a, ETA, GAMMA, d[i]));
    }
    return new Topology(nodes, correlation);
  }
}
