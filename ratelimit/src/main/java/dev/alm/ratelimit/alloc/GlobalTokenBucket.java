package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.SumGossip;

/**
 * Global Token Bucket (paper 001 section 3.2): each limiter's bucket refills at the global limit L
 * and is drained both by local arrivals and, until the next update, by the estimated arrivals at
 * the other limiters (the gossiped global demand minus its own EWMA'd rate). The net refill left
 * for local traffic is L - r_remote, which is the {@link Enforcement.LocalLimit} returned, with the
 * bucket's depth. Sensitive to stale estimates (section 4; section 5.1: fair only with tiny
 * intervals and no EWMA).
 */
public final class GlobalTokenBucket extends GossipAllocator {

  /**
   * @param gossip the estimator shared by all limiters
   * @param ewmaPerInterval the EWMA weight of the history per interval
   */
  public GlobalTokenBucket(SumGossip gossip, double ewmaPerInterval) {
    super("gtb", gossip, ewmaPerInterval);
  }

  @Override
  Enforcement update(GossipStep step) {
    double demand = gossipDemand(step);
    double limit = limit(step);
    GossipLimiterState st = step.state();
    st.localLimit = Math.max(0, limit - Math.max(0, demand - st.rate));
    return localLimit(step.context(), st.localLimit);
  }
}
