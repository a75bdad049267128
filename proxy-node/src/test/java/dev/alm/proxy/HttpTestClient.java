package dev.alm.proxy;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal blocking HTTP/1.1 client over one socket, able to pipeline: write requests, then read
 * responses.
 */
final class HttpTestClient implements AutoCloseable {

  record Response(int status, Map<String, String> headers, byte[] body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  HttpTestClient(InetSocketAddress address) throws IOException {
    this(address, null);
  }

  /** A client connecting from {@code local} (a loopback address such as 127.0.0.7; null: any). */
  HttpTestClient(InetSocketAddress address, InetAddress local) throws IOException {
    socket = new Socket(address.getAddress(), address.getPort(), local, 0);
    socket.setSoTimeout(20_000);
    socket.setTcpNoDelay(true);
    in = new BufferedInputStream(socket.getInputStream(), 65536);
    out = socket.getOutputStream();
  }

  /** Writes one GET without waiting. */
  void send(String host, String path) throws IOException {
    sendRaw("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
  }

  void sendRaw(String request) throws IOException {
    out.write(request.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  void sendBytes(byte[] b) throws IOException {
    out.write(b);
    out.flush();
  }

  Response get(String host, String path) throws IOException {
    send(host, path);
    return read();
  }

  /** Reads one response (Content-Length bodies only, as the proxy sends). */
  Response read() throws IOException {
    String status = line();
    if (status == null) {
      throw new IOException("connection closed");
    }
    int code = Integer.parseInt(status.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    String l;
    while (!(l = line()).isEmpty()) {
      int c = l.indexOf(':');
      headers.put(l.substring(0, c).trim().toLowerCase(Locale.ROOT), l.substring(c + 1).trim());
    }
    int n = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(n);
    return new Response(code, headers, body);
  }

  /** True if the server closed the connection (EOF within the socket timeout). */
  boolean closedByServer() throws IOException {
    return in.read() < 0;
  }

  private String line() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        break;
      }
      if (c != '\r') {
        b.write(c);
      }
    }
    if (c < 0 && b.size() == 0) {
      return null;
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
