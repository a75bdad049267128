package dev.alm.ratelimit.alloc;

/**
 * How a limiter polices its local traffic until its next step: the output of an allocation step.
 *
 * <ul>
 *   <li>{@link LocalLimit}: a token bucket at {@code rate} units/s holding at most {@code depth}
 *       units (FPS, GDRL, the Laplacian throttler, static 1/N, independent; GTB with the rate its
 *       bucket refills net of the estimated remote drain, paper 001 section 3.2);
 *   <li>{@link DropProbability}: forward every unit with probability 1 - p (GRD, paper 001 Fig. 1
 *       line 4: p = (demand - limit) / demand);
 *   <li>{@link CentralBucket}: send the traffic through the one token bucket shared by all limiters
 *       at the global limit (CTB, paper 001 section 5.1's reference; live, a central store or token
 *       server).
 * </ul>
 */
public sealed interface Enforcement {

  /** The rate this enforcement lets through when demand is unbounded, in units/s. */
  double nominalRate(double globalLimit);

  /**
   * A local token bucket.
   *
   * @param rate refill rate in units/s, at least 0
   * @param depth bucket size in units, at least 0 (paper 001 section 5.1: 75,000 bytes; FPS's
   *     slow-start burst when the local limit is zero, section 3.2.2)
   */
  record LocalLimit(double rate, double depth) implements Enforcement {
    public LocalLimit {
      if (!(rate >= 0) || !(depth >= 0) || Double.isInfinite(rate)) {
        throw new IllegalArgumentException("rate and depth must be finite and >= 0: " + rate);
      }
    }

    @Override
    public double nominalRate(double globalLimit) {
      return rate;
    }
  }

  /**
   * Random drop.
   *
   * @param probability the probability of dropping each unit, in [0, 1]
   */
  record DropProbability(double probability) implements Enforcement {
    public DropProbability {
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("drop probability must be in [0, 1]: " + probability);
      }
    }

    @Override
    public double nominalRate(double globalLimit) {
      return Double.POSITIVE_INFINITY;
    }
  }

  /**
   * The shared central token bucket (CTB).
   *
   * @param depth its depth in units
   */
  record CentralBucket(double depth) implements Enforcement {
    public CentralBucket {
      if (!(depth >= 0)) {
        throw new IllegalArgumentException("depth must be >= 0: " + depth);
      }
    }

    @Override
    public double nominalRate(double globalLimit) {
      return globalLimit;
    }
  }
}
