package dev.alm.ratelimit.keys;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The wire form of {@link KeyReport} and {@link KeyGrant} entries: the key's hash in 8 bytes, the
 * low 16 bits of the window's id (the receiver takes the window nearest its own with those bits),
 * then unsigned varints (LEB128) for the counts and for the rates in eighths of a request per
 * second, and one byte of flags in a report. A report of a key of a few requests a minute is 16
 * bytes, a grant 17. Decoding checks every field and refuses with {@link IllegalArgumentException}:
 * a truncated entry, a varint over 5 bytes, a count over 2^31 - 1, unknown flags.
 */
public final class KeyWire {

  private static final int SHARED = 1;

  private KeyWire() {}

  /** Bytes of {@code r} on the wire. */
  public static int size(KeyReport r) {
    return 8
        + 2
        + 1
        + varintSize(r.limit())
        + varintSize(r.count())
        + varintSize(r.arrivals())
        + varintSize(rate(r.rate()))
        + varintSize(rate(r.admittedRate()));
  }

  /** Bytes of {@code g} on the wire. */
  public static int size(KeyGrant g) {
    return 8
        + 2
        + varintSize(g.total())
        + varintSize(g.totalArrivals())
        + varintSize(g.own())
        + varintSize(g.ownArrivals())
        + varintSize(rate(g.othersRate()));
  }

  /** Writes {@code r}. */
  public static void write(KeyReport r, ByteBuffer out) {
    out.putLong(r.key());
    out.putShort((short) r.window());
    varint(out, r.limit());
    varint(out, r.count());
    varint(out, r.arrivals());
    varint(out, rate(r.rate()));
    varint(out, rate(r.admittedRate()));
    out.put((byte) (r.shared() ? SHARED : 0));
  }

  /** Writes {@code g}. */
  public static void write(KeyGrant g, ByteBuffer out) {
    out.putLong(g.key());
    out.putShort((short) g.window());
    varint(out, g.total());
    varint(out, g.totalArrivals());
    varint(out, g.own());
    varint(out, g.ownArrivals());
    varint(out, rate(g.othersRate()));
  }

  /** Reads a report; its window is the one nearest {@code currentWindow} with the low 16 bits. */
  public static KeyReport readReport(ByteBuffer in, long currentWindow) {
    try {
      long key = in.getLong();
      int window = expand(in.getShort(), currentWindow);
      int limit = varint(in);
      int count = varint(in);
      int arrivals = varint(in);
      float rate = varint(in) / 8f;
      float admitted = varint(in) / 8f;
      int flags = in.get();
      if ((flags & ~SHARED) != 0) {
        throw new IllegalArgumentException("report: unknown flags " + flags);
      }
      return new KeyReport(
          key, window, limit, count, arrivals, rate, admitted, (flags & SHARED) != 0);
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("report: truncated");
    }
  }

  /** Reads a grant; its window as {@link #readReport}'s. */
  public static KeyGrant readGrant(ByteBuffer in, long currentWindow) {
    try {
      long key = in.getLong();
      int window = expand(in.getShort(), currentWindow);
      return new KeyGrant(
          key, window, varint(in), varint(in), varint(in), varint(in), varint(in) / 8f);
    } catch (BufferUnderflowException e) {
      throw new IllegalArgumentException("grant: truncated");
    }
  }

  /** The low 32 bits of the window nearest {@code current} whose low 16 bits are {@code low}. */
  static int expand(short low, long current) {
    long base = current & ~0xFFFFL;
    long w = base | (low & 0xFFFF);
    if (w - current > 0x8000) {
      w -= 0x10000;
    } else if (current - w > 0x8000) {
      w += 0x10000;
    }
    return (int) w;
  }

  private static int rate(float perSecond) {
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, Math.round(perSecond * 8.0)));
  }

  private static int varintSize(int v) {
    int n = 1;
    for (int x = v >>> 7; x != 0; x >>>= 7) {
      n++;
    }
    return n;
  }

  private static void varint(ByteBuffer out, int v) {
    while ((v & ~0x7F) != 0) {
      out.put((byte) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.put((byte) v);
  }

  private static int varint(ByteBuffer in) {
    long v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = in.get();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (v > Integer.MAX_VALUE) {
          throw new IllegalArgumentException("varint over 2^31 - 1");
        }
        return (int) v;
      }
    }
    throw new IllegalArgumentException("varint over 5 bytes");
  }
}
