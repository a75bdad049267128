package dev.alm.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.Locale;

/**
 * Reads the head of an HTTP/1.1 response (RFC 9112 sections 4 and 5) from a blocking stream, as the
 * cluster's clients ({@link HttpConnection}, {@link DownloadFlow}) need it: lines ending in LF (a
 * CR before it dropped), then the header fields up to the empty line, of which only Content-Length
 * and {@code Connection: close} matter. The status line is the caller's to judge.
 */
public final class ResponseHead {

  /** A read timeout ends the read at once (the caller retries or gives up). */
  public static final long NO_PATIENCE = Long.MIN_VALUE;

  /**
   * The header fields the clients use.
   *
   * @param contentLength the last Content-Length, or -1 when there is none
   * @param close whether a Connection header says close
   * @param watched the value of the watched header, or null
   */
  public record Fields(long contentLength, boolean close, String watched) {}

  private ResponseHead() {}

  /**
   * One line without its CR LF.
   *
   * @param patientUntilNanos a read timeout before this {@link System#nanoTime()} is waited out;
   *     from it on, the timeout is thrown ({@link #NO_PATIENCE}: always)
   * @throws IOException when the connection closes first, or on a timeout past the deadline
   */
  public static String line(InputStream in, long patientUntilNanos) throws IOException {
    StringBuilder b = new StringBuilder(64);
    while (true) {
      int c;
      try {
        c = in.read();
      } catch (SocketTimeoutException e) {
        if (System.nanoTime() >= patientUntilNanos) {
          throw e;
        }
        continue;
      }
      if (c < 0) {
        throw new IOException("connection closed");
      }
      if (c == '\n') {
        int n = b.length();
        return n > 0 && b.charAt(n - 1) == '\r' ? b.substring(0, n - 1) : b.toString();
      }
      b.append((char) c);
    }
  }

  /**
   * The header fields after the status line, read up to and including the empty line.
   *
   * @param patientUntilNanos as for {@link #line}
   */
  public static Fields fields(InputStream in, long patientUntilNanos) throws IOException {
    return fields(in, patientUntilNanos, null);
  }

  /**
   * The header fields after the status line, and the value of one more header.
   *
   * @param watch the lower-case name of the header to keep, followed by a colon; null: none
   */
  public static Fields fields(InputStream in, long patientUntilNanos, String watch)
      throws IOException {
    long length = -1;
    boolean close = false;
    String watched = null;
    for (String h = line(in, patientUntilNanos); !h.isEmpty(); h = line(in, patientUntilNanos)) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(lower.substring(15).trim());
      } else if (lower.startsWith("connection:") && lower.contains("close")) {
        close = true;
      } else if (watch != null && lower.startsWith(watch)) {
        watched = h.substring(watch.length()).trim();
      }
    }
    return new Fields(length, close, watched);
  }
}
