package dev.alm.ratelimit.gossip;

import java.util.Arrays;

/**
 * Sequence numbers of one limiter's gossip links, in a bounded direct-mapped table: slot {@code
 * peer % size} holds one peer's counter. With N above the table size, two peers may share a slot;
 * the newcomer then starts afresh (a sender restarts its counter at 1 and a receiver detects no gap
 * on a fresh entry), so a collision can hide a loss but never invents one. This keeps memory at
 * {@code size} entries per limiter, which lets the simulator run 10,000 limiters.
 */
final class LinkSequences {
  private final int[] peers;
  private final long[] seqs;

  private final boolean exact;

  /**
   * @param size table slots
   * @param exact true when every peer has a slot of its own (N &lt;= size): a first message with
   *     sequence number k &gt; 1 then means k - 1 messages were lost
   */
  LinkSequences(int size, boolean exact) {
    this.exact = exact;
    peers = new int[size];
    seqs = new long[size];
    Arrays.fill(peers, -1);
  }

  /** The next sequence number to send to {@code peer}. */
  long next(int peer) {
    int slot = peer % peers.length;
    if (peers[slot] != peer) {
      peers[slot] = peer;
      seqs[slot] = 0;
    }
    return ++seqs[slot];
  }

  /**
   * Records {@code seq} received from {@code peer} and returns how many messages were lost on the
   * link since the previous one received (0 when none, when the link is new, or on reordering).
   */
  long lostBefore(int peer, long seq) {
    int slot = peer % peers.length;
    if (peers[slot] != peer) {
      peers[slot] = peer;
      seqs[slot] = seq;
      return exact ? Math.max(0, seq - 1) : 0;
    }
    long gap = seq - seqs[slot] - 1;
    if (seq > seqs[slot]) {
      seqs[slot] = seq;
    }
    return Math.max(0, gap);
  }
}
