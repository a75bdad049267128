package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Enforcement;

/**
 * The limiters' data path in the simulator: each limiter polices what arrives with its current
 * {@link Enforcement}, a local token bucket, a drop probability, or its share of one central bucket
 * refilled at the global limit (CTB): the simulator's run and the live runs' PoPs ({@code
 * ScenarioPops}) police with this one class. Mutable; one per run.
 */
public final class Policers {
  private static final int LOCAL = 0;
  private static final int DROP = 1;
  private static final int CENTRAL = 2;

  private final double globalLimit;
  private final double bucketDepth;
  private final int[] kind;
  private final double[] rate;
  private final double[] depth;
  private final double[] dropP;
  private final double[] tokens;
  private final double[] served;
  private double centralTokens;

  /**
   * @param limiters how many limiters
   * @param globalLimit the global limit L, units/s (the central bucket's rate)
   * @param bucketDepth the buckets' depth, units
   */
  public Policers(int limiters, double globalLimit, double bucketDepth) {
    this.globalLimit = globalLimit;
    this.bucketDepth = bucketDepth;
    kind = new int[limiters];
    rate = new double[limiters];
    depth = new double[limiters];
    dropP = new double[limiters];
    tokens = new double[limiters];
    served = new double[limiters];
    centralTokens = bucketDepth;
  }

  /** Limiter {@code i} starts enforcing {@code e} with a full bucket. */
  public void start(int i, Enforcement e) {
    apply(i, e);
    tokens[i] = depth[i];
  }

  /** Limiter {@code i} enforces {@code e} from now on. */
  public void apply(int i, Enforcement e) {
    if (e instanceof Enforcement.LocalLimit l) {
      kind[i] = LOCAL;
      rate[i] = l.rate();
      depth[i] = l.depth();
    } else if (e instanceof Enforcement.DropProbability p) {
      kind[i] = DROP;
      dropP[i] = p.probability();
    } else {
      kind[i] = CENTRAL;
    }
  }

  /** Every limiter serves what {@code arrived} over a tick of {@code dt} seconds. */
  public void police(double[] arrived, double dt) {
    double centralArrived = 0;
    for (int i = 0; i < kind.length; i++) {
      switch (kind[i]) {
        case LOCAL -> {
          double cap = Math.max(depth[i], rate[i] * dt);
          tokens[i] = Math.min(cap, tokens[i] + rate[i] * dt);
          double s = Math.min(arrived[i], tokens[i]);
          tokens[i] -= s;
          served[i] = s;
        }
        case DROP -> served[i] = arrived[i] * (1 - dropP[i]);
        default -> centralArrived += arrived[i];
      }
    }
    if (centralArrived > 0 || bucketDepth >= 0) {
      double cap = Math.max(bucketDepth, globalLimit * dt);
      centralTokens = Math.min(cap, centralTokens + globalLimit * dt);
      double frac = 1;
      if (centralArrived > 0) {
        double s = Math.min(centralArrived, centralTokens);
        centralTokens -= s;
        frac = s / centralArrived;
      }
      for (int i = 0; i < kind.length; i++) {
        if (kind[i] == CENTRAL) {
          served[i] = arrived[i] * frac;
        }
      }
    }
  }

  /** What limiter {@code i} served over the last tick, units. */
  public double served(int i) {
    return served[i];
  }

  /** Whether limiter {@code i} drops the tail (a bucket) rather than at random. */
  public boolean dropsTail(int i) {
    return kind[i] != DROP;
  }

  /**
   * Limiter {@code i}'s local limit, units/s; NaN under a drop probability or the central bucket.
   */
  public double limit(int i) {
    return kind[i] == LOCAL ? rate[i] : Double.NaN;
  }

  /** Limiter {@code i}'s drop probability; NaN under a local or central bucket. */
  public double dropProbability(int i) {
    return kind[i] == DROP ? dropP[i] : Double.NaN;
  }
}
