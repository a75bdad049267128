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
 *  2     1    version 1
 *  3     1    type 1 (demands)
 *  4     4    sender id
 *  8     8    incarnation (sender start, ms)
 * 16     8    sequence number (per sender and incarnation, from 1)
 * 24     2    entry count k
 * 26     24k  entries: customer key 4, gossip seq 4, value 8 (double), weight 8 (double)
 * 26+24k 16   HMAC-SHA256 of the bytes before it, truncated to 16 bytes
 * </pre>
 *
 * One customer: 66 bytes of UDP payload, 94 with IPv4 and UDP headers.
 */
public final class PacketCodec {

  /** Magic number of the format. */
  public static final short MAGIC = (short) 0xD71A;

  /** Header bytes before the entries. */
  public static final int HEADER_BYTES = 26;

  /** MAC bytes at the end (HMAC-SHA256 truncated, RFC 2104 section 5). */
  public static final int MAC_BYTES = 16;

  /** IPv4 (20) and UDP (8) headers, for the bytes-on-the-wire figures. */
  public static final int IP_UDP_OVERHEAD = 28;

  /** Most entries in one datagram (keeps it under 1,472 bytes, one Ethernet frame). */
  public static final int MAX_ENTRIES = 59;

  private static final byte VERSION = 1;
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
    b.putInt(p.sender()).putLong(p.incarnation()).putLong(p.seq()).putShort((short) k);
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

  /** An authenticated, well-formed datagram (not yet checked for replay or sender). */
  public record Valid(GossipPacket packet) implements Decoded {}

  /** A datagram refused for {@code reason}. */
  public record Refused(RejectReason reason) implements Decoded {}

  /** Parses and authenticates {@code len} bytes at {@code off}. */
  public Decoded decode(byte[] data, int off, int len) {
    if (len < size(0) || len > size(MAX_ENTRIES)) {
      return new Refused(RejectReason.MALFORMED);
    }
    ByteBuffer b = ByteBuffer.wrap(data, off, len);
    if (b.getShort() != MAGIC || b.get() != VERSION || b.get() != TYPE_DEMANDS) {
      return new Refused(RejectReason.MALFORMED);
    }
    int sender = b.getInt();
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
    return new Valid(new GossipPacket(sender, incarnation, seq, entries));
  }
}
