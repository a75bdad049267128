package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.io.Clocks;
import dev.alm.node.HostPort;
import dev.alm.proxy.fuzz.NettyLeaks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy over real loopback sockets, its meters on a test clock so that nothing depends on the
 * machine's speed. Netty's leak detector runs at PARANOID level and the class ends by checking that
 * no buffer leaked.
 */
class ProxyServerTest {

  static {
    NettyLeaks.install();
  }

  private static final long SECOND = ManualClock.SECOND;
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A proxy whose connections never age: these tests move the proxy's clock by seconds while one
   * connection pipelines its requests (the age limit has its own, ConnectionAgeTest).
   */
  private static ProxyConfig.Builder base() {
    return ProxyConfig.builder()
        .listen(new HostPort("127.0.0.1", 0))
        .pop("p1")
        .ioThreads(2)
        .limits(HttpLimits.builder().maxConnectionAge(java.time.Duration.ZERO).build());
  }

  @Test
  void meterAndAccessLogSwitchOffAndOnThroughTheAdminApi(@TempDir Path dir) throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg =
        base()
            .capacity(1e6)
            .admin(new HostPort("127.0.0.1", 0))
            .accessLog(dir.resolve("access.csv"))
            .build();
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, System::currentTimeMillis));
        HttpTestClient c = new HttpTestClient(s.address());
        HttpTestClient admin = new HttpTestClient(s.adminAddress())) {
      assertEquals(200, c.get("cdn.example", "/bytes/10").status());
      admin.sendRaw(
          "POST /measure?value=0 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
      assertEquals(200, admin.read().status());
      admin.sendRaw("POST /log?value=0 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
      HttpTestClient.Response off = admin.read();
      assertEquals(200, off.status());
      JsonNode j = JSON.readTree(off.body());
      assertEquals(false, j.get("measure").asBoolean());
      assertEquals(false, j.get("accessLogging").asBoolean());
      for (int i = 0; i < 5; i++) {
        assertEquals(200, c.get("cdn.example", "/bytes/10").status());
      }
      admin.sendRaw("POST /log?value=2 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
      assertEquals(400, admin.read().status());
      clock.set(clock.start() + 5 * SECOND);
      assertEquals(
          1,
          s.node().meter().read(clock.getAsLong()).total(),
          "only the request before the switch");
    }
    List<String> lines = Files.readAllLines(dir.resolve("access.csv"));
    assertEquals(2, lines.size(), "header and the one request logged before the switch: " + lines);
  }

  @Test
  void meterReportsTenThousandRequestsAtAKnownRateWithinTwoPercent() throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg = base().capacity(1e6).admin(new HostPort("127.0.0.1", 0)).build();
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, System::currentTimeMillis));
        HttpTestClient c = new HttpTestClient(s.address())) {
      // 10,000 requests at 2,000/s of the proxy's clock: pipelined batches of 10 every 5 ms
      double rate = 2000;
      int batch = 10;
      long step = (long) (batch * SECOND / rate);
      for (int i = 0; i < 10_000; i += batch) {
        clock.set(clock.start() + (i / batch) * step);
        for (int k = 0; k < batch; k++) {
          c.send("cdn.example", "/bytes/100");
        }
        for (int k = 0; k < batch; k++) {
          HttpTestClient.Response r = c.read();
          assertEquals(200, r.status());
          assertEquals(100, r.body().length);
        }
      }
      clock.set(clock.start() + 5 * SECOND);
      LoadMeter.Reading reading = s.node().meter().read(clock.getAsLong());
      assertEquals(10_000, reading.total());
      assertEquals(rate, reading.rate(), 0.02 * rate, "S over the last control interval");
      assertEquals(rate, reading.ewma(), 0.02 * rate, "EWMA of a steady rate");
      System.out.printf(
          "meter: %d requests sent at %.0f/s, S = %.1f/s, EWMA = %.1f/s%n",
          reading.total(), rate, reading.rate(), reading.ewma());
      try (HttpTestClient admin = new HttpTestClient(s.adminAddress())) {
        HttpTestClient.Response st = admin.get("localhost", "/status");
        assertEquals(200, st.status());
        JsonNode j = JSON.readTree(st.body());
        assertEquals(rate, j.get("S").asDouble(), 0.02 * rate);
        assertEquals(1e6, j.get("T").asDouble());
        assertTrue(j.has("R") && j.has("shed"));
        HttpTestClient.Response m = admin.get("localhost", "/metrics");
        assertEquals(200, m.status());
        assertTrue(m.text().contains("alm_proxy_requests_total{pop=\"p1\"} 10000.0"), m.text());
        assertTrue(m.text().contains("alm_proxy_load{pop=\"p1\"} 2000.0"));
        assertEquals(404, admin.get("localhost", "/nope").status());
      }
    }
  }

  @Test
  void probeCountsAreExactByCategoryAndOrigin() throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg =
        base().capacity(1e6).probeAuth(ProbeAuthConfig.off().withClientLimit(1e6, 1e6)).build();
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, System::currentTimeMillis));
        HttpTestClient c = new HttpTestClient(s.address())) {
      clock.advance(SECOND / 10); // out of the partial bucket the meters started in
      Map<ProbeName, Integer> plan =
          Map.of(
              new ProbeName("p1", "p1"),
              300,
              new ProbeName("p1", "p2"),
              200,
              new ProbeName("p1", "p3"),
              50,
              new ProbeName("p2", "p1"),
              70,
              new ProbeName("p3", "p2"),
              11);
      int sent = 0;
      for (Map.Entry<ProbeName, Integer> e : plan.entrySet()) {
        for (int i = 0; i < e.getValue(); i++) {
          boolean pathForm = i % 3 == 0;
          String host =
              pathForm
                  ? "cdn.example"
                  : e.getKey().host("cdn.example") + (i % 2 == 0 ? ":8080" : "");
          String path =
              pathForm
                  ? ProxyNode.PROBE_PATH + e.getKey().category() + "/" + e.getKey().origin()
                  : "/probe.gif?t=" + i;
          HttpTestClient.Response r = c.get(host, path);
          assertEquals(204, r.status());
          assertEquals("no-store", r.header("cache-control"));
          sent++;
        }
        assertEquals(200, c.get("cdn.example", "/x").status()); // ordinary requests in between
      }
      // upper case and a trailing dot are the same probe; a malformed name under fc is answered
      // as a probe and counted as refused, not as a request
      assertEquals(204, c.get("P1.P2.FC.CDN.EXAMPLE.", "/").status());
      assertEquals(204, c.get("a.b.c.fc.cdn.example", "/").status());
      assertEquals(1, s.node().probesRefused(ProbeVerdict.MALFORMED));
      clock.advance(SECOND);
      ProbeCounter p = s.node().probes();
      assertEquals(sent + 1, p.total());
      assertEquals(Map.of("p1", 551L, "p2", 70L, "p3", 11L), p.byCategory());
      assertEquals(Map.of("p1", 370L, "p2", 212L, "p3", 50L), p.byOrigin());
      for (Map.Entry<ProbeName, Integer> e : plan.entrySet()) {
        long extra = e.getKey().equals(new ProbeName("p1", "p2")) ? 1 : 0;
        assertEquals(e.getValue() + extra, p.count(e.getKey().category(), e.getKey().origin()));
      }
      assertEquals(551, p.ownTotal());
      assertEquals(
          551, p.ownWindow(clock.getAsLong()).count(), "all own probes in the last interval: R");
      assertEquals(plan.size(), s.node().requests(), "probes are not requests");
    }
  }

  @Test
  void sheddingStartsAtTheCeilingAndNeverShedsProbes() throws Exception {
    ManualClock clock = new ManualClock();
    // ceiling 125/s, burst 0.1 s = 12 requests; no per-address probe cap to speak of
    ProxyConfig cfg =
        base().capacity(100).probeAuth(ProbeAuthConfig.off().withClientLimit(1e6, 1e6)).build();
    try (ProxyServer s = ProxyServer.start(cfg, new Clocks(clock, System::currentTimeMillis));
        HttpTestClient c = new HttpTestClient(s.address())) {
      assertEquals(125, cfg.ceiling(), 1e-9);
      // 10 s at 120/s, just under the ceiling: nothing shed
      for (int i = 0; i < 1200; i++) {
        clock.advance(SECOND / 120);
        assertEquals(200, c.get("cdn.example", "/").status());
      }
      assertEquals(0, s.node().admission().shed());
      // 10 s at 250/s, twice the ceiling, with a probe after every request: half the requests shed,
      // no probe
      long admittedBefore = s.node().admission().admitted();
      int shed = 0;
      for (int i = 0; i < 2500; i++) {
        clock.advance(SECOND / 250);
        HttpTestClient.Response r = c.get("cdn.example", "/");
        if (r.status() == 503) {
          shed++;
          assertNotNull(r.header("retry-after"));
          assertTrue(Long.parseLong(r.header("retry-after")) >= 1);
        } else {
          assertEquals(200, r.status());
        }
        assertEquals(204, c.get("p1.p9.fc.cdn.example", "/").status());
      }
      long admitted = s.node().admission().admitted() - admittedBefore;
      // the ceiling admits 125/s for 10 s, plus at most the burst left from before
      assertTrue(admitted >= 1249 && admitted <= 1250 + 13, "admitted " + admitted);
      assertEquals(2500 - admitted, shed);
      assertEquals(shed, s.node().admission().shed());
      assertEquals(2500, s.node().probes().total());
      System.out.printf(
          "shedding: 2500 requests at 250/s against a ceiling of 125/s: %d admitted, %d shed%n",
          admitted, shed);
    }
  }

  @Test
  void pipelinedResponsesKeepOrderAndLimitsAreEnforced() throws Exception {
    try (ProxyServer s = ProxyServer.start(base().build())) {
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 50; i++) {
          many.append("GET /bytes/").append(i).append(" HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
        }
        c.sendRaw(many.toString());
        for (int i = 0; i < 50; i++) {
          HttpTestClient.Response r = c.read();
          assertEquals(200, r.status());
          assertEquals(i, r.body().length);
        }
        assertEquals(1024, c.get("cdn.example", "/anything").body().length);
        assertEquals(404, c.get("cdn.example", "/bytes/notanumber").status());
      }
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        c.sendRaw(
            "GET / HTTP/1.1\r\nHost: cdn.example\r\nX-Big: " + "a".repeat(10_000) + "\r\n\r\n");
        assertEquals(431, c.read().status());
        assertTrue(c.closedByServer());
      }
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        c.sendRaw("GET /" + "a".repeat(5000) + " HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
        assertEquals(414, c.read().status());
      }
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        c.sendRaw("POST / HTTP/1.1\r\nHost: cdn.example\r\nContent-Length: 2000000\r\n\r\n");
        assertEquals(413, c.read().status());
      }
      try (HttpTestClient c = new HttpTestClient(s.address())) {
        c.sendRaw("GET / HTTP/1.0\r\nHost: cdn.example\r\n\r\n");
        assertEquals(200, c.read().status());
        assertTrue(c.closedByServer(), "HTTP/1.0 without keep-alive closes");
      }
      assertTrue(s.node().badRequests() >= 2);
    }
  }

  @Test
  void proxiesToAnOriginOverPooledConnections(@TempDir Path dir) throws Exception {
    try (ProxyServer originServer =
        ProxyServer.start(base().pop("origin").content(ContentConfig.generate(777)).build())) {
      HostPort o = new HostPort("127.0.0.1", originServer.address().getPort());
      ProxyConfig cfg =
          base()
              .content(ContentConfig.proxy(o))
              .accessLog(dir.resolve("access.csv"))
              .probeLog(dir.resolve("probes.csv"))
              .build();
      try (ProxyServer s = ProxyServer.start(cfg)) {
        try (HttpTestClient c = new HttpTestClient(s.address())) {
          for (int round = 0; round < 20; round++) {
            // pipelined: origin requests and probes answered in order
            c.send("cdn.example", "/bytes/" + round);
            c.send("p1.p2.fc.cdn.example", "/");
            c.send("cdn.example", "/");
            assertEquals(round, c.read().body().length);
            assertEquals(204, c.read().status());
            assertEquals(777, c.read().body().length);
          }
        }
        assertEquals(40, originServer.node().requests());
      }
      List<String> access = Files.readAllLines(dir.resolve("access.csv"));
      assertEquals(
          "ts,pop,client,host,path,status,bytes,latency_us,probe_category,probe_origin",
          access.get(0));
      assertEquals(61, access.size());
      assertTrue(
          access.stream()
              .anyMatch(l -> l.contains(",p1.p2.fc.cdn.example,/,204,0,") && l.endsWith(",p1,p2")),
          access.toString());
      assertTrue(access.stream().anyMatch(l -> l.contains(",cdn.example,/,200,777,")));
      List<String> probes = Files.readAllLines(dir.resolve("probes.csv"));
      assertEquals(21, probes.size());
      assertTrue(probes.get(1).endsWith(",p1,p2,p1"));
      // the origin stops: 502
      int port = originServer.address().getPort();
      originServer.close();
      ProxyConfig dead =
          base()
              .content(
                  new ContentConfig(
                      ContentConfig.Mode.PROXY,
                      0,
                      new HostPort("127.0.0.1", port),
                      4,
                      Duration.ofSeconds(5)))
              .build();
      try (ProxyServer s = ProxyServer.start(dead);
          HttpTestClient c = new HttpTestClient(s.address())) {
        assertEquals(502, c.get("cdn.example", "/").status());
        assertEquals(204, c.get("p1.p2.fc.cdn.example", "/").status());
        assertEquals(1, s.node().originErrors());
      }
    }
  }

  @AfterAll
  static void noBufferLeaked() throws Exception {
    assertEquals(List.of(), NettyLeaks.leaks());
  }
}
