package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.SumGossip;

/**
 * Global Random Drop (paper 001 section 3.2.1, Fig. 1): every limiter estimates the global demand D
 * = sum_i r_i by gossip over its EWMA'd arrival rate r_i and drops each unit with probability (D -
 * L) / D when D exceeds the limit L (Fig. 1 line 4), else forwards everything. It reproduces the
 * number of drops of a central bucket, not their timing. Protocol-agnostic: it applies to
 * requests/s and bytes/s alike.
 */
public final class GlobalRandomDrop extends GossipAllocator {

  /**
   * @param gossip the estimator shared by all limiters (N, br, the section 5.6 option)
   * @param ewmaPerInterval the EWMA weight of the history per interval ({@code Ewma.perInterval})
   */
  public GlobalRandomDrop(SumGossip gossip, double ewmaPerInterval) {
    super("grd", gossip, ewmaPerInterval);
  }

  @Override
  public GossipLimiterState initialState(LimiterContext context) {
    return newState(context, 0, context.globalLimit());
  }

  @Override
  public Enforcement initialEnforcement(LimiterContext context, GossipLimiterState state) {
    return new Enforcement.DropProbability(0);
  }

  @Override
  Enforcement update(GossipStep step) {
    double demand = gossipDemand(step);
    double limit = limit(step);
    return new Enforcement.DropProbability(demand > limit ? (demand - limit) / demand : 0);
  }
}
