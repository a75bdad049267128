package dev.alm.ratelimit.alloc;

import java.util.BitSet;
import java.util.List;

/**
 * The inputs of one allocation step besides the state.
 *
 * @param now the time at the end of the interval, in seconds since the start (simulation time or
 *     the agent's monotonic clock read by the caller)
 * @param local what the limiter measured during the interval
 * @param received messages delivered to this limiter since its previous step, in arrival order; the
 *     list is valid during the call only (the caller may reuse it), the envelopes stay valid
 * @param reachable the peers the membership layer currently sees as connected (bit i set for
 *     limiter i, this limiter included), or {@code null} when all N are (paper 001 section 5.6)
 * @param <M> the message body type
 */
public record StepInput<M extends PeerMessage>(
    double now, LocalMeasurement local, List<Envelope<M>> received, BitSet reachable) {

  public StepInput {
    if (local == null || received == null) {
      throw new IllegalArgumentException("local measurement and received list are required");
    }
  }

  /** Whether limiter {@code peer} is reachable. */
  public boolean isReachable(int peer) {
    return reachable == null || reachable.get(peer);
  }

  /** The number of reachable limiters, this one included, out of {@code limiters}. */
  public int reachableCount(int limiters) {
    return reachable == null ? limiters : reachable.cardinality();
  }
}
