package dev.alm.traces;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The CSV encoder of the daemons' logs: lines encoded straight to UTF-8 bytes in one growing
 * buffer, for log writers that format many lines per second: no {@code String} per line or per
 * field, no {@code Writer} to encode characters again. Fields follow RFC 4180 (a field holding a
 * comma, a quote, CR or LF is quoted, with quotes doubled; a lone surrogate is written as {@code
 * ?}), so the lines read back with any CSV reader.
 *
 * <p>Timestamps ({@link #timestamp}) are written as {@link Timestamps#format} writes them; the text
 * up to the second is kept, so lines within one second cost four digit stores. Not thread-safe: one
 * writer thread owns it.
 */
public final class CsvBytes {
  private static final int PREFIX = 20; // "2026-11-22T10:15:30."

  /** "00", "01", ... "99". */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private byte[] buf;
  private int len;
  private int lineStart;
  private long cachedSecond = Long.MIN_VALUE;
  private final byte[] secondPrefix = new byte[PREFIX];

  /** An empty buffer of {@code capacity} bytes to start with (it grows when needed). */
  public CsvBytes(int capacity) {
    buf = new byte[Math.max(64, capacity)];
  }

  /** Bytes held. */
  public int length() {
    return len;
  }

  /** Writes the bytes held to {@code out} and empties the buffer. */
  public void writeTo(OutputStream out) throws IOException {
    out.write(buf, 0, len);
    clear();
  }

  /** Forgets the bytes held. */
  public void clear() {
    len = 0;
    lineStart = 0;
  }

  /** The bytes held, as text (tests). */
  @Override
  public String toString() {
    return new String(buf, 0, len, StandardCharsets.UTF_8);
  }

  /**
   * Appends a whole line of fields and its newline (a header: not hot). A line of one empty field
   * is written {@code ""}, since an empty line would read back as no line.
   */
  public CsvBytes line(List<String> values) {
    for (String v : values) {
      field(v);
    }
    if (values.size() == 1 && values.get(0).isEmpty()) {
      ascii('"').ascii('"');
    }
    return endLine();
  }

  /** Ends the line. */
  public CsvBytes endLine() {
    ascii('\n');
    lineStart = len;
    return this;
  }

  /**
   * Appends one text field, preceded by a comma unless it is the first of the line, quoted if it
   * must be.
   */
  public CsvBytes field(String value) {
    separator();
    return value(value);
  }

  /**
   * Encodes fields once for the many lines that share them (the access log's PoP, client and Host
   * of one connection): each field preceded by a comma and quoted if it must be, as {@link
   * #field(String)} appends it. Append the result with {@link #fields(byte[])}.
   */
  public static byte[] encodeFields(String... values) {
    CsvBytes b = new CsvBytes(64);
    for (String v : values) {
      b.ascii(',');
      b.value(v);
    }
    return Arrays.copyOf(b.buf, b.len);
  }

  /**
   * Appends fields encoded by {@link #encodeFields}, as if each were appended with {@link
   * #field(String)} (so the leading comma is left out at the start of a line).
   */
  public CsvBytes fields(byte[] encoded) {
    int from = len == lineStart && encoded.length > 0 ? 1 : 0;
    int n = encoded.length - from;
    ensure(n);
    System.arraycopy(encoded, from, buf, len, n);
    len += n;
    return this;
  }

  /** Appends a field's text, quoted if it must be, with no separator. */
  private CsvBytes value(String value) {
    int n = value.length();
    ensure(n);
    byte[] b = buf;
    int at = len;
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      // above ',' and below 0x80 nothing needs quoting or more than one byte (paths, names,
      // addresses)
      if ((c <= ',' || c >= 0x80)
          && (c >= 0x80 || c == ',' || c == '"' || c == '\n' || c == '\r')) {
        return slowField(value);
      }
      b[at++] = (byte) c;
    }
    len = at;
    return this;
  }

  /** Appends one integer field. */
  public CsvBytes field(long value) {
    separator();
    return number(value);
  }

  /**
   * Appends epoch milliseconds as the line's field ({@code 2026-11-22T10:15:30.123Z}, as {@link
   * Timestamps#format}).
   */
  public CsvBytes timestamp(long epochMillis) {
    separator();
    long second = Math.floorDiv(epochMillis, 1000L);
    if (second != cachedSecond) {
      String s = Timestamps.format(second * 1000L);
      if (s.length() != PREFIX + 4) { // outside years 0001-9999: no cache
        return ascii(Timestamps.format(epochMillis));
      }
      for (int i = 0; i < PREFIX; i++) {
        secondPrefix[i] = (byte) s.charAt(i);
      }
      cachedSecond = second;
    }
    ensure(PREFIX + 4);
    System.arraycopy(secondPrefix, 0, buf, len, PREFIX);
    int ms = (int) Math.floorMod(epochMillis, 1000L);
    buf[len + PREFIX] = (byte) ('0' + ms / 100);
    buf[len + PREFIX + 1] = (byte) ('0' + ms / 10 % 10);
    buf[len + PREFIX + 2] = (byte) ('0' + ms % 10);
    buf[len + PREFIX + 3] = 'Z';
    len += PREFIX + 4;
    return this;
  }

  private void separator() {
    if (len > lineStart) {
      ensure(1);
      buf[len++] = ',';
    }
  }

  private CsvBytes ascii(char c) {
    ensure(1);
    buf[len++] = (byte) c;
    return this;
  }

  private CsvBytes ascii(String s) {
    ensure(s.length());
    for (int i = 0; i < s.length(); i++) {
      buf[len++] = (byte) s.charAt(i);
    }
    return this;
  }

  private CsvBytes number(long v) {
    ensure(20);
    if (v == Long.MIN_VALUE) {
      return ascii(Long.toString(v));
    }
    if (v < 0) {
      buf[len++] = '-';
      v = -v;
    }
    if (v <= Integer.MAX_VALUE) {
      return number((int) v);
    }
    int digits = 1;
    for (long p = v; p >= 10; p /= 10) {
      digits++;
    }
    for (int k = len + digits - 1; k >= len; k--) {
      buf[k] = (byte) ('0' + v % 10);
      v /= 10;
    }
    len += digits;
    return this;
  }

  /** A non-negative int (status, bytes and latency of a log line), two digits per division. */
  private CsvBytes number(int v) {
    int digits =
        v < 10
            ? 1
            : v < 100
                ? 2
                : v < 1000
                    ? 3
                    : v < 10_000
                        ? 4
                        : v < 100_000
                            ? 5
                            : v < 1_000_000
                                ? 6
                                : v < 10_000_000
                                    ? 7
                                    : v < 100_000_000 ? 8 : v < 1_000_000_000 ? 9 : 10;
    byte[] b = buf;
    int k = len + digits;
    while (v >= 100) {
      int q = v / 100;
      int r = 2 * (v - 100 * q);
      b[--k] = DIGIT_PAIRS[r + 1];
      b[--k] = DIGIT_PAIRS[r];
      v = q;
    }
    if (v >= 10) {
      b[--k] = DIGIT_PAIRS[2 * v + 1];
      b[--k] = DIGIT_PAIRS[2 * v];
    } else {
      b[--k] = (byte) ('0' + v);
    }
    len += digits;
    return this;
  }

  /**
   * A field with non-ASCII text or characters that need quoting (rare in logs): quoted if it holds
   * a comma, a quote, CR or LF, with quotes doubled.
   */
  private CsvBytes slowField(String value) {
    if (!needsQuotes(value)) {
      return utf8(value);
    }
    StringBuilder text = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"') {
        text.append('"');
      }
      text.append(c);
    }
    return utf8(text.append('"'));
  }

  private static boolean needsQuotes(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ',' || c == '"' || c == '\n' || c == '\r') {
        return true;
      }
    }
    return false;
  }

  private CsvBytes utf8(CharSequence text) {
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buf, len, bytes.length);
    len += bytes.length;
    return this;
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }
  }
}
