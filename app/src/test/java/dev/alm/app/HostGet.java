package dev.alm.app;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** One GET with a given Host to a local proxy, on a fresh connection. */
final class HostGet {
  private HostGet() {}

  /** The status line and headers of {@code GET /x} with Host {@code host} to port {@code port}. */
  static String head(int port, String host) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(3000);
      s.getOutputStream()
          .write(
              ("GET /x HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      int end = all.indexOf("\r\n\r\n");
      return end < 0 ? all : all.substring(0, end);
    }
  }

  /** The status code of that GET. */
  static int status(int port, String host) throws IOException {
    return Integer.parseInt(head(port, host).substring(9, 12));
  }
}
