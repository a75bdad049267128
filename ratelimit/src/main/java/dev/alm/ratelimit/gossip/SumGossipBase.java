package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.StepInput;

/**
 * What both {@link SumGossip} implementations hold (paper 001 section 3.1): N, the branching factor
 * br (at most N - 1 peers per interval) and whether section 5.6's rule applies, with that rule's
 * limit factor, reachable / N.
 */
abstract class SumGossipBase implements SumGossip {
  /** N. */
  final int limiters;

  /** br, clamped to N - 1. */
  final int branching;

  /** Section 5.6's rule: unreachable peers count as zero and the limit shrinks 1/N per peer. */
  final boolean dropDisconnected;

  SumGossipBase(int limiters, int branching, boolean dropDisconnected) {
    if (limiters < 1 || branching < 0) {
      throw new IllegalArgumentException("limiters >= 1, branching >= 0");
    }
    this.limiters = limiters;
    this.branching = Math.min(branching, limiters - 1);
    this.dropDisconnected = dropDisconnected;
  }

  @Override
  public final double limitFactor(StepInput<?> input) {
    return dropDisconnected ? (double) input.reachableCount(limiters) / limiters : 1.0;
  }
}
