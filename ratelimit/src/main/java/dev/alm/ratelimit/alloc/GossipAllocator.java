package dev.alm.ratelimit.alloc;

import dev.alm.ratelimit.gossip.DemandFilter;
import dev.alm.ratelimit.gossip.GossipUpdate;
import dev.alm.ratelimit.gossip.SumGossip;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * What GTB, GRD and FPS share (paper 001 section 3): a {@link SumGossip} estimator run once per
 * estimate interval, the EWMA weight of the history per interval (section 3.1), and the global
 * limit scaled by the estimator's section 5.6 factor.
 */
public abstract class GossipAllocator implements Allocator<GossipLimiterState, GossipUpdate> {
  /** The estimator shared by all limiters (N, br, the section 5.6 option). */
  protected final SumGossip gossip;

  /** The EWMA weight of the history per interval ({@code Ewma.perInterval}). */
  protected final double ewma;

  private final String name;

  /**
   * @param name the algorithm's name in scenarios and the customers file
   * @param gossip the estimator shared by all limiters (N, br, the section 5.6 option)
   * @param ewmaPerInterval the EWMA weight of the history per interval ({@code Ewma.perInterval})
   */
  GossipAllocator(String name, SumGossip gossip, double ewmaPerInterval) {
    this.name = name;
    this.gossip = gossip;
    this.ewma = ewmaPerInterval;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The global limit L this step, times reachable / N under section 5.6's rule. */
  final double limit(GossipStep step) {
    return step.context().globalLimit() * gossip.limitFactor(step.input());
  }

  /**
   * GTB's and GRD's estimate (section 3.1): folds the interval's arrival rate into the EWMA r_i,
   * gossips r_i (appending the updates to {@code out}) and returns the estimated global demand D =
   * sum_i r_i, also kept as the state's global estimate.
   */
  final double gossipDemand(GossipStep step) {
    GossipLimiterState st = step.state();
    StepInput<GossipUpdate> input = step.input();
    filtered(step.context(), st, input.local().arrivalRate(), input.local().interval());
    st.gossiped = st.rate;
    st.globalEstimate =
        gossip.step(
            step.context().id(),
            st.gossip,
            st.rate,
            input.received(),
            input,
            step.random(),
            step.out());
    return st.globalEstimate;
  }

  /**
   * Folds {@code rate}, measured over {@code dt} seconds, into the state's EWMA r_i, started as the
   * running mean ({@link DemandFilter}), and returns it.
   */
  final double filtered(LimiterContext context, GossipLimiterState st, double rate, double dt) {
    st.rate = DemandFilter.next(st.rate, st.measured, rate, dt, context.interval(), ewma);
    st.measured += dt;
    return st.rate;
  }

  @Override
  public double demandEstimate(GossipLimiterState state) {
    return state.rate;
  }

  @Override
  public double globalEstimate(GossipLimiterState state) {
    return state.globalEstimate;
  }

  /** By default a fresh state at the equal share L / N, gossip prior 0. */
  @Override
  public GossipLimiterState initialState(LimiterContext context) {
    return newState(context, 0, context.equalShare());
  }

  /** By default a token bucket at the equal share L / N until the first step. */
  @Override
  public Enforcement initialEnforcement(LimiterContext context, GossipLimiterState state) {
    return localLimit(context, context.equalShare());
  }

  /** A fresh state: gossip prior and weight {@code prior}, local limit {@code localLimit}. */
  final GossipLimiterState newState(LimiterContext context, double prior, double localLimit) {
    return new GossipLimiterState(gossip.initial(context.id(), prior), prior, localLimit);
  }

  /** A token bucket at {@code rate} units/s with the context's depth. */
  static Enforcement localLimit(LimiterContext context, double rate) {
    return new Enforcement.LocalLimit(rate, context.bucketDepth());
  }

  @Override
  public final StepResult<GossipLimiterState, GossipUpdate> step(
      LimiterContext context,
      GossipLimiterState st,
      StepInput<GossipUpdate> input,
      RandomGenerator random) {
    List<Envelope<GossipUpdate>> out = new ArrayList<>(4);
    return new StepResult<>(st, update(new GossipStep(context, st, input, random, out)), out);
  }

  /**
   * One estimate interval of the algorithm: updates {@code st} in place, appends the gossip
   * messages to {@code out} and returns the enforcement until the next step.
   */
  abstract Enforcement update(GossipStep step);
}
