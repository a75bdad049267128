package dev.alm.ratelimit.gossip;

/** The per-limiter state of a {@link SumGossip}; mutable, owned by the allocator's step. */
public abstract class GossipState {
  double estimate;

  GossipState() {}

  /** The latest estimate of the sum. */
  public double estimate() {
    return estimate;
  }
}
