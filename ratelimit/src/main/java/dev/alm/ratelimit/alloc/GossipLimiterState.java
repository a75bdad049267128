package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.GossipState;

/**
 * The state of one limiter under GTB, GRD or FPS (paper 001 section 3): the EWMA of its local
 * arrival rate, its push-sum gossip state, and for FPS its weight and local limit. Mutable and
 * owned by the allocator's step, which updates it in place and returns the same object.
 */
public final class GossipLimiterState {
  final GossipState gossip;
  double rate;

  /** Seconds of measurement folded into {@link #rate} ({@code DemandFilter}). */
  double measured;

  double weight;
  double localLimit;
  double globalEstimate;
  double gossiped;

  GossipLimiterState(GossipState gossip, double weight, double localLimit) {
    this.gossip = gossip;
    this.weight = weight;
    this.localLimit = localLimit;
  }

  /** The EWMA of the local arrival rate, units/s (paper 001 section 3.1). */
  public double rate() {
    return rate;
  }

  /** FPS's flow weight w_i (paper 001 Fig. 2); 0 under GTB and GRD. */
  public double weight() {
    return weight;
  }

  /** The local limit currently enforced (FPS, GTB), units/s. */
  public double localLimit() {
    return localLimit;
  }

  /**
   * The local value given to the gossip estimator at the latest step (r_i for GTB, GRD and the
   * share; w_i for FPS): what a table-gossip update from this limiter carries.
   */
  public double gossipedValue() {
    return gossiped;
  }

  /** The latest gossip estimate of the global sum (demand for GTB and GRD, weights for FPS). */
  public double globalEstimate() {
    return globalEstimate;
  }
}
