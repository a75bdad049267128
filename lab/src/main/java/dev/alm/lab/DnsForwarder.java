package dev.alm.lab;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * A public resolver's forwarding path: DNS queries received on the resolver's address are sent on
 * to the anycast DNS address from the resolver's own network (so the DNS catchment is the
 * resolver's, not the user's), and each answer is returned to the user who asked. Message ids are
 * rewritten to one 16-bit counter; a reply whose id has no waiting query is dropped. Two threads,
 * one per direction.
 */
final class DnsForwarder implements AutoCloseable {
  private final DatagramSocket front;
  private final DatagramSocket back;
  private final SocketAddress[] clients = new SocketAddress[65536];
  private final int[] ids = new int[65536];
  private int next;
  private final Thread in;
  private final Thread out;

  DnsForwarder(InetSocketAddress listen, InetSocketAddress upstream) throws IOException {
    front = new DatagramSocket(listen);
    back = new DatagramSocket(new InetSocketAddress(listen.getAddress(), 0));
    back.connect(upstream);
    in = new Thread(this::queries, "alm-forwarder-in");
    out = new Thread(this::answers, "alm-forwarder-out");
    in.setDaemon(true);
    out.setDaemon(true);
    in.start();
    out.start();
  }

  private void queries() {
    byte[] buf = new byte[4096];
    while (!front.isClosed()) {
      try {
        DatagramPacket p = new DatagramPacket(buf, buf.length);
        front.receive(p);
        if (p.getLength() < 12) {
          continue; // not a DNS message
        }
        int id;
        synchronized (this) {
          id = next;
          next = (next + 1) & 0xffff;
          clients[id] = p.getSocketAddress();
          ids[id] = ((buf[0] & 0xff) << 8) | (buf[1] & 0xff);
        }
        buf[0] = (byte) (id >> 8);
        buf[1] = (byte) id;
        back.send(new DatagramPacket(buf, p.getLength()));
      } catch (IOException e) {
        if (front.isClosed()) {
          return;
        }
      }
    }
  }

  private void answers() {
    byte[] buf = new byte[4096];
    while (!back.isClosed()) {
      try {
        DatagramPacket p = new DatagramPacket(buf, buf.length);
        back.receive(p);
        if (p.getLength() < 12) {
          continue;
        }
        int id = ((buf[0] & 0xff) << 8) | (buf[1] & 0xff);
        SocketAddress to;
        int original;
        synchronized (this) {
          to = clients[id];
          original = ids[id];
          clients[id] = null;
        }
        if (to == null) {
          continue;
        }
        buf[0] = (byte) (original >> 8);
        buf[1] = (byte) original;
        front.send(new DatagramPacket(buf, p.getLength(), to));
      } catch (IOException e) {
        if (back.isClosed()) {
          return;
        }
      }
    }
  }

  @Override
  public void close() {
    front.close();
    back.close();
  }
}
