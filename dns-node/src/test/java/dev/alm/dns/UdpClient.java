package dev.alm.dns;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.xbill.DNS.Message;

/** A test client that sends queries over UDP in windows and collects the responses it gets. */
final class UdpClient implements AutoCloseable {
  private final DatagramSocket socket;
  private final InetSocketAddress server;

  UdpClient(InetSocketAddress server) throws IOException {
    this.socket = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"));
    this.socket.setSoTimeout(1000);
    this.socket.setReceiveBufferSize(1 << 20);
    this.server = server;
  }

  /**
   * Sends every query (windows of {@code window}) and returns the responses received, in arrival
   * order.
   */
  List<byte[]> exchange(List<byte[]> queries, int window) throws IOException {
    List<byte[]> out = new ArrayList<>(queries.size());
    byte[] buf = new byte[65535];
    for (int i = 0; i < queries.size(); i += window) {
      int n = Math.min(window, queries.size() - i);
      for (int j = 0; j < n; j++) {
        byte[] q = queries.get(i + j);
        socket.send(new DatagramPacket(q, q.length, server));
      }
      for (int j = 0; j < n; j++) {
        DatagramPacket p = new DatagramPacket(buf, buf.length);
        try {
          socket.receive(p);
        } catch (SocketTimeoutException e) {
          break;
        }
        out.add(Arrays.copyOf(buf, p.getLength()));
      }
    }
    return out;
  }

  static Message parse(byte[] wire) {
    try {
      return new Message(wire);
    } catch (IOException e) {
      throw new AssertionError("unparseable response", e);
    }
  }

  @Override
  public void close() {
    socket.close();
  }
}
