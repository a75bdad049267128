package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
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
 *  2     1    version 2
 *  3     1    type 1 (demands)
 *  4     4    sender id
 *  8     4    receiver id (the one agent this datagram is for)
 * 12     8    incarnation (sender start, ms)
 * 20     8    sequence number (per sender and incarnation, from 1)
 * 28     2    entry count k
 * 30     24k  entries: customer key 4, gossip seq 4, value 8 (double), weight 8 (double)
 * 30+24k 16   HMAC-SHA256 of the bytes before it, truncated to 16 bytes
 * </pre>
 *
 * <p>The MAC covers the receiver id, so a datagram captured on its way to one agent and sent to
 * another is refused there ({@link RejectReason#WRONG_RECEIVER}) even though its sequence number is
 * new to that agent's replay window. Version 1 (no receiver id) is refused as malformed.
 *
 * <p>One customer: 70 bytes of UDP payload, 98 with IPv4 and UDP headers.
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

  /** Most entries in one datagram (keeps it under 1,472 bytes, one Ethernet frame). */
  public static final int MAX_ENTRIES = 59;

  /** The version byte this codec writes and accepts. */
  public static final byte VERSION = 2;

  private static final byte TYPE_DEMANDS = 1;

  private final KeyRing keys;

  public PacketCodec(KeyRing keys) {
    this.keys = keys;
  }

  /** The UDP payload size of a datagram with {@code entries} entries. */
  public static int size(int entries) {
    return HEADER_BYTES + DemandEntry.BYTES * entries + MAC_BYTES;
  }

  /** Encodes and signs with the current key. */
  public byte[] encode(GossipPacket p) {
    int k = p.entries().size();
    if (k > MAX_ENTRIES) {
      throw new IllegalArgumentException("at most " + MAX_ENTRIES + " entries: " + k);
    }
    byte[] out = new byte[size(k)];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(MAGIC).put(VERSION).put(TYPE_DEMANDS);
    b.putInt(p.sender()).putInt(p.receiver()).putLong(p.incarnation()).putLong(p.seq());
    b.putShort((short) k);
    for (DemandEntry e : p.entries()) {
      b.putInt(e.customerKey()).putInt((int) e.seq()).putDouble(e.value()).putDouble(e.weight());
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
    if (len < size(0) || len > size(MAX_ENTRIES)) {
      return new Refused(RejectReason.MALFORMED);
    }
    ByteBuffer b = ByteBuffer.wrap(data, off, len);
    if (b.getShort() != MAGIC || b.get() != VERSION || b.get() != TYPE_DEMANDS) {
      return new Refused(RejectReason.MALFORMED);
    }
    int sender = b.getInt();
    int receiver = b.getInt();
    long incarnation = b.getLong();
    long seq = b.getLong();
    int k = b.getShort() & 0xffff;
    if (len != size(k)) {
      return new Refused(RejectReason.MALFORMED);
    }
    int body = len - MAC_BYTES;
    byte[] mac = Arrays.copyOfRange(data, off + body, off + len);
    if (!keys.verify(data, off, body, mac)) {
      return new Refused(RejectReason.BAD_MAC);
    }
    if (receiver != self) {
      return new Refused(RejectReason.WRONG_RECEIVER);
    }
    List<DemandEntry> entries = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      int key = b.getInt();
      long s = b.getInt() & 0xffffffffL;
      double v = b.getDouble();
      double w = b.getDouble();
      if (!Double.isFinite(v) || !Double.isFinite(w) || v < 0 || w < 0) {
        return new Refused(RejectReason.MALFORMED);
      }
      entries.add(new DemandEntry(key, s, v, w));
    }
    return new Valid(new GossipPacket(sender, receiver, incarnation, seq, entries));
  }
}
