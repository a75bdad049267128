package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.alloc.PeerMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The agents' datagram format and its HMAC (RFC 2104 HMAC-SHA256 through {@link KeyRing}, the
 * current key signs, current or previous verifies). Big-endian:
 *
 * <pre>
 * offset size field
 *  0     2    magic 0xD71A
 *  2     1    version 3
 *  3     1    type 1 (allocator messages)
 *  4     4    sender id
 *  8     4    receiver id (the one agent this datagram is for)
 * 12     8    incarnation (sender start, ms)
 * 20     8    sequence number (per sender and incarnation, from 1)
 * 28     2    entry count k
 * 30     ...  k entries: customer key 4, then the message's kind byte and body ({@link MessageWire}:
 *             25 bytes per entry for a gossip update, 36 for a consensus message)
 * end-16 16   HMAC-SHA256 of the bytes before it, truncated to 16 bytes
 * </pre>
 *
 * <p>The MAC covers the receiver id, so a datagram captured on its way to one agent and sent to
 * another is refused there ({@link RejectReason#WRONG_RECEIVER}) even though its sequence number is
 * new to that agent's replay window. Versions 1 and 2 are refused as malformed.
 *
 * <p>One customer gossiping: 71 bytes of UDP payload, 99 with IPv4 and UDP headers.
 */
public final class PacketCodec {

  /** Magic number of the format. */
  public static final short MAGIC = (short) 0xD71A;

  /** Header bytes before the entries. */
  public static final int HEADER_BYTES = 30;

  /** MAC bytes at the end (HMAC-SHA256 truncated, RFC 2104 section 5). */
  public static final int MAC_BYTES = 16;

  /** IPv4 (20) and UDP (8) headers, for the bytes-on-the-wire figures. */
  public static final int IP_UDP_OVERHEAD = 28;

  /** The largest UDP payload written (one Ethernet frame less IPv4 and UDP headers). */
  public static final int MAX_PAYLOAD = 1472;

  /** Most customers an agent shares (a receiver keeps a few counters per customer and sender). */
  public static final int MAX_ENTRIES = 59;

  /** The version byte this codec writes and accepts. */
  public static final byte VERSION = 3;

  private static final byte TYPE_MESSAGES = 1;

  private final KeyRing keys;

  public PacketCodec(KeyRing keys) {
    this.keys = keys;
  }

  /** The bytes one entry takes: the customer key, the kind byte and the body. */
  public static int entryBytes(CustomerEntry e) {
    return 5 + MessageWire.bodyBytes(MessageWire.kind(e.message()));
  }

  /** The UDP payload size of a datagram with these entries. */
  public static int size(List<CustomerEntry> entries) {
    int n = HEADER_BYTES + MAC_BYTES;
    for (CustomerEntry e : entries) {
      n += entryBytes(e);
    }
    return n;
  }

  /** Encodes and signs with the current key; the entries must fit {@link #MAX_PAYLOAD}. */
  public byte[] encode(GossipPacket p) {
    int k = p.entries().size();
    int size = size(p.entries());
    if (size > MAX_PAYLOAD) {
      throw new IllegalArgumentException("at most " + MAX_PAYLOAD + " bytes: " + size);
    }
    byte[] out = new byte[size];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_MESSAGES);
    b.putInt(p.sender()).putInt(p.receiver()).putLong(p.incarnation()).putLong(p.seq());
    b.putShort((short) k);
    for (CustomerEntry e : p.entries()) {
      b.putInt(e.customerKey());
      MessageWire.write(e.message(), b);
    }
    int body = out.length - MAC_BYTES;
    byte[] mac = keys.sign(out, 0, body);
    System.arraycopy(mac, 0, out, body, MAC_BYTES);
    return out;
  }

  /** What decoding a datagram gave: a packet, or the reason it was refused. */
  public sealed interface Decoded {}

  /**
   * An authenticated, well-formed datagram for this receiver (not yet checked for replay or
   * sender).
   */
  public record Valid(GossipPacket packet) implements Decoded {}

  /** A datagram refused for {@code reason}. */
  public record Refused(RejectReason reason) implements Decoded {}

  /**
   * Parses and authenticates {@code len} bytes at {@code off}, received by agent {@code self}: form
   * first, then the MAC, then the receiver id, so that {@link RejectReason#WRONG_RECEIVER} counts
   * only genuine datagrams meant for another agent (a replay across receivers, or crossed
   * addresses).
   */
  public Decoded decode(byte[] data, int off, int len, int self) {
    if (len < HEADER_BYTES + MAC_BYTES || len > MAX_PAYLOAD) {
      return new Refused(RejectReason.MALFORMED);
    }
    ByteBuffer b = ByteBuffer.wrap(data, off, len);
    if (b.getShort() != MAGIC || b.get() != VERSION || b.get() != TYPE_MESSAGES) {
      return new Refused(RejectReason.MALFORMED);
    }
    int sender = b.getInt();
    int receiver = b.getInt();
    long incarnation = b.getLong();
    long seq = b.getLong();
    int k = b.getShort() & 0xffff;
    int body = len - MAC_BYTES;
    // the form first: the entries' kinds must add up to the length exactly
    int end = off + body;
    int at = b.position();
    for (int i = 0; i < k; i++) {
      int bytes = at + 5 <= end ? MessageWire.bodyBytes(data[at + 4]) : -1;
      if (bytes < 0) {
        return new Refused(RejectReason.MALFORMED);
      }
      at += 5 + bytes;
    }
    if (at != end) {
      return new Refused(RejectReason.MALFORMED);
    }
    byte[] mac = Arrays.copyOfRange(data, end, off + len);
    if (!keys.verify(data, off, body, mac)) {
      return new Refused(RejectReason.BAD_MAC);
    }
    if (receiver != self) {
      return new Refused(RejectReason.WRONG_RECEIVER);
    }
    List<CustomerEntry> entries = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      int key = b.getInt();
      PeerMessage m = MessageWire.read(b.get(), b);
      if (m == null) {
        return new Refused(RejectReason.MALFORMED);
      }
      entries.add(new CustomerEntry(key, m));
    }
    return new Valid(new GossipPacket(sender, receiver, incarnation, seq, entries));
  }
}
