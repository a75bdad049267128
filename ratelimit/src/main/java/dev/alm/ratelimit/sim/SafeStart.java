package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LimiterContext;
import java.util.Arrays;

/**
 * A live agent's start, simulated (scenario field {@code gossip.safeStart}): a limiter enforces L/N
 * (a bucket at the equal share with the scenario's depth) until it first hears a peer, whatever its
 * allocator decides meanwhile, and then at most L/N for {@code joinSeconds} more (the agent's
 * silence period, during which every peer has had time to hear it). The allocator steps all along,
 * as the agent's does. The simulator leaves allocators that hear no peers ({@link
 * dev.alm.ratelimit.alloc.Allocator#hearsPeers}) and a single limiter alone, as the agent does.
 * What follows a start (an agent that stops hearing peers keeps its share for a lease, then falls
 * back to L/N) is not simulated: a scenario's loss is drawn per message, and no scenario silences a
 * limiter for a whole second.
 */
final class SafeStart {
  private final double joinSeconds;
  private final double[] heardAt;

  /**
   * @param limiters N
   * @param joinSeconds seconds after the first peer is heard during which the share stays at most
   *     L/N
   */
  SafeStart(int limiters, double joinSeconds) {
    this.joinSeconds = joinSeconds;
    this.heardAt = new double[limiters];
    Arrays.fill(heardAt, Double.NaN);
  }

  /** What a limiter enforces before its first step: L/N. */
  Enforcement initial(LimiterContext context) {
    return equalShare(context);
  }

  /**
   * What limiter {@code context.id()} enforces at step time {@code now}, given what its allocator
   * decided and whether a peer's message reached it in this step.
   */
  Enforcement enforce(LimiterContext context, double now, boolean heard, Enforcement decided) {
    int i = context.id();
    if (heard && Double.isNaN(heardAt[i])) {
      heardAt[i] = now;
    }
    if (Double.isNaN(heardAt[i])) {
      return equalShare(context);
    }
    // within a nanosecond: step times are sums of intervals in floating point
    if (now - heardAt[i] < joinSeconds - 1e-9
        && decided instanceof Enforcement.LocalLimit l
        && l.rate() > context.equalShare()) {
      return new Enforcement.LocalLimit(context.equalShare(), l.depth());
    }
    return decided;
  }

  private static Enforcement equalShare(LimiterContext context) {
    return new Enforcement.LocalLimit(context.equalShare(), context.bucketDepth());
  }
}
