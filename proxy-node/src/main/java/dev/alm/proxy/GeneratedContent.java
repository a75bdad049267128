package dev.alm.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/**
 * The built-in content generator: fixed-size bodies by path, for tests, demos and benchmarks. Any
 * path answers {@code bodyBytes} bytes of {@code 'x'}; {@code /bytes/N} answers N bytes (N up to
 * {@link #maxBytes()}). Every body is a slice of one shared read-only direct buffer, so answering
 * copies and allocates nothing.
 */
public final class GeneratedContent implements AutoCloseable {

  /** The smallest shared buffer, so that {@code /bytes/N} works up to at least this size. */
  public static final int MIN_SHARED = 1 << 20;

  private static final String BYTES_PREFIX = "/bytes/";

  private final int bodyBytes;
  private final ByteBuf base;
  private final ByteBuf shared;

  public GeneratedContent(int bodyBytes) {
    this.bodyBytes = bodyBytes;
    int size = Math.max(bodyBytes, MIN_SHARED);
    byte[] x = new byte[size];
    Arrays.fill(x, (byte) 'x');
    this.base = Unpooled.directBuffer(size).writeBytes(x);
    this.shared = Unpooled.unreleasableBuffer(base.asReadOnly());
  }

  /**
   * The body size of a path, or -1 when the path asks for a size that is not a number or is too
   * large.
   */
  public int size(String path) {
    if (!path.startsWith(BYTES_PREFIX)) {
      return bodyBytes;
    }
    String n = path.substring(BYTES_PREFIX.length());
    int q = n.indexOf('?');
    if (q >= 0) {
      n = n.substring(0, q);
    }
    try {
      int v = Integer.parseInt(n);
      return v >= 0 && v <= shared.capacity() ? v : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** A body of {@code n} bytes (n from {@link #size}); releasing it is harmless. */
  public ByteBuf body(int n) {
    return shared.slice(0, n);
  }

  /**
   * Frees the shared buffer; call once no response can still be using it (after the event loops
   * stopped).
   */
  @Override
  public void close() {
    if (base.refCnt() > 0) {
      base.release();
    }
  }

  /** The largest {@code /bytes/N}. */
  public int maxBytes() {
    return shared.capacity();
  }
}
