package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Idle connections to a real admin server on loopback, from a few 127.0.0.x addresses: the caps per
 * address and in all close the excess at accept, the request deadline closes the rest, and an
 * ordinary {@code GET /status} from another address is still answered.
 */
class AdminServerLimitsTest {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private AdminServer server;

  private AdminEndpoints endpoints() {
    return AdminEndpoints.builder().status(() -> Map.of("x", 0.5)).metrics(registry).build();
  }

  @AfterEach
  void close() {
    if (server != null) {
      server.close();
    }
    registry.close();
  }

  private static String line(String response) {
    return IdleClients.statusLine(response);
  }

  @Test
  void idleConnectionsFromOneAddressAreCappedAndClosedAtTheDeadline() throws Exception {
    server = AdminServer.start(new InetSocketAddress("127.0.0.1", 0), endpoints());
    InetSocketAddress at = server.address();
    try (IdleClients idle = new IdleClients()) {
      idle.open("127.0.0.2", at, 40, "");
      // 32 per address by default: the other 8 are closed at accept, long before the deadline
      assertTrue(idle.awaitClosed(8, 8_000) >= 8, "the connections over the per-address cap");
      assertEquals("HTTP/1.1 200 OK", line(IdleClients.get("127.0.0.1", at, "/status")));
      // the held ones sent nothing: closed at the 10 s request deadline
      assertEquals(40, idle.awaitClosed(40, 60_000), "every idle connection closed");
    }
    String metrics = IdleClients.get("127.0.0.1", at, "/metrics");
    assertTrue(
        metrics.contains("alm_admin_connections_refused_total{reason=\"client-cap\"} 8.0"),
        metrics);
    assertTrue(metrics.contains("alm_admin_deadline_closed_total 32.0"), metrics);
  }

  @Test
  void capsPerAddressAndInAllLeaveRoomUntilTheTotalIsReached() throws Exception {
    AdminLimits limits =
        AdminLimits.builder()
            .maxConnections(30)
            .maxConnectionsPerClient(8)
            .requestDeadline(Duration.ofSeconds(60))
            .idleTimeout(Duration.ofSeconds(120))
            .build();
    server =
        AdminServer.start(
            new InetSocketAddress("127.0.0.1", 0), endpoints(), AdminAccess.LOOPBACK_ONLY, limits);
    InetSocketAddress at = server.address();
    try (IdleClients a = new IdleClients();
        IdleClients b = new IdleClients()) {
      a.open("127.0.0.2", at, 12, "");
      a.open("127.0.0.3", at, 12, "");
      a.open("127.0.0.4", at, 12, "");
      assertEquals(12, a.awaitClosed(12, 15_000), "4 over the per-address cap of each");
      // 24 held, room for 6 more: another address is served
      assertEquals("HTTP/1.1 200 OK", line(IdleClients.get("127.0.0.1", at, "/status")));
      b.open("127.0.0.5", at, 12, "");
      assertEquals(6, b.awaitClosed(6, 15_000), "6 over the cap in all");
      Thread.sleep(500);
      assertEquals(12, a.closed(), "the held ones stay open until their deadline");
      assertEquals(6, b.closed());
      assertEquals(30, server.listener().guard().open());
      // full: the next connection is closed at accept, whoever sends it
      String refused = IdleClients.get("127.0.0.6", at, "/status");
      assertTrue(!refused.startsWith("HTTP/1.1 200"), refused);
    }
    // the clients are gone: the server serves again
    String status = "";
    long end = System.nanoTime() + 15_000_000_000L;
    while (!status.startsWith("HTTP/1.1 200") && System.nanoTime() < end) {
      Thread.sleep(100);
      status = IdleClients.get("127.0.0.6", at, "/status");
    }
    assertEquals("HTTP/1.1 200 OK", line(status));
    String metrics = IdleClients.get("127.0.0.1", at, "/metrics");
    assertTrue(
        metrics.contains("alm_admin_connections_refused_total{reason=\"client-cap\"} 12.0"),
        metrics);
    assertTrue(
        metrics.contains("alm_admin_connections_refused_total{reason=\"total-cap\"}"), metrics);
    Map<String, Object> admin = server.status();
    assertEquals(30, admin.get("maxConnections"));
    assertEquals(8, admin.get("maxConnectionsPerClient"));
    assertEquals(12L, admin.get("refusedClientCap"));
    assertTrue((Long) admin.get("refusedTotalCap") >= 7, admin.toString());
  }

  @Test
  void aConnectionLeftIdleAfterItsRequestIsClosed() throws Exception {
    AdminLimits limits = AdminLimits.builder().idleTimeout(Duration.ofSeconds(1)).build();
    server =
        AdminServer.start(
            new InetSocketAddress("127.0.0.1", 0), endpoints(), AdminAccess.LOOPBACK_ONLY, limits);
    InetSocketAddress at = server.address();
    try (IdleClients idle = new IdleClients()) {
      idle.open(
          "127.0.0.2",
          at,
          3,
          "GET /status HTTP/1.1\r\nHost: 127.0.0.1:" + at.getPort() + "\r\n\r\n");
      assertEquals(3, idle.awaitClosed(3, 30_000), "closed after a second idle");
    }
    assertEquals(0, server.listener().deadlineClosed(), "answered: not a deadline close");
  }
}
