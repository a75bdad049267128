package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.StepInput;
import java.util.Arrays;
import java.util.List;

/**
 * Gossip by latest values (paper 001 section 3.2: "each limiter sums the most recent values it has
 * received for the other limiters"): at the end of each interval a limiter sends its own current
 * value, numbered by a per-sender sequence number (section 4.2), to br peers drawn at random; a
 * receiver keeps, per peer, the value with the highest sequence number seen, so a lost or reordered
 * update is made good by the next one. With N limiters and branching br a peer's value is on
 * average N / br intervals old, which is why GRD, which needs the fast-moving demand, degrades with
 * N while FPS, whose weights move slowly, does not (section 5.6).
 *
 * <p>Section 5.6's rule (option {@code dropDisconnected}, with membership from {@link
 * StepInput#reachable()}): the values of unreachable peers count as zero and {@link #limitFactor}
 * is reachable / N. Memory: N values per limiter (N^2 in a simulation; use {@link PushSumGossip}
 * for thousands of limiters).
 */
public final class TableGossip extends SumGossipBase<TableGossip.State> {

  /**
   * @param limiters N
   * @param branching br
   * @param dropDisconnected apply section 5.6's rule
   */
  public TableGossip(int limiters, int branching, boolean dropDisconnected) {
    super(limiters, branching, dropDisconnected);
  }

  static final class State extends GossipState {
    final double[] values;
    final long[] seqs;
    long seq;
    double total;

    State(int n) {
      values = new double[n];
      seqs = new long[n];
      Arrays.fill(seqs, -1);
    }
  }

  @Override
  public GossipState initial(int self, double prior) {
    State st = new State(limiters);
    Arrays.fill(st.values, prior);
    st.total = prior * limiters;
    st.estimate = st.total;
    return st;
  }

  @Override
  void merge(State st, Envelope<GossipUpdate> e) {
    int from = e.from();
    if (from >= 0 && from < limiters && e.body().seq() > st.seqs[from]) {
      st.seqs[from] = e.body().seq();
      st.total += e.body().value() - st.values[from];
      st.values[from] = e.body().value();
    }
  }

  @Override
  double record(int self, State st, double localValue, StepInput<?> input) {
    st.total += localValue - st.values[self];
    st.values[self] = localValue;
    double sum = st.total;
    if (dropDisconnected && input.reachable() != null) {
      sum = 0;
      for (int j = 0; j < limiters; j++) {
        if (j == self || input.isReachable(j)) {
          sum += st.values[j];
        }
      }
    }
    return sum;
  }

  @Override
  void send(int self, State st, double localValue, int[] peers, List<Envelope<GossipUpdate>> out) {
    st.seq++;
    for (int p : peers) {
      out.add(new Envelope<>(self, p, new GossipUpdate(st.seq, localValue, 0)));
    }
  }
}
