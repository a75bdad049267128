package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Admin writes through real sockets: token, origin and host checks, and their counters. */
class AdminServerAccessTest {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final AtomicReference<Double> x = new AtomicReference<>(0.5);
  private AdminServer server;

  private void start(AdminAccess access) throws Exception {
    AdminEndpoints e = XEndpoints.of(x, registry).build();
    server = AdminServer.start(new InetSocketAddress("127.0.0.1", 0), e, access);
  }

  @AfterEach
  void close() {
    if (server != null) {
      server.close();
    }
    registry.close();
  }

  /** Sends one raw request, returns the status line. */
  private String send(String method, String path, String... headers) throws Exception {
    int port = server.address().getPort();
    StringBuilder req =
        new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
    for (String h : headers) {
      req.append(h).append("\r\n");
    }
    req.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      return all.substring(0, all.indexOf("\r\n"));
    }
  }

  private String origin() {
    return "Origin: http://127.0.0.1:" + server.address().getPort();
  }

  @Test
  void tokenGuardsWritesAndCrossOriginIsRefusedAndCounted() throws Exception {
    start(AdminAccess.withToken(KeyRing.ofText("token-0123456789abcdef")));
    assertEquals("HTTP/1.1 401 Unauthorized", send("POST", "/x?value=0.05"));
    assertEquals(
        "HTTP/1.1 401 Unauthorized",
        send("POST", "/x?value=0.05", "Authorization: Bearer token-0123456789abcdeX"));
    assertEquals(0.5, x.get());
    assertEquals(
        "HTTP/1.1 403 Forbidden",
        send(
            "POST",
            "/x?value=0.05",
            "Authorization: Bearer token-0123456789abcdef",
            "Origin: http://evil.example"));
    assertEquals(0.5, x.get());
    assertEquals(
        "HTTP/1.1 200 OK",
        send("POST", "/x?value=0.25", "Authorization: Bearer token-0123456789abcdef", origin()));
    assertEquals(0.25, x.get());
    assertEquals("HTTP/1.1 200 OK", send("GET", "/status"));
    String metrics = scrape();
    assertTrue(metrics.contains("alm_admin_refused_total{reason=\"unauthorized\"} 2.0"), metrics);
    assertTrue(metrics.contains("alm_admin_refused_total{reason=\"cross-origin\"} 1.0"), metrics);
  }

  @Test
  void withoutATokenBrowsersOnOtherOriginsAndRebindingNamesAreRefused() throws Exception {
    start(AdminAccess.LOOPBACK_ONLY);
    assertEquals(
        "HTTP/1.1 403 Forbidden", send("POST", "/x?value=0.05", "Origin: http://evil.example"));
    assertEquals(
        "HTTP/1.1 403 Forbidden", send("POST", "/x?value=0.05", "Sec-Fetch-Site: cross-site"));
    assertEquals(0.5, x.get());
    assertEquals("HTTP/1.1 200 OK", send("POST", "/x?value=0.75", origin()));
    assertEquals(0.75, x.get());
    assertEquals("HTTP/1.1 200 OK", send("POST", "/x?value=0.7"));
    assertEquals(0.7, x.get());
    // a page served from a DNS-rebound name that resolves to 127.0.0.1 may not even read
    String rebound = sendWithHost("evil.example:80");
    assertEquals("HTTP/1.1 403 Forbidden", rebound);
    assertTrue(scrape().contains("alm_admin_refused_total{reason=\"not-loopback\"} 1.0"));
  }

  @Test
  void refusesToServeOutsideLoopbackWithoutAToken() {
    PrometheusMeterRegistry r = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    try (NodeAdmin admin = NodeAdmin.sharing(r)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  admin.serve(
                      HostPort.parse("0.0.0.0:0"),
                      AdminAccess.LOOPBACK_ONLY,
                      routes -> routes.status(Map::of)));
      assertTrue(e.getMessage().contains("needs a token file"), e.getMessage());
      assertEquals(null, admin.address());
    } finally {
      r.close();
    }
  }

  private String sendWithHost(String host) throws Exception {
    int port = server.address().getPort();
    String req = "GET /status HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(req.getBytes(StandardCharsets.US_ASCII));
      String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      return all.substring(0, all.indexOf("\r\n"));
    }
  }

  private String scrape() {
    return registry.scrape();
  }
}
