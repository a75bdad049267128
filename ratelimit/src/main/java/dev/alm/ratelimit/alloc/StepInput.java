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
 * @param removed the unreachable peers the membership layer has declared failed or gone (SWIM's
 *     removal), as opposed to peers merely not heard lately; {@code null} for none. A peer that is
 *     reachable again is not counted as removed.
 * @param restarted the peers heard from in a new incarnation since the previous step (the agent's
 *     replay window sees a restart: their state, and what they had exchanged, is gone); {@code
 *     null} for none
 * @param <M> the message body type
 */
public record StepInput<M extends PeerMessage>(
    double now,
    LocalMeasurement local,
    List<Envelope<M>> received,
    BitSet reachable,
    BitSet removed,
    BitSet restarted) {

  public StepInput {
    if (local == null || received == null) {
      throw new IllegalArgumentException("local measurement and received list are required");
    }
  }

  /** An input with no peer known to be removed (the simulator's, and every peer silent only). */
  public StepInput(
      double now, LocalMeasurement local, List<Envelope<M>> received, BitSet reachable) {
    this(now, local, received, reachable, null, null);
  }

  /** An input with no peer restarted. */
  public StepInput(
      double now,
      LocalMeasurement local,
      List<Envelope<M>> received,
      BitSet reachable,
      BitSet removed) {
    this(now, local, received, reachable, removed, null);
  }

  /** Whether limiter {@code peer} restarted since the previous step. */
  public boolean hasRestarted(int peer) {
    return restarted != null && restarted.get(peer);
  }

  /** Whether limiter {@code peer} is reachable. */
  public boolean isReachable(int peer) {
    return reachable == null || reachable.get(peer);
  }

  /**
   * The number of unreachable limiters the membership layer has removed, out of {@code limiters}.
   */
  public int removedCount(int limiters) {
    if (removed == null) {
      return 0;
    }
    int k = 0;
    for (int p = removed.nextSetBit(0); p >= 0 && p < limiters; p = removed.nextSetBit(p + 1)) {
      if (!isReachable(p)) {
        k++;
      }
    }
    return k;
  }

  /** The number of reachable limiters, this one included, out of {@code limiters}. */
  public int reachableCount(int limiters) {
    return reachable == null ? limiters : reachable.cardinality();
  }
}
