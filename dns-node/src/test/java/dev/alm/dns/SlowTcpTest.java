package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.node.FileDescriptors;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold DNS-over-TCP connections open by trickling bytes (one every 200 ms) or sending
 * nothing: the per-client cap keeps one address from taking the listener, each held connection is
 * closed at the whole-message deadline, and {@code dig +tcp} from another address keeps getting
 * answers while 1,100 of them try.
 */
class SlowTcpTest {

  private static final int SLOW = 1100;

  @Test
  void slowClientsFromOneAddressNeverStopDig() throws Exception {
    assumeSockets();
    try (DnsNode node = DnsNode.start(config(), new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1)) {
      List<Socket> slow = open(node, 1);
      try {
        trickle(slow);
        // the per-client cap held 64 of them; the other 1,036 were refused at once
        assertTrue(dig(node, "127.0.0.2").contains("192.0.2.1"), "answered at once");
        Map<?, ?> tcp = awaitClosed(node, 64);
        assertEquals(SLOW - 64, ((Number) tcp.get("refusedClientCap")).longValue(), tcp.toString());
        assertEquals(64L, ((Number) tcp.get("deadlineClosed")).longValue(), tcp.toString());
      } finally {
        close(slow);
      }
    }
  }

  @Test
  void slowClientsFillingTheListenerAreGoneAtTheDeadline() throws Exception {
    assumeSockets();
    try (DnsNode node = DnsNode.start(config(), new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1)) {
      // 1,100 connections from 20 addresses (55 each, under the per-client cap): the listener's cap
      // of 1,024 is full until the one-second deadline empties it
      List<Socket> slow = open(node, 20);
      try {
        trickle(slow);
        long start = System.nanoTime();
        String answer = "";
        while (!answer.contains("192.0.2.1")
            && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20)) {
          answer = dig(node, "127.0.0.2");
        }
        assertTrue(answer.contains("192.0.2.1"), answer);
        Map<?, ?> tcp = awaitClosed(node, 1024);
        // the slow ones the listener held were closed at the deadline; the rest, and dig's tries
        // while it was full, were refused
        assertTrue(((Number) tcp.get("deadlineClosed")).longValue() >= 1024, tcp.toString());
        assertTrue(
            ((Number) tcp.get("refusedTotalCap")).longValue() >= SLOW - 1024, tcp.toString());
      } finally {
        close(slow);
      }
    }
  }

  private static DnsConfig config() {
    return TestZones.builder()
        .x(1.0)
        .tcpMessageDeadline(Duration.ofSeconds(1))
        .maxTcpConnectionsPerClient(64)
        .build();
  }

  private static void assumeSockets() {
    long limit = FileDescriptors.softLimit();
    assumeTrue(
        limit < 0 || limit >= 4 * SLOW,
        "file-descriptor limit " + limit + " is too low for " + SLOW + " client sockets");
  }

  /** {@link #SLOW} connections from {@code addresses} loopback addresses, round robin. */
  private static List<Socket> open(DnsNode node, int addresses) throws IOException {
    List<Socket> slow = new ArrayList<>();
    for (int i = 0; i < SLOW; i++) {
      Socket s = new Socket();
      slow.add(s);
      s.bind(new InetSocketAddress(InetAddress.getByName("127.0.1." + (10 + i % addresses)), 0));
      s.connect(node.address(), 5_000);
    }
    return slow;
  }

  /** One byte every 200 ms, three times: never a whole message. */
  private static void trickle(List<Socket> slow) throws InterruptedException {
    for (int round = 0; round < 3; round++) {
      for (Socket s : slow) {
        try {
          s.getOutputStream().write(0);
        } catch (IOException e) {
          // closed by the server: what the caps and the deadline are for
        }
      }
      Thread.sleep(200);
    }
  }

  private static Map<?, ?> awaitClosed(DnsNode node, long atLeast) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Map<?, ?> tcp = (Map<?, ?>) node.status().get("tcp");
    while (((Number) tcp.get("deadlineClosed")).longValue() < atLeast
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
      tcp = (Map<?, ?>) node.status().get("tcp");
    }
    return tcp;
  }

  private static void close(List<Socket> sockets) throws IOException {
    for (Socket s : sockets) {
      s.close();
    }
  }

  @Test
  void oneClientAddressHoldsAtMostItsCap() throws Exception {
    DnsConfig config =
        TestZones.builder()
            .maxTcpConnectionsPerClient(5)
            .tcpMessageDeadline(Duration.ofSeconds(30))
            .build();
    List<Socket> held = new ArrayList<>();
    try (DnsNode node = DnsNode.start(config, new SimpleMeterRegistry(), ProbeAnswerer.NONE, 1)) {
      for (int i = 0; i < 8; i++) {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName("127.0.2.1"), 0));
        s.connect(node.address(), 5_000);
        s.setSoTimeout(10_000);
        held.add(s);
      }
      int closedByServer = 0;
      for (Socket s : held.subList(5, 8)) {
        closedByServer += readsEnd(s.getInputStream()) ? 1 : 0;
      }
      assertEquals(3, closedByServer, "the three over the cap");
      Map<?, ?> tcp = (Map<?, ?>) node.status().get("tcp");
      assertEquals(3L, ((Number) tcp.get("refusedClientCap")).longValue(), tcp.toString());
      assertEquals(5, ((Number) tcp.get("open")).intValue(), tcp.toString());
      assertEquals(true, tcp.get("accepting"));
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }

  private static boolean readsEnd(InputStream in) {
    try {
      return in.read() == -1;
    } catch (IOException e) {
      return true; // reset
    }
  }

  private static String dig(DnsNode node, String source) throws Exception {
    int port = node.address().getPort();
    boolean present = Files.isExecutable(Path.of("/usr/bin/dig"));
    assumeTrue(
        present || System.getenv("CI") != null, "dig not installed (apt-get install dnsutils)");
    Process p =
        new ProcessBuilder(
                "dig",
                "@127.0.0.1",
                "-p",
                Integer.toString(port),
                "-b",
                source,
                "+tcp",
                "+time=3",
                "+tries=3",
                "+short",
                "www.cdn.example",
                "A")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    return out;
  }
}
