package dev.alm.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Section;

/**
 * The users' lanes on real sockets: requests keep their schedule while every beacon waits on a slow
 * DNS, and beacons that fall a second behind are skipped (counted) rather than sent in a burst.
 */
class UsersLanesTest {

  /**
   * A DNS on loopback that answers every query L2 with TTL 1 at once, and beacon names (empty) only
   * after 300 ms, from another thread.
   */
  private static final class SlowBeaconDns implements AutoCloseable {
    final DatagramSocket socket;
    final Thread thread;
    final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();

    SlowBeaconDns() throws SocketException {
      socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
      thread = new Thread(this::serve, "slow-beacon-dns");
      thread.setDaemon(true);
      thread.start();
    }

    InetSocketAddress address() {
      return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    private void serve() {
      byte[] buf = new byte[1500];
      while (!socket.isClosed()) {
        try {
          DatagramPacket p = new DatagramPacket(buf, buf.length);
          socket.receive(p);
          Message q = new Message(Arrays.copyOf(p.getData(), p.getLength()));
          Message r = new Message(q.getHeader().getID());
          r.getHeader().setFlag(Flags.QR);
          r.addRecord(q.getQuestion(), Section.QUESTION);
          byte[] wire = r.toWire();
          DatagramPacket reply = new DatagramPacket(wire, wire.length, p.getSocketAddress());
          if (q.getQuestion().getName().toString().contains(".fc.")) {
            later.schedule(() -> send(reply), 300, TimeUnit.MILLISECONDS);
            continue;
          } else {
            r.addRecord(
                new ARecord(
                    q.getQuestion().getName(), DClass.IN, 1, InetAddress.getByName("127.0.0.2")),
                Section.ANSWER);
          }
          wire = r.toWire();
          socket.send(new DatagramPacket(wire, wire.length, p.getSocketAddress()));
        } catch (IOException e) {
          // closed, or a query that does not parse: the next one
        }
      }
    }

    private void send(DatagramPacket reply) {
      try {
        socket.send(reply);
      } catch (IOException e) {
        // closed at the end of the test
      }
    }

    @Override
    public void close() {
      later.shutdownNow();
      socket.close();
      thread.interrupt();
    }
  }

  @Test
  void requestsKeepTheirScheduleWhileBeaconsWaitAndLateBeaconsAreSkipped() throws Exception {
    try (SlowBeaconDns dns = new SlowBeaconDns();
        ServerSocket closed = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      // L2 requests go to a port that refuses them at once: they fail fast and are counted
      InetSocketAddress refused = new InetSocketAddress("127.0.0.1", closed.getLocalPort());
      closed.close();
      Endpoints.Opener opener =
          () -> {
            DnsClient client = new DnsClient(dns.address(), 2000);
            HttpConnection l1 = new HttpConnection(refused, 500);
            HttpConnection l2 = new HttpConnection(refused, 500);
            return new Endpoints(client, random -> l1, l2, List.of(l1, l2));
          };
      long start = System.nanoTime();
      long end = start + 3_000_000_000L;
      Users users =
          new Users(
              "cdn.example",
              1,
              opener,
              new ResolverCaches(4, InetAddress.getByName("127.0.0.1")),
              null,
              null,
              new UserSchedule(s -> 150, 40, 100_000_000L, start, end, 7),
              100);
      Thread th = new Thread(users, "users-under-test");
      th.start();
      th.join(20_000);
      assertTrue(!th.isAlive(), "the users end by themselves after the schedule's end");
      UserCounts c = users.counts();
      // 150 requests/s for 3 s on 2 lanes: 450 expected, Poisson sd about 21
      assertTrue(c.requests() > 300 && c.requests() < 600, "requests " + c.requests());
      assertEquals(c.requests(), c.toL2(), "every request resolved (to L2) " + c);
      // one beacon every 300 ms is all the slow DNS lets through, of 120 due
      assertTrue(c.beacons() <= 15, "beacons sent " + c.beacons());
      assertTrue(c.beaconsSkipped() >= 60, "beacons skipped " + c.beaconsSkipped());
      // the beacons' wait never held the requests back (held back, they would end seconds late)
      assertTrue(c.maxLagSeconds() < 1.0, "requests fell behind by " + c.maxLagSeconds());
    }
  }

  @Test
  void oneRequestLanePerHundredRequestsAtTheStartUpToSixteen() {
    assertEquals(1, Users.requestLanes(0));
    assertEquals(1, Users.requestLanes(Double.NaN));
    assertEquals(1, Users.requestLanes(100));
    assertEquals(2, Users.requestLanes(101));
    assertEquals(6, Users.requestLanes(600));
    assertEquals(Users.MAX_REQUEST_LANES, Users.requestLanes(1e6));
  }
}
