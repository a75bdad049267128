package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The token server and its lease clients over real UDP sockets on loopback. */
class TokenServerTest {

  private static final KeyRing KEYS = KeyRing.ofText("token-server-test-key-0001");
  private static final InetSocketAddress ANY_LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  private static TokenServer server(List<CentralLimit> limits, TokenServerSettings s)
      throws InterruptedException {
    TokenServerCore core = new TokenServerCore(new LeaseCodec(KEYS), s, limits, System.nanoTime());
    return TokenServer.start(core, ANY_LOOPBACK);
  }

  /** A server for customer acme, 100 units/s with a burst of 100, default settings. */
  private static TokenServer acmeServer() throws InterruptedException {
    return server(List.of(new CentralLimit("acme", 100, 100)), TokenServerSettings.DEFAULTS);
  }

  /** A client of {@code server} with the default settings. */
  private static TokenLeaseClient client(TokenServer server) throws InterruptedException {
    return TokenLeaseClient.start(TokenLeaseClientConfig.builder(server.address(), KEYS).build());
  }

  @Test
  void threeClientsHoldTheGlobalLimit() throws Exception {
    TokenServerSettings s = TokenServerSettings.DEFAULTS.withLease(Duration.ofMillis(500));
    try (TokenServer server = server(List.of(new CentralLimit("acme", 200, 200)), s)) {
      List<TokenLeaseClient> clients = new ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          clients.add(
              TokenLeaseClient.start(
                  TokenLeaseClientConfig.builder(server.address(), KEYS)
                      .timeout(Duration.ofSeconds(1)) // generous: only grants count here
                      .policy(FailurePolicy.FAIL_CLOSED)
                      .build()));
        }
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(2);
        List<Thread> threads = new ArrayList<>();
        for (TokenLeaseClient c : clients) {
          Thread t =
              new Thread(
                  () -> {
                    int calls = 0;
                    try {
                      while (System.nanoTime() < end && calls++ < 500_000) {
                        if (!c.tryAcquire("acme", 1)
                            .toCompletableFuture()
                            .get(5, TimeUnit.SECONDS)) {
                          LockSupport.parkNanos(200_000);
                        }
                      }
                    } catch (Exception e) {
                      throw new AssertionError(e);
                    }
                  });
          t.start();
          threads.add(t);
        }
        for (Thread t : threads) {
          t.join(30_000);
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long admitted = 0;
        for (TokenLeaseClient c : clients) {
          admitted += c.counters().admitted();
          assertTrue(c.counters().admitted() > 0, "every client served: " + c.counters());
          assertEquals(0, c.counters().failedClosed(), "no timeouts: " + c.counters());
        }
        long requests = clients.stream().mapToLong(TokenLeaseClient::requestsSent).sum();
        System.out.printf(
            "token server, 3 clients, limit 200/s burst 200, lease 0.5 s: admitted %d in %.2f s"
                + " (bucket bound %.0f, with one lease %.0f), %d lease requests%n",
            admitted, elapsed, 200 + 200 * elapsed, 200 + 200 * (elapsed + 0.5), requests);
        // Bucket bound (burst + L t) plus at most one lease of grants spent late.
        assertTrue(
            admitted <= 200 + 200 * (elapsed + 0.5) + 10,
            "admitted " + admitted + " in " + elapsed + " s");
        assertTrue(admitted >= 200, "at least the burst: " + admitted);
        assertTrue(server.core().granted() <= 200 + 200 * (elapsed + 0.5));
        assertTrue(requests < admitted, "batches, not a call per request: " + requests);
      } finally {
        clients.forEach(TokenLeaseClient::close);
      }
    }
  }

  @Test
  void forgedReplayedAndMalformedRequestsChangeNothingAndAreCounted() throws Exception {
    // Refill of 1 token per 1000 s: the bucket does not move during the test.
    try (TokenServer server =
            server(List.of(new CentralLimit("acme", 0.001, 1000)), TokenServerSettings.DEFAULTS);
        DatagramSocket sock = new DatagramSocket(ANY_LOOPBACK)) {
      sock.setSoTimeout(300);
      LeaseCodec codec = new LeaseCodec(KEYS);
      byte[] valid =
          codec.encode(new LeaseCodec.Request(42, 1, System.currentTimeMillis(), 10, "acme"));
      send(sock, valid, server.address());
      LeaseCodec.Grant g = receiveGrant(sock, codec);
      assertEquals(1, g.granted(), "batch cap: limit x 0.1 s, at least 1");
      assertEquals(1, g.seq());
      long before = server.available("acme");
      assertEquals(999, before);

      send(sock, valid, server.address()); // replay
      assertThrows(SocketTimeoutException.class, () -> receiveGrant(sock, codec));
      LeaseCodec forger = new LeaseCodec(KeyRing.ofText("not-the-fleet-key-00000"));
      send(
          sock,
          forger.encode(new LeaseCodec.Request(43, 1, System.currentTimeMillis(), 10, "acme")),
          server.address());
      assertThrows(SocketTimeoutException.class, () -> receiveGrant(sock, codec));
      send(sock, new byte[] {1, 2, 3}, server.address());
      send(sock, new byte[1000], server.address());
      byte[] stale =
          codec.encode(
              new LeaseCodec.Request(44, 1, System.currentTimeMillis() - 60_000, 10, "acme"));
      send(sock, stale, server.address());
      assertThrows(SocketTimeoutException.class, () -> receiveGrant(sock, codec));

      assertEquals(before, server.available("acme"), "nothing spent");
      assertEquals(1, server.core().refused(LeaseRefusal.REPLAYED));
      assertEquals(1, server.core().refused(LeaseRefusal.BAD_MAC));
      assertEquals(2, server.core().refused(LeaseRefusal.MALFORMED));
      assertEquals(1, server.core().refused(LeaseRefusal.STALE));
      assertEquals(1, server.core().requests());
    }
  }

  /**
   * The client's socket is connected to the server: grants sent from anywhere else, forged, validly
   * signed or junk, never reach it, and it leases on as before.
   */
  @Test
  void grantsFromAnyoneButTheServerNeverReachTheClient() throws Exception {
    try (TokenServer server = acmeServer();
        TokenLeaseClient client = client(server);
        DatagramSocket sock = new DatagramSocket(ANY_LOOPBACK)) {
      assertTrue(client.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      long leased = client.tokensLeased();
      LeaseCodec forger = new LeaseCodec(KeyRing.ofText("not-the-fleet-key-00000"));
      LeaseCodec codec = new LeaseCodec(KEYS);
      send(
          sock,
          forger.encode(new LeaseCodec.Grant(1, 1, 1_000_000, 60_000, 0, false, "acme")),
          client.localAddress());
      send(
          sock,
          codec.encode(new LeaseCodec.Grant(1, 1, 1_000_000, 60_000, 0, false, "acme")),
          client.localAddress());
      send(sock, new byte[] {9, 9, 9}, client.localAddress());
      Thread.sleep(500);
      for (LeaseRefusal r : LeaseRefusal.values()) {
        assertEquals(0, client.refused(r), "nothing from another address arrives: " + r);
      }
      assertEquals(leased, client.tokensLeased(), "no token from a grant sent by another");
      assertTrue(client.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      io.micrometer.core.instrument.simple.SimpleMeterRegistry reg =
          new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
      client.bindTo(reg);
      assertEquals(
          0.0,
          reg.get("alm_token_lease_refused").tag("reason", "bad_mac").functionCounter().count());
      assertEquals(
          2.0,
          reg.get("alm_token_lease_decisions")
              .tag("outcome", "admitted")
              .functionCounter()
              .count());
    }
  }

  @Test
  void serverStoppedMidRunFollowsThePolicyAndLeasesExpire() throws Exception {
    TokenServerSettings s = TokenServerSettings.DEFAULTS.withLease(Duration.ofMillis(200));
    TokenServer server = server(List.of(new CentralLimit("acme", 10_000, 10_000)), s);
    TokenLeaseClient open = null;
    TokenLeaseClient closed = null;
    try {
      open =
          TokenLeaseClient.start(
              TokenLeaseClientConfig.builder(server.address(), KEYS)
                  .policy(FailurePolicy.FAIL_OPEN)
                  .build());
      closed =
          TokenLeaseClient.start(
              TokenLeaseClientConfig.builder(server.address(), KEYS)
                  .policy(FailurePolicy.FAIL_CLOSED)
                  .build());
      OpenAndClosed both = new OpenAndClosed(open, closed);
      both.ask("acme", 20);
      assertTrue(open.counters().admitted() > 0 && closed.counters().admitted() > 0);
      server.close();
      Thread.sleep(400); // two leases: every unspent token is void
      assertEquals(0, open.leased("acme"));
      assertEquals(0, closed.leased("acme"));
      both.assertPoliciesWhileDown("acme", 50);
      assertTrue(open.counters().failedOpen() >= 50, open.counters().toString());
      assertTrue(closed.counters().failedClosed() >= 50, closed.counters().toString());
      assertTrue(open.counters().timeouts() >= 1, "at least one request timed out");
      assertTrue(open.tokensVoided() > 0 || closed.tokensVoided() > 0, "leases voided");
    } finally {
      server.close();
      if (open != null) {
        open.close();
      }
      if (closed != null) {
        closed.close();
      }
    }
  }

  @Test
  void aLateGrantIsSpentOnceAndOneTimeoutDoesNotTakeTheServerForDown() throws Exception {
    LeaseCodec codec = new LeaseCodec(KEYS);
    try (DatagramSocket fake = new DatagramSocket(ANY_LOOPBACK);
        TokenLeaseClient client =
            TokenLeaseClient.start(
                TokenLeaseClientConfig.builder(
                        (InetSocketAddress) fake.getLocalSocketAddress(), KEYS)
                    .timeout(Duration.ofMillis(50))
                    .policy(FailurePolicy.FAIL_CLOSED)
                    .build())) {
      fake.setSoTimeout(5000);
      // The call waits for a grant that comes too late: the policy answers it.
      assertFalse(client.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      byte[] buf = new byte[512];
      DatagramPacket p = new DatagramPacket(buf, buf.length);
      fake.receive(p);
      LeaseCodec.Request r =
          ((LeaseCodec.Valid<LeaseCodec.Request>) codec.decodeRequest(buf, 0, p.getLength()))
              .message();
      byte[] grant =
          codec.encode(new LeaseCodec.Grant(r.client(), r.seq(), 5, 60_000, 0, false, "acme"));
      send(fake, grant, (InetSocketAddress) p.getSocketAddress());
      send(fake, grant, (InetSocketAddress) p.getSocketAddress()); // and a duplicate
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (client.refused(LeaseRefusal.UNSOLICITED) < 1 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(1, client.lateGrants());
      assertEquals(1, client.refused(LeaseRefusal.UNSOLICITED), "the duplicate");
      assertEquals(5, client.tokensLeased());
      // One timeout: not down, and the late tokens serve the next calls with no network call.
      for (int i = 0; i < 5; i++) {
        assertTrue(client.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      }
      assertEquals(0, client.counters().unavailable());
      assertEquals(1, client.counters().failedClosed());
    }
  }

  @Test
  void unknownCustomerIsAdmittedAndCounted() throws Exception {
    try (TokenServer server = acmeServer();
        TokenLeaseClient client = client(server)) {
      assertTrue(client.tryAcquire("nobody", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      assertTrue(client.tryAcquire("nobody", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
      assertEquals(2, client.counters().unknownCustomer());
      assertEquals(2L, ((Map<?, ?>) client.status().get("decisions")).get("unknownCustomer"));
      assertEquals(1, server.core().unknownCustomers(), "the second call asked no one");
    }
  }

  private static void send(DatagramSocket s, byte[] b, InetSocketAddress to) throws Exception {
    s.send(new DatagramPacket(b, b.length, to));
  }

  private static LeaseCodec.Grant receiveGrant(DatagramSocket s, LeaseCodec codec)
      throws Exception {
    byte[] buf = new byte[512];
    DatagramPacket p = new DatagramPacket(buf, buf.length);
    s.receive(p);
    LeaseCodec.Decoded<LeaseCodec.Grant> d = codec.decodeGrant(buf, 0, p.getLength());
    return ((LeaseCodec.Valid<LeaseCodec.Grant>) d).message();
  }
}
