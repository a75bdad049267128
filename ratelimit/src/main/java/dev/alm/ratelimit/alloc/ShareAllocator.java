package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.SumGossip;

/**
 * The demand-proportional share ({@code share}), the live agent's first allocation and its default:
 * every limiter estimates the global demand D = sum_i r_i by gossip over its EWMA'd arrival rate
 * r_i (paper 001 section 3.1, as GTB and GRD do) and enforces a token bucket at the {@link
 * ShareRule} share of the limit available, so the limits of the limiters that hear each other sum
 * to it.
 *
 * <p>The limit available L_a is L less L/N for each peer that is unreachable and not removed by
 * membership (silent peers keep their 1/N, paper 000 Fig. 1 line 9), and less L/N for each removed
 * peer too unless this limiter hears a majority of the N (then the survivors inherit the removed
 * peers' shares, paper 000 section IV's failover spread over all survivors by demand, since gossip
 * has no graph). With every peer reachable (the simulator) L_a = L.
 */
public final class ShareAllocator extends GossipAllocator {

  /**
   * @param gossip the estimator shared by all limiters (N, br, the section 5.6 option)
   * @param ewmaPerInterval the EWMA weight of the history per interval ({@code Ewma.perInterval})
   */
  public ShareAllocator(SumGossip gossip, double ewmaPerInterval) {
    super("share", gossip, ewmaPerInterval);
  }

  /**
   * L_a: the global limit less L/N for each peer whose share stays reserved (see the class
   * comment).
   */
  static double available(double limit, int limiters, StepInput<?> input) {
    int hearing = input.reachableCount(limiters);
    int removed = input.removedCount(limiters);
    int silent = Math.max(0, limiters - hearing - removed);
    boolean quorum = 2 * hearing > limiters;
    int reserved = silent + (quorum ? 0 : removed);
    return limit - reserved * limit / limiters;
  }

  @Override
  Enforcement update(GossipStep step) {
    double demand = gossipDemand(step);
    LimiterContext context = step.context();
    GossipLimiterState st = step.state();
    int n = context.limiters();
    double available = available(context.globalLimit(), n, step.input());
    st.localLimit = ShareRule.share(available, st.rate, demand, step.input().reachableCount(n));
    return localLimit(context, st.localLimit);
  }
}
