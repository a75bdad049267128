package dev.alm.drl.agent;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyGrant;
import dev.alm.ratelimit.keys.KeyReport;
import dev.alm.ratelimit.keys.KeyWire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * The datagrams of per-key sharing (docs/ratelimit/keys.md): the header of {@link PacketCodec} with
 * type 2, then entries of a customer key (4 bytes), a kind byte (1 a {@link KeyReport}, 2 a {@link
 * KeyGrant}) and the entry in {@link KeyWire}'s form, then the 16-byte HMAC-SHA256 of everything
 * before it. The MAC is checked before any entry is read; an entry that does not parse, a kind
 * other than 1 or 2, or bytes left over make the datagram malformed, and nothing of it counts.
 */
public final class KeyPacketCodec {

  /** The type byte of key-sharing datagrams. */
  public static final byte TYPE_KEYS = 2;

  private static final byte REPORT = 1;
  private static final byte GRANT = 2;

  /** The most entry bytes a datagram carries. */
  static final int MAX_ENTRY_BYTES =
      PacketCodec.MAX_PAYLOAD - PacketCodec.HEADER_BYTES - PacketCodec.MAC_BYTES;

  /** One entry: a report or a grant of a customer. */
  public record Entry(int customer, KeyReport report, KeyGrant grant) {

    /** Bytes on the wire. */
    public int size() {
      return 5 + (report != null ? KeyWire.size(report) : KeyWire.size(grant));
    }
  }

  /** What decoding a datagram gave: a packet, or the reason it was refused. */
  public sealed interface Decoded {}

  /** An authenticated, well-formed datagram for this receiver (not yet checked for replay). */
  public record Packet(int sender, long incarnation, long seq, List<Entry> entries)
      implements Decoded {}

  /** A datagram refused for {@code reason}. */
  public record Refused(RejectReason reason) implements Decoded {}

  private static final Refused MALFORMED = new Refused(RejectReason.MALFORMED);

  private final KeyRing keys;

  public KeyPacketCodec(KeyRing keys) {
    this.keys = keys;
  }

  /** Encodes and signs one datagram of {@code entries} (at most {@link #MAX_ENTRY_BYTES}). */
  public byte[] encode(int sender, int receiver, long incarnation, long seq, List<Entry> entries) {
    int size = PacketCodec.HEADER_BYTES + PacketCodec.MAC_BYTES;
    for (Entry e : entries) {
      size += e.size();
    }
    if (size > PacketCodec.MAX_PAYLOAD) {
      throw new IllegalArgumentException("at most " + PacketCodec.MAX_PAYLOAD + " bytes: " + size);
    }
    byte[] out = new byte[size];
    ByteBuffer b = ByteBuffer.wrap(out);
    b.putShort(PacketCodec.MAGIC).put(PacketCodec.VERSION).put(TYPE_KEYS);
    b.putInt(sender).putInt(receiver).putLong(incarnation).putLong(seq);
    b.putShort((short) entries.size());
    for (Entry e : entries) {
      b.putInt(e.customer());
      if (e.report() != null) {
        b.put(REPORT);
        KeyWire.write(e.report(), b);
      } else {
        b.put(GRANT);
        KeyWire.write(e.grant(), b);
      }
    }
    int body = out.length - PacketCodec.MAC_BYTES;
    System.arraycopy(keys.sign(out, 0, body), 0, out, body, PacketCodec.MAC_BYTES);
    return out;
  }

  /** Whether {@code data} claims to be a key-sharing datagram (its type byte). */
  public static boolean isKeys(byte[] data, int off, int len) {
    return len > 3 && data[off + 3] == TYPE_KEYS;
  }

  /**
   * Parses and authenticates a datagram received by agent {@code self}; {@code window} gives a
   * customer's current window id, to read the entries' 16-bit windows against (Long.MIN_VALUE for a
   * customer this PoP does not know: its entries are kept, and dropped as unknown later).
   *
   * @return the packet, or the reason it was refused
   */
  public Decoded decode(byte[] data, int off, int len, int self, IntToLongFunction window) {
    if (len < PacketCodec.HEADER_BYTES + PacketCodec.MAC_BYTES || len > PacketCodec.MAX_PAYLOAD) {
      return MALFORMED;
    }
    ByteBuffer b = ByteBuffer.wrap(data, off, len - PacketCodec.MAC_BYTES);
    if (b.getShort() != PacketCodec.MAGIC
        || b.get() != PacketCodec.VERSION
        || b.get() != TYPE_KEYS) {
      return MALFORMED;
    }
    int body = len - PacketCodec.MAC_BYTES;
    if (!keys.verify(data, off, body, data, off + body, PacketCodec.MAC_BYTES)) {
      return new Refused(RejectReason.BAD_MAC);
    }
    int sender = b.getInt();
    int receiver = b.getInt();
    long incarnation = b.getLong();
    long seq = b.getLong();
    int k = b.getShort() & 0xffff;
    if (receiver != self) {
      return new Refused(RejectReason.WRONG_RECEIVER);
    }
    List<Entry> entries = new ArrayList<>(Math.min(k, 128));
    try {
      for (int i = 0; i < k; i++) {
        int customer = b.getInt();
        byte kind = b.get();
        long w = window.applyAsLong(customer);
        long current = w == Long.MIN_VALUE ? 0 : w;
        if (kind == REPORT) {
          entries.add(new Entry(customer, KeyWire.readReport(b, current), null));
        } else if (kind == GRANT) {
          entries.add(new Entry(customer, null, KeyWire.readGrant(b, current)));
        } else {
          return MALFORMED;
        }
      }
    } catch (IllegalArgumentException | java.nio.BufferUnderflowException e) {
      return MALFORMED;
    }
    if (b.hasRemaining()) {
      return MALFORMED;
    }
    return new Packet(sender, incarnation, seq, entries);
  }
}
