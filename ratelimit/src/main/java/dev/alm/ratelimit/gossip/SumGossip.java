package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.StepInput;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Gossip estimation of the sum over N limiters of one value per limiter (the demand r_i for GTB and
 * GRD, the weight w_i for FPS; paper 001 section 3.1), run once per estimate interval inside an
 * allocator's step. Two implementations: {@link TableGossip} (each limiter sums the most recent
 * value it received from every other limiter, section 3.2) and {@link PushSumGossip} (Kempe et
 * al.'s push-sum with the section 4.2 loss compensation, O(1) memory per limiter).
 */
public interface SumGossip {

  /**
   * A fresh per-limiter state (mutable, owned by the caller's step), assuming every limiter's value
   * is {@code prior} until heard from (FPS: weight 1 each, so the first share is L/N).
   */
  GossipState initial(int self, double prior);

  /**
   * One interval: merges {@code received}, records the limiter's own {@code localValue}, appends
   * its updates to br random reachable peers to {@code out} and returns the estimated sum (own
   * value included).
   */
  double step(
      int self,
      GossipState state,
      double localValue,
      List<Envelope<GossipUpdate>> received,
      StepInput<?> input,
      RandomGenerator random,
      List<Envelope<GossipUpdate>> out);

  /** The factor applied to the global limit: reachable / N under section 5.6's rule, else 1. */
  double limitFactor(StepInput<?> input);

  /** Draws up to {@code want} distinct reachable peers other than {@code self}. */
  static int[] choosePeers(
      int self, int limiters, int want, StepInput<?> input, RandomGenerator random) {
    want = Math.min(want, limiters - 1);
    int[] chosen = new int[Math.max(0, want)];
    int got = 0;
    int attempts = 0;
    while (got < want && attempts < 8 * want + 16) {
      attempts++;
      int p = random.nextInt(limiters - 1);
      if (p >= self) {
        p++;
      }
      if (!input.isReachable(p)) {
        continue;
      }
      boolean dup = false;
      for (int i = 0; i < got; i++) {
        dup |= chosen[i] == p;
      }
      if (!dup) {
        chosen[got++] = p;
      }
    }
    return got == chosen.length ? chosen : Arrays.copyOf(chosen, got);
  }
}
