package dev.alm.ratelimit.alloc;

import java.util.Arrays;

/**
 * What a limiter knows that does not change between steps.
 *
 * @param id this limiter, in 0..limiters-1
 * @param limiters N, the number of limiters sharing the limit (paper 001 section 5.6 initializes
 *     each limiter with N)
 * @param globalLimit the global limit L (paper 001) or C (paper 000 eq. 1), in units/s
 * @param interval the estimate interval in seconds (paper 001: 50 ms; paper 000: Delta; paper 003:
 *     the update cycle gamma's time step)
 * @param bucketDepth the token bucket depth in units for local limits (paper 001 section 5.1:
 *     75,000 bytes)
 * @param neighbours the limiter's neighbours in the communication graph (paper 000's G, paper 003's
 *     graph); for gossip algorithms all other limiters are potential peers and this may be empty
 * @param neighbourWeights the link weight w_ij per neighbour (paper 003 eq. 3), 1 when unweighted
 */
public record LimiterContext(
    int id,
    int limiters,
    double globalLimit,
    double interval,
    double bucketDepth,
    int[] neighbours,
    double[] neighbourWeights) {

  public LimiterContext {
    if (limiters < 1 || id < 0 || id >= limiters) {
      throw new IllegalArgumentException("limiter " + id + " of " + limiters);
    }
    if (!(globalLimit > 0) || !(interval > 0) || !(bucketDepth >= 0)) {
      throw new IllegalArgumentException("limit and interval must be > 0, depth >= 0");
    }
    if (neighbours.length != neighbourWeights.length) {
      throw new IllegalArgumentException("one weight per neighbour");
    }
    neighbours = neighbours.clone();
    neighbourWeights = neighbourWeights.clone();
  }

  /** A context with no graph neighbours (gossip algorithms, baselines). */
  public static LimiterContext of(
      int id, int limiters, double globalLimit, double interval, double bucketDepth) {
    return new LimiterContext(
        id, limiters, globalLimit, interval, bucketDepth, new int[0], new double[0]);
  }

  /** The 1/N share (paper 000 Fig. 1 line 9; paper 001 section 5.7's static policy). */
  public double equalShare() {
    return globalLimit / limiters;
  }

  @Override
  public int[] neighbours() {
    return neighbours.clone();
  }

  @Override
  public double[] neighbourWeights() {
    return neighbourWeights.clone();
  }

  /** Degree d_i in the communication graph (paper 000 eq. 9). */
  public int degree() {
    return neighbours.length;
  }

  /** The i-th neighbour without copying the array. */
  public int neighbour(int i) {
    return neighbours[i];
  }

  /** The weight of the i-th neighbour's link without copying the array. */
  public double weight(int i) {
    return neighbourWeights[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LimiterContext c
        && c.id == id
        && c.limiters == limiters
        && c.globalLimit == globalLimit
        && c.interval == interval
        && c.bucketDepth == bucketDepth
        && Arrays.equals(c.neighbours, neighbours)
        && Arrays.equals(c.neighbourWeights, neighbourWeights);
  }

  @Override
  public int hashCode() {
    return 31 * Integer.hashCode(id) + Arrays.hashCode(neighbours);
  }

  @Override
  public String toString() {
    return "LimiterContext[id="
        + id
        + ", limiters="
        + limiters
        + ", globalLimit="
        + globalLimit
        + ", interval="
        + interval
        + ", degree="
        + neighbours.length
        + "]";
  }
}
