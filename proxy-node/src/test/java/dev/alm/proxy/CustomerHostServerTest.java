package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The customer of a request is the one the origin serves, through real loopback sockets: an
 * absolute-form target names the host (RFC 9112 section 3.2.2) and reaches the origin in
 * origin-form with that Host; a Host the proxy cannot read exactly is 400, never forwarded.
 */
class CustomerHostServerTest {

  static {
    NettyLeaks.install();
  }

  @Test
  void theTargetsAuthorityPicksTheCustomerAndIsTheHostTheOriginSees() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    HttpServer origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    origin.createContext(
        "/",
        x -> {
          seen.add(x.getRequestHeaders().getFirst("Host") + " " + x.getRequestURI());
          byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
          x.sendResponseHeaders(200, body.length);
          x.getResponseBody().write(body);
          x.close();
        });
    origin.start();
    // one request, then 429 for a long time
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 1e-3, 0, 1, 0, LimitMode.INDEPENDENT);
    ProxyConfig cfg =
        OriginProxy.config(new HostPort("127.0.0.1", origin.getAddress().getPort()), acme);
    try (ProxyServer s = ProxyServer.start(cfg)) {
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        assertEquals(200, c.get("acme.example", "/a").status());
        c.sendRaw("GET http://acme.example/b HTTP/1.1\r\nHost: other.example\r\n\r\n");
        assertEquals(429, c.read().status(), "counted against acme, over its limit");
        c.sendRaw("GET http://Other.Example:8080?q=1 HTTP/1.1\r\nHost: acme.example\r\n\r\n");
        HttpTestClient.Response other = c.read();
        assertEquals(200, other.status(), "not acme's, whatever its Host header says");
      }
      for (String host : List.of("acme.example:80:80", "acme.example:80 :80", "acme.example,x")) {
        try (HttpTestClient c = new HttpTestClient(s.address())) {
          c.sendRaw("GET /c HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
          assertEquals(400, c.read().status(), host);
          assertTrue(c.closedByServer(), host);
        }
      }
      CustomerLimiter a = s.node().customers().match("acme.example");
      assertEquals(1, a.state().served());
      assertEquals(1, a.state().rejected());
      assertEquals(3, s.node().badRequests());
      assertEquals(List.of("acme.example /a", "other.example:8080 /?q=1"), seen);
    } finally {
      origin.stop(0);
    }
  }
}
