package dev.alm.ratelimit.gossip;

import dev.alm.ratelimit.alloc.PeerMessage;

/**
 * One push-sum gossip message (paper 001 section 3.1): a share of the sender's value mass and
 * weight mass, with the sequence number of the link sender -&gt; receiver (section 4.2), so that
 * the receiver can detect lost updates and compensate.
 *
 * @param seq the link's sequence number, 1 for the first message on a link
 * @param value the value mass carried
 * @param weight the weight mass carried
 */
public record GossipUpdate(long seq, double value, double weight) implements PeerMessage {

  /** Paper 001 section 3.1: each update packet is 48 bytes, IP and UDP headers included. */
  public static final int BYTES = 48;

  @Override
  public int sizeBytes() {
    return BYTES;
  }
}
