package dev.alm.ratelimit.alloc;

import java.util.random.RandomGenerator;

/**
 * Independent per-PoP counting (paper 001 section 1; what Cloudflare and Fastly do): every limiter
 * enforces the whole limit L on its own traffic, so the aggregate can reach N L when demand is
 * spread (overshoot), and is exact only when all demand lands on one PoP.
 */
public final class IndependentLimit implements Allocator<Double, NoMessage> {

  @Override
  public String name() {
    return "independent";
  }

  @Override
  public Double initialState(LimiterContext context) {
    return context.globalLimit();
  }

  @Override
  public Enforcement initialEnforcement(LimiterContext context, Double state) {
    return new Enforcement.LocalLimit(state, context.bucketDepth());
  }

  @Override
  public StepResult<Double, NoMessage> step(
      LimiterContext context, Double state, StepInput<NoMessage> input, RandomGenerator random) {
    return new StepResult<>(
        state, new Enforcement.LocalLimit(state, context.bucketDepth()), Allocator.none());
  }
}
