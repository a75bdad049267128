package dev.alm.ratelimit.alloc;

import java.util.random.RandomGenerator;

/**
 * The static 1/N baseline (paper 001 section 5.7, Fig. 9(a); Envoy's and Sentinel's local modes):
 * every limiter enforces a token bucket at L/N whatever the demand, so sites with little demand
 * waste their share while busy sites are throttled.
 */
public final class StaticShare implements Allocator<Double, NoMessage> {

  @Override
  public String name() {
    return "static";
  }

  @Override
  public Double initialState(LimiterContext context) {
    return context.equalShare();
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
