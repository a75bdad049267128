package dev.alm.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Connections to a server that send what they are told and then never read: each from a chosen
 * loopback source address (127.0.0.x), watched on one selector for the server closing them.
 */
final class IdleClients implements AutoCloseable {
  private final Selector selector;
  private final List<SocketChannel> channels = new ArrayList<>();
  private int closed;

  IdleClients() throws IOException {
    selector = Selector.open();
  }

  /**
   * Opens {@code n} connections from {@code source} to {@code server}, each sending {@code first}
   * (may be empty), then reading only to see whether the server closed it.
   */
  void open(String source, InetSocketAddress server, int n, String first) throws IOException {
    for (int i = 0; i < n; i++) {
      SocketChannel c = SocketChannel.open();
      channels.add(c);
      c.bind(new InetSocketAddress(source, 0));
      c.connect(server);
      if (!first.isEmpty()) {
        c.write(ByteBuffer.wrap(first.getBytes(StandardCharsets.US_ASCII)));
      }
      c.configureBlocking(false);
      c.register(selector, SelectionKey.OP_READ);
    }
  }

  /**
   * Connections the server has closed so far: the ones whose read ended (EOF or reset). What the
   * server sent before closing is read and dropped; a connection with data and no end stays open.
   */
  int closed() throws IOException {
    selector.selectNow();
    ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
    for (SelectionKey k : selector.selectedKeys()) {
      SocketChannel c = (SocketChannel) k.channel();
      int r;
      do {
        buf.clear();
        try {
          r = c.read(buf);
        } catch (IOException e) {
          r = -1;
        }
      } while (r > 0);
      if (r < 0) {
        k.cancel();
        closed++;
      }
    }
    selector.selectedKeys().clear();
    return closed;
  }

  /** Polls {@link #closed()} until it reaches {@code n} or {@code millis} pass; returns it. */
  int awaitClosed(int n, long millis) throws Exception {
    long end = System.nanoTime() + millis * 1_000_000;
    int c = closed();
    while (c < n && System.nanoTime() < end) {
      Thread.sleep(50);
      c = closed();
    }
    return c;
  }

  int opened() {
    return channels.size();
  }

  @Override
  public void close() throws IOException {
    for (SocketChannel c : channels) {
      c.close();
    }
    selector.close();
  }

  /** One {@code GET path} from {@code source} on a fresh connection: the whole response text. */
  static String get(String source, InetSocketAddress server, String path) throws IOException {
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(source, 0));
      s.connect(server, 10_000);
      s.setSoTimeout(20_000);
      OutputStream out = s.getOutputStream();
      out.write(
          ("GET "
                  + path
                  + " HTTP/1.1\r\nHost: 127.0.0.1:"
                  + server.getPort()
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return "failed: " + e;
    }
  }

  /**
   * The status line of one {@code GET path} from {@code source}, read without waiting for the rest
   * (an event stream does not end); empty when the server closed the connection first.
   */
  static String statusLineOf(String source, InetSocketAddress server, String path)
      throws IOException {
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(source, 0));
      s.connect(server, 10_000);
      s.setSoTimeout(20_000);
      s.getOutputStream()
          .write(
              ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.getPort() + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = s.getInputStream();
      StringBuilder line = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0 && c != '\n') {
        line.append((char) c);
      }
      return line.toString().trim();
    } catch (IOException e) {
      return "failed: " + e;
    }
  }

  /** The status line of {@code response}, or all of it when it has none. */
  static String statusLine(String response) {
    int end = response.indexOf("\r\n");
    return end < 0 ? response : response.substring(0, end);
  }
}
