package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.node.AdminAccess;
import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitMode;
import dev.alm.proxy.limit.ShareSource;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Customers' limits through real loopback sockets: per-client limits by address, {@code POST
 * /customers} (authenticated, validated, atomic), the per-customer status and metrics, and a
 * customer's responses paced to its byte share.
 */
class CustomerLimitServerTest {

  static {
    NettyLeaks.install();
  }

  private static final String TOKEN = "customers-admin-token-0123";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ProxyConfig.Builder base(CustomerSpec... customers) {
    return ProxyConfig.builder()
        .listen(new HostPort("127.0.0.1", 0))
        .admin(new HostPort("127.0.0.1", 0))
        .pop("p1")
        .capacity(1e6)
        .ioThreads(2)
        .customers(CustomersConfig.NONE.withCustomers(List.of(customers)));
  }

  private static HttpTestClient.Response post(InetSocketAddress admin, String body, String auth)
      throws Exception {
    try (HttpTestClient c = new HttpTestClient(admin)) {
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      c.sendRaw(
          "POST /customers HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              + (auth == null ? "" : "Authorization: Bearer " + auth + "\r\n")
              + "Content-Type: application/json\r\nContent-Length: "
              + b.length
              + "\r\nConnection: close\r\n\r\n"
              + body);
      return c.read();
    }
  }

  @Test
  void perClientLimitsAreKeyedByAddress() throws Exception {
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 1e6, 0, 1, 1, LimitMode.INDEPENDENT);
    try (ProxyServer s = ProxyServer.start(base(acme).build())) {
      for (String local : List.of("127.0.0.2", "127.0.0.3")) {
        try (HttpTestClient c = new HttpTestClient(s.address(), InetAddress.getByName(local))) {
          assertEquals(200, c.get("acme.example", "/").status(), local);
          HttpTestClient.Response r = c.get("acme.example", "/");
          assertEquals(429, r.status(), "the second request of " + local + " within its second");
          assertTrue(Long.parseLong(r.header("Retry-After")) >= 1);
        }
      }
      assertEquals(2, s.node().customers().match("acme.example").state().rejected());
    }
  }

  @Test
  void postCustomersIsAuthenticatedValidatedAndAtomic() throws Exception {
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 1e-3, 0, 1, 0, LimitMode.INDEPENDENT);
    ProxyConfig cfg = base(acme).adminAccess(AdminAccess.withToken(KeyRing.ofText(TOKEN))).build();
    try (ProxyServer s = ProxyServer.start(cfg);
        HttpTestClient c = new HttpTestClient(s.address())) {
      InetSocketAddress admin = s.adminAddress();
      assertEquals(200, c.get("acme.example", "/").status());
      assertEquals(429, c.get("acme.example", "/").status());
      String raise =
          "{\"customers\": [{\"name\": \"acme\", \"hosts\": [\"acme.example\"],"
              + " \"requestsPerSecond\": 1000, \"mode\": \"independent\"},"
              + " {\"name\": \"beta\", \"hosts\": \".beta.example\", \"requestsPerSecond\": 0.001,"
              + " \"mode\": \"static\"}]}";
      assertEquals(401, post(admin, raise, null).status(), "no token");
      assertEquals(401, post(admin, raise, "wrong-token-wrong-token").status());
      assertEquals(429, c.get("acme.example", "/").status(), "nothing changed");
      HttpTestClient.Response bad = post(admin, raise.replace("\"static\"", "\"fastest\""), TOKEN);
      assertEquals(400, bad.status());
      assertEquals(
          "POST /customers:customers[1].mode: expected drl, independent, static or central, got"
              + " 'fastest'\n",
          bad.text());
      assertEquals(400, post(admin, "{\"customers\": [", TOKEN).status());
      assertEquals(429, c.get("acme.example", "/").status(), "a refused body changes nothing");
      assertEquals(2, s.node().customers().updatesRefused());
      HttpTestClient.Response ok = post(admin, raise, TOKEN);
      assertEquals(200, ok.status(), ok.text());
      assertEquals(2, JSON.readTree(ok.body()).get("customers").size());
      assertEquals(200, c.get("acme.example", "/").status(), "the new limit applies at once");
      assertEquals(200, c.get("www.beta.example", "/").status());
      assertEquals(429, c.get("www.beta.example", "/").status());
      try (HttpTestClient st = new HttpTestClient(admin)) {
        JsonNode status = JSON.readTree(st.get("127.0.0.1", "/status").body());
        JsonNode a = status.get("customers").get(0);
        assertEquals("acme", a.get("name").asText());
        assertEquals(1000, a.get("limit").asDouble());
        assertEquals(1000, a.get("share").asDouble());
        assertEquals(2, a.get("served").asLong(), "counters survive the change");
        assertEquals(3, a.get("rejected").asLong());
        assertEquals(0, a.get("peers").asInt());
        assertEquals("independent", a.get("mode").asText());
        assertEquals("static", status.get("customers").get(1).get("mode").asText());
        String metrics = new String(st.get("127.0.0.1", "/metrics").body());
        assertTrue(
            metrics.contains(
                "alm_customer_requests_total{customer=\"acme\",outcome=\"rejected\",pop=\"p1\"}"
                    + " 3.0"),
            metrics);
        assertTrue(
            metrics.contains("alm_customer_limit{customer=\"beta\",pop=\"p1\"} 0.001"), metrics);
        assertTrue(metrics.contains("alm_customer_share{customer=\"acme\",pop=\"p1\"} 1000.0"));
        assertTrue(
            metrics.contains("alm_customer_updates_total{outcome=\"refused\",pop=\"p1\"} 2.0"));
      }
    }
  }

  @Test
  void aCustomersResponsesArePacedToItsByteShare() throws Exception {
    CustomerSpec video =
        new CustomerSpec(
            "video", List.of("video.example"), 0, 200_000, 1, 0, LimitMode.INDEPENDENT);
    try (ProxyServer s = ProxyServer.start(base(video).build());
        HttpTestClient c = new HttpTestClient(s.address())) {
      long t0 = System.nanoTime();
      HttpTestClient.Response r = c.get("other.example", "/bytes/1000000");
      double unpaced = (System.nanoTime() - t0) / 1e9;
      assertEquals(1_000_000, r.body().length);
      t0 = System.nanoTime();
      r = c.get("video.example", "/bytes/1000000");
      double paced = (System.nanoTime() - t0) / 1e9;
      assertEquals(200, r.status());
      assertEquals(1_000_000, r.body().length);
      // 1 MB at 200 kB/s is 5 s: at least 3.5 s allows for the pacer's first burst
      assertTrue(paced >= 3.5, "1 MB paced at 200 kB/s took " + paced + " s");
      assertTrue(paced < 30, "took " + paced + " s");
      assertTrue(unpaced < paced, "another host is not paced: " + unpaced + " s");
      assertEquals(1_000_000, s.node().customers().match("video.example").state().bytes());
    }
  }

  @Test
  void originResponsesArePacedAndRejectionsNeverReachTheOrigin() throws Exception {
    CustomerSpec video =
        new CustomerSpec(
            "video", List.of(".video.example"), 0.01, 200_000, 1, 0, LimitMode.INDEPENDENT);
    ProxyConfig originCfg =
        ProxyConfig.builder()
            .listen(new HostPort("127.0.0.1", 0))
            .pop("origin")
            .capacity(1e6)
            .ioThreads(1)
            .build();
    try (ProxyServer origin = ProxyServer.start(originCfg)) {
      ProxyConfig cfg =
          base(video)
              .content(ContentConfig.proxy(new HostPort("127.0.0.1", origin.address().getPort())))
              .build();
      try (ProxyServer s = ProxyServer.start(cfg);
          HttpTestClient c = new HttpTestClient(s.address())) {
        long t0 = System.nanoTime();
        HttpTestClient.Response r = c.get("www.video.example", "/bytes/400000");
        double paced = (System.nanoTime() - t0) / 1e9;
        assertEquals(200, r.status());
        assertEquals(400_000, r.body().length);
        assertEquals("p1", r.header("X-Alm-Pop"));
        // 400 kB at 200 kB/s: 2 s; at least 1.2 s
        assertTrue(paced >= 1.2, "400 kB paced at 200 kB/s took " + paced + " s");
        // one request per 100 s: the next is refused here, not at the origin
        HttpTestClient.Response refused = c.get("www.video.example", "/bytes/10");
        assertEquals(429, refused.status());
        assertEquals(1, origin.node().requests(), "the origin saw only the served request");
      }
    }
  }

  /**
   * A DRL customer whose share at this PoP had fallen to 0 (its demand was elsewhere): the first
   * 429s when demand arrives here name a wait of at most 2 s (they named 1,000 s, the refill of the
   * emptied bucket), and once the share has come back a client that waited that long is served.
   */
  @Test
  void aRejectionAfterAZeroShareNamesASmallRetryAfter() throws Exception {
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 50, 0, 1, 0, LimitMode.DRL);
    double[] share = {0};
    ShareSource agent =
        new ShareSource() {
          @Override
          public double share(String customer) {
            return share[0];
          }

          @Override
          public void arrived(String customer, long units) {}
        };
    try (ProxyServer s =
            ProxyServer.start(
                base(acme).build(),
                new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
                    io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT),
                Clocks.SYSTEM,
                agent,
                null);
        HttpTestClient c = new HttpTestClient(s.address())) {
      Thread.sleep(3 * CustomerLimits.REFRESH_NANOS / 1_000_000); // the zero share is read
      HttpTestClient.Response r = c.get("acme.example", "/");
      for (int i = 0; i < 5 && r.status() != 429; i++) {
        r = c.get("acme.example", "/");
      }
      assertEquals(429, r.status());
      long retryAfter = Long.parseLong(r.header("Retry-After"));
      System.out.printf("a 429 at a share of 0: Retry-After %d s%n", retryAfter);
      assertTrue(retryAfter >= 1 && retryAfter <= 2, "Retry-After " + retryAfter);
      share[0] = 25; // the agent gives this PoP its part of the limit
      Thread.sleep(retryAfter * 1000);
      assertEquals(200, c.get("acme.example", "/").status(), "admitted after Retry-After");
    }
  }

  @AfterAll
  static void noLeaks() throws InterruptedException {
    assertEquals(List.of(), NettyLeaks.leaks());
  }
}
