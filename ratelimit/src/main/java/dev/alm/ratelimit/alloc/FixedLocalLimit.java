package dev.alm.ratelimit.alloc;

import java.util.random.RandomGenerator;

/**
 * A baseline that never exchanges messages (paper 001 sections 1 and 5.7): every limiter enforces a
 * token bucket at a fixed rate chosen once from its context, whatever the demand. Subclasses say
 * which rate ({@link StaticShare}: L/N; {@link IndependentLimit}: L).
 */
public abstract class FixedLocalLimit implements Allocator<Double, NoMessage> {

  /** The fixed local rate, units/s, of the limiter described by {@code context}. */
  protected abstract double fixedLimit(LimiterContext context);

  @Override
  public final Double initialState(LimiterContext context) {
    return fixedLimit(context);
  }

  @Override
  public final Enforcement initialEnforcement(LimiterContext context, Double state) {
    return new Enforcement.LocalLimit(state, context.bucketDepth());
  }

  @Override
  public final StepResult<Double, NoMessage> step(
      LimiterContext context, Double state, StepInput<NoMessage> input, RandomGenerator random) {
    return new StepResult<>(state, initialEnforcement(context, state), Allocator.none());
  }

  @Override
  public final boolean hearsPeers() {
    return false;
  }
}
