package dev.alm.loadgen;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A blocking HTTP/1.1 keep-alive connection for the cluster's users: sends {@code GET path} with a
 * Host header and reads the whole response (Content-Length bodies; 204 and 304 have none).
 * Reconnects after any failure.
 */
public final class HttpConnection implements AutoCloseable {
  private final InetSocketAddress target;
  private final int timeoutMillis;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private String watch;
  private String watched;

  public HttpConnection(InetSocketAddress target, int timeoutMillis) {
    this.target = target;
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * Keeps the value of header {@code name} of every response from now on, for {@link #watched()}
   * (the price echo of a probe, docs/fastcontrol.md).
   */
  public HttpConnection watch(String name) {
    this.watch = name.toLowerCase(Locale.ROOT) + ":";
    return this;
  }

  /** The watched header's value in the last response, or null when it had none or failed. */
  public String watched() {
    return watched;
  }

  /** The response status, or -1 when the request failed (connection refused, reset, timeout). */
  public int get(String host, String path) {
    watched = null;
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        if (socket == null) {
          open();
        }
        out.write(
            ("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return readResponse();
      } catch (IOException e) {
        close();
      }
    }
    return -1;
  }

  private void open() throws IOException {
    Socket s = new Socket();
    s.setTcpNoDelay(true);
    s.setSoTimeout(timeoutMillis);
    s.connect(target, timeoutMillis);
    socket = s;
    in = new BufferedInputStream(s.getInputStream(), 8192);
    out = s.getOutputStream();
  }

  private int readResponse() throws IOException {
    String status = ResponseHead.line(in, ResponseHead.NO_PATIENCE);
    String[] parts = status.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
      throw new IOException("bad status line: " + status);
    }
    int code = Integer.parseInt(parts[1]);
    ResponseHead.Fields fields = ResponseHead.fields(in, ResponseHead.NO_PATIENCE, watch);
    watched = fields.watched();
    if (code != 204 && code != 304) {
      for (long left = fields.contentLength(); left > 0; ) {
        long n = in.skip(left);
        if (n <= 0) {
          if (in.read() < 0) {
            throw new IOException("connection closed in the body");
          }
          n = 1;
        }
        left -= n;
      }
    }
    if (fields.close()) {
      close();
    }
    return code;
  }

  /**
   * Whether a connection is open: one request was answered on it and neither side closed it since
   * (a {@code Connection: close} from the server closes it).
   */
  public boolean isOpen() {
    return socket != null;
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing a failed connection
      }
    }
    socket = null;
  }
}
