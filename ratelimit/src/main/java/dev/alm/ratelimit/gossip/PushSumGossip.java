package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.StepInput;
import java.util.List;

/**
 * Gossip estimation of the sum of one value over N limiters (paper 001 section 3.1), as push-sum
 * (Kempe, Dobra and Gehrke, paper 001's [22]).
 *
 * <p>Each limiter holds a value mass s and a weight mass w (w = 1 at start, so the masses sum to N
 * and each s/w tends to the mean). At the end of each estimate interval it (1) adds the received
 * masses, scaling each received update by 1 + the number of updates lost before it on that link
 * (paper 001 section 4.2: "compensates by scaling the value and weight of the newest update by the
 * number of lost packets"); (2) merges its local change into s (section 3.1: "local changes are
 * merged with the current global estimate"), s += v_new - v_injected; (3) keeps 1/(br + 1) of both
 * masses and sends 1/(br + 1) to each of br peers drawn at random among the reachable ones. The
 * estimate of the sum is n s / w.
 *
 * <p>Section 5.6's rule (option {@code dropDisconnected}): with n_r of N limiters reachable, the
 * estimate counts only the reachable ones (n = n_r, the unreachable peers' estimates taken as zero)
 * and {@link #limitFactor} is n_r / N, by which allocators scale the global limit (1/N less per
 * missing peer).
 *
 * <p>States are mutable and owned by the caller's step: {@link #step} updates the state in place.
 */
public final class PushSumGossip extends SumGossipBase<PushSumGossip.State> {

  /** Table slots for link sequence numbers per limiter (see {@link LinkSequences}). */
  public static final int SEQUENCE_SLOTS = 512;

  /** The largest factor applied when compensating lost updates. */
  public static final int MAX_COMPENSATION = 8;

  /**
   * @param limiters N
   * @param branching br, peers contacted per interval (at most N - 1 are used)
   * @param dropDisconnected apply section 5.6's rule
   */
  public PushSumGossip(int limiters, int branching, boolean dropDisconnected) {
    super(limiters, branching, dropDisconnected);
  }

  /** The mutable push-sum state of one limiter. */
  static final class State extends GossipState {
    double s;
    double w = 1;
    double injected;
    final LinkSequences links;

    State(int limiters) {
      links = new LinkSequences(SEQUENCE_SLOTS, limiters <= SEQUENCE_SLOTS);
    }
  }

  /** A fresh state: no mass, weight 1. */
  @Override
  public GossipState initial(int self, double prior) {
    State st = new State(limiters);
    st.s = prior;
    st.injected = prior;
    st.estimate = prior * limiters;
    return st;
  }

  @Override
  void merge(State st, Envelope<GossipUpdate> e) {
    GossipUpdate u = e.body();
    long lost = st.links.lostBefore(e.from(), u.seq());
    double k = 1 + Math.min(lost, MAX_COMPENSATION - 1);
    st.s += k * u.value();
    st.w += k * u.weight();
  }

  @Override
  double record(int self, State st, double localValue, StepInput<?> input) {
    st.s += localValue - st.injected;
    st.injected = localValue;
    int n = dropDisconnected ? input.reachableCount(limiters) : limiters;
    return st.w > 1e-12 ? Math.max(0, n * st.s / st.w) : localValue;
  }

  @Override
  void send(int self, State st, double localValue, int[] peers, List<Envelope<GossipUpdate>> out) {
    if (peers.length > 0) {
      double share = 1.0 / (peers.length + 1);
      double sv = st.s * share;
      double sw = st.w * share;
      st.s = sv;
      st.w = sw;
      for (int p : peers) {
        out.add(new Envelope<>(self, p, new GossipUpdate(st.links.next(p), sv, sw)));
      }
    }
  }
}
