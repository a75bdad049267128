package dev.alm.ratelimit.gdrl;

import dev.alm.ratelimit.alloc.PeerMessage;

/**
 * What a GDRL or Laplacian-throttler limiter sends each neighbour every interval (paper 000 section
 * IV, "Message passing": the indicator plus the control data that keeps the capacity sum exact
 * under loss).
 *
 * @param round the sender's step number (older rounds than one already heard are ignored)
 * @param q the sender's performance indicator q_j (paper 000) or nodal measure p_j (paper 003)
 * @param capacity the sender's current limit C_j, kept by its best friend for failover
 * @param degree the sender's number of neighbours, used to pick best friends
 * @param bestFriend true if the receiver is the sender's best friend b_j
 * @param given the cumulative capacity the sender has given the receiver over this link, G_ji =
 *     sum_t gain (q_receiver - q_sender) over the intervals where that was positive (scaled down
 *     when the sender held less); it never decreases
 */
public record ConsensusMessage(
    long round, double q, double capacity, int degree, boolean bestFriend, double given)
    implements PeerMessage {

  /** 20 (IPv4) + 8 (UDP) + 8 round + 8 q + 8 capacity + 8 given + 2 degree + 1 flags + padding. */
  public static final int SIZE_BYTES = 64;

  @Override
  public int sizeBytes() {
    return SIZE_BYTES;
  }
}
