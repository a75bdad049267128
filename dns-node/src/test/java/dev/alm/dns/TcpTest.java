package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/** TCP framing, several queries per connection, the idle timeout and the connection cap. */
class TcpTest {

  private static byte[] query(int id, String name) {
    Message q =
        Message.newQuery(Record.newRecord(Name.fromConstantString(name), Type.A, DClass.IN));
    q.getHeader().setID(id);
    return q.toWire();
  }

  private static void write(DataOutputStream out, byte[] wire) throws IOException {
    out.writeShort(wire.length);
    out.write(wire);
  }

  private static Message read(DataInputStream in) throws IOException {
    byte[] b = new byte[in.readUnsignedShort()];
    in.readFully(b);
    return new Message(b);
  }

  private static Socket connect(DnsNode node) throws IOException {
    Socket s = new Socket(node.address().getAddress(), node.address().getPort());
    s.setSoTimeout(5000);
    return s;
  }

  @Test
  void severalQueriesOnOneConnectionAreAnsweredInOrder() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().build(), new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1);
        Socket s = connect(node)) {
      DataOutputStream out = new DataOutputStream(s.getOutputStream());
      DataInputStream in = new DataInputStream(s.getInputStream());
      // Pipelined: all three written before any is read, the third split across two writes.
      write(out, query(1, "www.cdn.example."));
      write(out, query(2, "nope.cdn.example."));
      byte[] third = query(3, "api.cdn.example.");
      out.writeShort(third.length);
      out.write(third, 0, 5);
      out.flush();
      out.write(third, 5, third.length - 5);
      out.flush();
      Message a = read(in);
      Message b = read(in);
      Message c = read(in);
      assertEquals(1, a.getHeader().getID());
      assertEquals(Rcode.NOERROR, a.getRcode());
      assertEquals(2, b.getHeader().getID());
      assertEquals(Rcode.NXDOMAIN, b.getRcode());
      assertEquals(3, c.getHeader().getID());
      assertEquals(Rcode.NOERROR, c.getRcode());
    }
  }

  @Test
  void idleConnectionIsClosed() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().tcpIdleTimeout(Duration.ofMillis(200)).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        Socket s = connect(node)) {
      DataInputStream in = new DataInputStream(s.getInputStream());
      assertTrue(closedByPeer(in), "the server closes an idle connection");
    }
  }

  @Test
  void connectionsBeyondTheCapAreClosedAndCounted() throws Exception {
    try (DnsNode node =
            DnsNode.start(
                TestZones.builder().maxTcpConnections(2).build(),
                new SimpleMeterRegistry(),
                ProbeAnswerer.NONE,
                1);
        Socket a = connect(node);
        Socket b = connect(node)) {
      // Make sure both are accepted and served before the third arrives.
      for (Socket s : new Socket[] {a, b}) {
        write(new DataOutputStream(s.getOutputStream()), query(9, "www.cdn.example."));
        assertEquals(9, read(new DataInputStream(s.getInputStream())).getHeader().getID());
      }
      try (Socket c = connect(node)) {
        assertTrue(
            closedByPeer(new DataInputStream(c.getInputStream())), "third connection closed");
      }
      assertEquals(1L, node.status().get("tcpRefused"));
    }
  }

  private static boolean closedByPeer(DataInputStream in) throws IOException {
    try {
      return in.read() == -1;
    } catch (EOFException e) {
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (SocketException e) {
      return true; // reset by peer
    }
  }
}
