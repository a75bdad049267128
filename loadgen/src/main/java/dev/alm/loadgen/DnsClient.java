package dev.alm.loadgen;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.List;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * A stub resolver for the local cluster and the lab: one UDP socket, one query at a time, to one
 * PoP's DNS server. Returns the parsed response, or null on a timeout or an unparseable answer
 * (counted by the caller).
 */
public final class DnsClient implements AutoCloseable {
  private final DatagramSocket socket;
  private final byte[] buffer = new byte[1500];
  private int id;

  private final InetSocketAddress server;
  private final int timeoutMillis;

  /**
   * A client of {@code server}, bound to 127.0.0.1 for a loopback server and to the wildcard
   * address otherwise (a lab namespace's own address).
   */
  public DnsClient(InetSocketAddress server, int timeoutMillis) throws IOException {
    this(
        server,
        timeoutMillis,
        server.getAddress().isLoopbackAddress()
            ? new InetSocketAddress("127.0.0.1", 0)
            : new InetSocketAddress(0));
  }

  private DnsClient(InetSocketAddress server, int timeoutMillis, InetSocketAddress local)
      throws IOException {
    this.server = server;
    this.timeoutMillis = timeoutMillis;
    socket = new DatagramSocket(local);
    socket.connect(server);
    socket.setSoTimeout(timeoutMillis);
    id = (int) (System.nanoTime() & 0xffff);
  }

  /**
   * An A query for {@code name} from a socket of its own bound to {@code local}, as a resolver at
   * that address asks: the DNS tells resolvers apart by address (docs/controllers/live-loop.md,
   * "Demand behind the answers"). The response, or null.
   *
   * @throws IOException when {@code local} cannot be bound (not a local address)
   */
  public Message queryFrom(InetAddress local, Name name) throws IOException {
    try (DnsClient c = new DnsClient(server, timeoutMillis, new InetSocketAddress(local, 0))) {
      return c.query(name);
    }
  }

  /** An A query for {@code name}; the response, or null. */
  public Message query(Name name) throws IOException {
    Message q = Message.newQuery(Record.newRecord(name, Type.A, DClass.IN));
    id = (id + 1) & 0xffff;
    q.getHeader().setID(id);
    byte[] wire = q.toWire();
    socket.send(new DatagramPacket(wire, wire.length));
    while (true) {
      DatagramPacket p = new DatagramPacket(buffer, buffer.length);
      try {
        socket.receive(p);
      } catch (SocketTimeoutException e) {
        return null;
      }
      Message r;
      try {
        r = new Message(Arrays.copyOf(p.getData(), p.getLength()));
      } catch (IOException e) {
        return null;
      }
      if (r.getHeader().getID() == id) {
        return r;
      }
    }
  }

  /** The answer section's records. */
  public static List<Record> answers(Message m) {
    return m.getSection(Section.ANSWER);
  }

  @Override
  public void close() {
    socket.close();
  }

  /**
   * The absolute name written in {@code text} (a trailing dot optional), or null when there is none
   * or it does not parse: a price echo header is a name the user resolves as it comes.
   */
  public static Name name(String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    try {
      return Name.fromString(text.endsWith(".") ? text : text + ".");
    } catch (org.xbill.DNS.TextParseException e) {
      return null;
    }
  }
}
