package dev.alm.cluster;

import dev.alm.loadgen.ResponseHead;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * One long download over real TCP: GETs the customer's content again and again on one keep-alive
 * connection until the end of the run, reading as fast as the proxy sends, and counts the body
 * bytes received in 1 s windows. A flow limited by a shaper backs off as TCP does behind a router's
 * limiter (paper 001 section 5.1).
 */
final class DownloadFlow implements Runnable {

  /** What every flow fetches, again and again: 1 MiB of generated content. */
  static final String PATH = "/bytes/1048576";

  private final int id;
  private final InetSocketAddress proxy;
  private final String host;
  private final FlowWindows windows;
  private final long startNanos;
  private final long endNanos;

  DownloadFlow(
      int id,
      InetSocketAddress proxy,
      String host,
      FlowWindows windows,
      long startNanos,
      long endNanos) {
    this.id = id;
    this.proxy = proxy;
    this.host = host;
    this.windows = windows;
    this.startNanos = startNanos;
    this.endNanos = endNanos;
  }

  @Override
  public void run() {
    byte[] buffer = new byte[16 * 1024];
    while (System.nanoTime() < endNanos && !Thread.currentThread().isInterrupted()) {
      try (Socket s = new Socket()) {
        s.setSoTimeout(1000);
        s.connect(proxy, 2000);
        InputStream in = new BufferedInputStream(s.getInputStream(), 64 * 1024);
        while (System.nanoTime() < endNanos) {
          s.getOutputStream()
              .write(
                  ("GET " + PATH + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                      .getBytes(StandardCharsets.US_ASCII));
          long length = headers(in, endNanos);
          for (long left = length; left > 0 && System.nanoTime() < endNanos; ) {
            int n;
            try {
              n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            } catch (SocketTimeoutException e) {
              continue; // the shaper holds the flow back: keep waiting until the end
            }
            if (n < 0) {
              throw new IOException("closed in the body");
            }
            left -= n;
            windows.add(id, (int) ((System.nanoTime() - startNanos) / 1_000_000_000L), n);
          }
        }
      } catch (IOException e) {
        try {
          Thread.sleep(50);
        } catch (InterruptedException ie) {
          return;
        }
      }
    }
  }

  /** Reads the status line and headers, returning Content-Length; read timeouts wait to the end. */
  private static long headers(InputStream in, long endNanos) throws IOException {
    String status = ResponseHead.line(in, endNanos);
    if (!status.startsWith("HTTP/1.1 200")) {
      throw new IOException("status " + status);
    }
    long length = ResponseHead.fields(in, endNanos).contentLength();
    if (length < 0) {
      throw new IOException("no Content-Length");
    }
    return length;
  }
}
