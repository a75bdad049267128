package dev.alm.proxy;

import java.time.Duration;

/**
 * Limits on what a client may send; requests past them are refused (414, 431, 413) and the
 * connection closed.
 *
 * @param maxInitialLineBytes longest request line
 * @param maxHeaderBytes largest header block
 * @param maxBodyBytes largest request body
 * @param idleTimeout a connection idle this long is closed
 * @param maxPipelined requests a client may queue on one connection before the proxy stops reading
 *     from it
 */
public record HttpLimits(
    int maxInitialLineBytes,
    int maxHeaderBytes,
    int maxBodyBytes,
    Duration idleTimeout,
    int maxPipelined) {

  public static final int DEFAULT_MAX_INITIAL_LINE = 4096;
  public static final int DEFAULT_MAX_HEADER = 8192;
  public static final int DEFAULT_MAX_BODY = 1 << 20;
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_PIPELINED = 16;

  public HttpLimits {
    positive("maxInitialLineBytes", maxInitialLineBytes);
    positive("maxHeaderBytes", maxHeaderBytes);
    positive("maxBodyBytes", maxBodyBytes);
    positive("maxPipelined", maxPipelined);
    if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("idleTimeoutMs: must be > 0");
    }
  }

  private static void positive(String field, int v) {
    if (v < 1) {
      throw new IllegalArgumentException(field + ": must be >= 1, got " + v);
    }
  }

  public static HttpLimits defaults() {
    return new HttpLimits(
        DEFAULT_MAX_INITIAL_LINE,
        DEFAULT_MAX_HEADER,
        DEFAULT_MAX_BODY,
        DEFAULT_IDLE_TIMEOUT,
        DEFAULT_MAX_PIPELINED);
  }
}
