package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.Ewma;
import dev.alm.ratelimit.gossip.GossipUpdate;
import dev.alm.ratelimit.gossip.SumGossip;

/**
 * Flow Proportional Share (paper 001 section 3.2.2, Fig. 2): each limiter enforces a local token
 * bucket whose rate is its share of the global limit L in proportion to its flow weight w_i, the
 * number of unbottlenecked TCP flows it carries counted without per-flow state. FPS-ESTIMATE, once
 * per interval, with r_i the EWMA'd local demand and l_i the current local limit:
 *
 * <ul>
 *   <li>r_i &gt;= l_i (some flow is bottlenecked here; lines 4-6): w = l_i / maxflowrate, the
 *       fastest flow in the limiter's flow sample ({@link FlowSample});
 *   <li>r_i &lt; l_i (all flows bottlenecked elsewhere; lines 8-9): w = r_i * W_remote / (L - r_i),
 *       the weight that makes the new limit equal the demand;
 *   <li>l_i = w L / (W_remote + w) (line 10), W_remote = sum_{j != i} w_j from gossip; w is
 *       propagated (line 11).
 * </ul>
 *
 * <p>The weight is smoothed by the EWMA (section 3.2.2: "we apply an EWMA to smooth this
 * oscillation"). Slow start (section 3.2.2): a limiter whose limit is zero keeps a floor of {@link
 * #SLOW_START_FLOOR} of L/N so that its bucket fills and lets a new flow burst, and the first
 * interval with demand after that is treated as bottlenecked at its instantaneous rate. The
 * Appendix proves the allocation U a_i / A + B_i is a fixed point. FPS counts TCP flows: it applies
 * to bytes/s of congestion-controlled traffic, not to requests/s.
 */
public final class FlowProportionalShare extends GossipAllocator {

  /** The fraction of L/N kept as a local limit's floor so that the slow-start burst can happen. */
  public static final double SLOW_START_FLOOR = 0.01;

  /** Default fraction of the local limit above which demand counts as meeting it (line 4). */
  public static final double DEFAULT_THRESHOLD = 0.9;

  private final double threshold;

  /**
   * @param gossip the estimator shared by all limiters
   * @param ewmaPerInterval the EWMA weight of the history per interval, for demand and weight
   * @param threshold r_i &gt;= threshold * l_i counts as "local demand meets the local limit"
   *     (TCP's sawtooth keeps an unbottlenecked aggregate slightly below the limit on average)
   */
  public FlowProportionalShare(SumGossip gossip, double ewmaPerInterval, double threshold) {
    super("fps", gossip, ewmaPerInterval);
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold in (0, 1]: " + threshold);
    }
    this.threshold = threshold;
  }

  private static double flowsAtMost(double localDemand, LocalMeasurement local) {
    return local.maxFlowRate() > 0 ? Math.max(1, localDemand / local.maxFlowRate()) : 1;
  }

  @Override
  public GossipLimiterState initialState(LimiterContext context) {
    GossipLimiterState st = newState(context, 1, context.equalShare());
    st.globalEstimate = context.limiters();
    return st;
  }

  @Override
  Enforcement update(GossipStep step) {
    LimiterContext context = step.context();
    GossipLimiterState st = step.state();
    StepInput<GossipUpdate> input = step.input();
    LocalMeasurement local = input.local();
    double limit = limit(step);
    double floor = SLOW_START_FLOOR * context.equalShare();
    double raw = local.arrivalRate();
    boolean slowStart = st.localLimit <= floor * 1.0001 && raw > 0;
    if (slowStart) {
      st.rate = raw;
      st.measured += local.interval();
    } else {
      filtered(context, st, raw, local.interval());
    }
    double localDemand = st.rate;
    double remotePrev = Math.max(0, st.globalEstimate - st.weight);
    double ideal;
    if (!slowStart && localDemand >= threshold * st.localLimit && st.localLimit > floor) {
      ideal = local.maxFlowRate() > 0 ? st.localLimit / local.maxFlowRate() : st.weight;
    } else if (localDemand <= 0) {
      ideal = 0;
    } else if (remotePrev <= 1e-9) {
      ideal = Math.max(st.weight, 1);
    } else if (localDemand >= limit * 0.999) {
      ideal = remotePrev * 999;
    } else {
      ideal = localDemand * remotePrev / (limit - localDemand);
    }
    if (!(ideal <= flowsAtMost(localDemand, local))) {
      // A weight counts unbottlenecked-flow equivalents: it cannot exceed the flows present,
      // demand / the fastest sampled flow's rate (one flow when nothing is sampled yet, the
      // slow-start case). This anchors the weights' scale when every limiter is in regime 2.
      ideal = flowsAtMost(localDemand, local);
    }
    st.weight = slowStart ? ideal : ewma * st.weight + (1 - ewma) * ideal;
    st.gossiped = st.weight;
    double total =
        gossip.step(
            context.id(), st.gossip, st.weight, input.received(), input, step.random(), step.out());
    // push-sum's estimate swings when local changes are merged into a small mass; smooth it with
    // the same EWMA as the demand
    st.globalEstimate = Ewma.update(ewma, st.globalEstimate, total, st.globalEstimate == 0);
    st.globalEstimate = Math.max(st.globalEstimate, st.weight);
    double remote = Math.max(0, st.globalEstimate - st.weight);
    double share = st.weight + remote > 0 ? st.weight * limit / (st.weight + remote) : 0;
    st.localLimit = Math.max(floor, Math.min(limit, share));
    return localLimit(context, st.localLimit);
  }
}
