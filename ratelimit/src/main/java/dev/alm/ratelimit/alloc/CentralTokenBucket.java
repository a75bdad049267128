package dev.alm.ratelimit.alloc;

import java.util.random.RandomGenerator;

/**
 * The centralized token bucket (CTB), paper 001 section 5.1's reference: all traffic of all
 * limiters goes through one bucket at the global limit with the given depth (75,000 bytes in the
 * paper). No messages: the enforcement is {@link Enforcement.CentralBucket}, which the simulator
 * applies to the aggregate and a live deployment would back with a central store or token server.
 */
public final class CentralTokenBucket implements Allocator<Double, NoMessage> {

  @Override
  public String name() {
    return "ctb";
  }

  @Override
  public Double initialState(LimiterContext context) {
    return 0.0;
  }

  @Override
  public Enforcement initialEnforcement(LimiterContext context, Double state) {
    return new Enforcement.CentralBucket(context.bucketDepth());
  }

  @Override
  public StepResult<Double, NoMessage> step(
      LimiterContext context, Double state, StepInput<NoMessage> input, RandomGenerator random) {
    return new StepResult<>(
        state, new Enforcement.CentralBucket(context.bucketDepth()), Allocator.none());
  }

  @Override
  public boolean hearsPeers() {
    return false;
  }
}
