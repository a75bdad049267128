package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.StepInput;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * What both {@link SumGossip} implementations hold (paper 001 section 3.1): N, the branching factor
 * br (at most N - 1 peers per interval) and whether section 5.6's rule applies, with that rule's
 * limit factor, reachable / N.
 *
 * <p>One interval is the same three moves for both: merge each received update into the state,
 * record the limiter's own value and estimate the sum, then send to br peers drawn at random among
 * the reachable ones (none when br is 0).
 *
 * @param <S> the implementation's state
 */
abstract class SumGossipBase<S extends GossipState> implements SumGossip {
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

  @Override
  @SuppressWarnings("unchecked")
  public final double step(
      int self,
      GossipState state,
      double localValue,
      List<Envelope<GossipUpdate>> received,
      StepInput<?> input,
      RandomGenerator random,
      List<Envelope<GossipUpdate>> out) {
    S st = (S) state;
    for (int i = 0, n = received.size(); i < n; i++) {
      merge(st, received.get(i));
    }
    st.estimate = record(self, st, localValue, input);
    if (branching > 0) {
      send(
          self,
          st,
          localValue,
          SumGossip.choosePeers(self, limiters, branching, input, random),
          out);
    }
    return st.estimate;
  }

  /** Merges one received update into the state. */
  abstract void merge(S st, Envelope<GossipUpdate> e);

  /** Records the limiter's own {@code localValue} and returns the estimated sum. */
  abstract double record(int self, S st, double localValue, StepInput<?> input);

  /** Appends this interval's updates to {@code peers} to {@code out}. */
  abstract void send(
      int self, S st, double localValue, int[] peers, List<Envelope<GossipUpdate>> out);
}
