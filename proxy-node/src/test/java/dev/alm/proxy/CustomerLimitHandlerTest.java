package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.alm.io.Clocks;
import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.HandShares;
import dev.alm.proxy.limit.LimitMode;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Customers' limits in {@link ProxyHandler} without sockets, on a test clock: 429 with a
 * Retry-After computed from the bucket's refill, probes never limited, the share followed, and the
 * central path (an in-memory store, the I/O boundary) answered asynchronously in pipelining order.
 */
class CustomerLimitHandlerTest {

  static {
    NettyLeaks.install();
  }

  private static FullHttpRequest get(String host, String path) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.buffer(0));
    r.headers().set(HttpHeaderNames.HOST, host);
    return r;
  }

  private static ProxyConfig config(CustomerSpec... customers) {
    return ProxyConfig.builder()
        .pop("a")
        .capacity(1e6)
        .customers(CustomersConfig.NONE.withCustomers(List.of(customers)))
        .build();
  }

  /**
   * A proxy whose one customer, c at 10 requests/s, is in mode central: failing open or closed when
   * its store fails or does not answer within {@code timeout}.
   */
  private static ProxyConfig central(boolean failOpen, Duration timeout) {
    CustomerSpec c = new CustomerSpec("c", List.of("c.example"), 10, 0, 1, 0, LimitMode.CENTRAL);
    return config(c).toBuilder()
        .customers(new CustomersConfig(List.of(c), 1, failOpen, timeout, 100))
        .build();
  }

  /** Sends one request and returns the status of the one response, checking both are freed. */
  private static int status(EmbeddedChannel ch, String host, String path) {
    FullHttpRequest req = get(host, path);
    ch.writeInbound(req);
    FullHttpResponse r = ch.readOutbound();
    int s = r.status().code();
    r.release();
    assertEquals(0, req.refCnt(), "request released");
    return s;
  }

  @Test
  void overTheLimitIs429WithRetryAfterFromTheRefillAndProbesPass() throws Exception {
    ManualClock clock = new ManualClock();
    // 0.25 requests/s with a burst of 4 s: one token, the next in 4 s
    CustomerSpec acme =
        new CustomerSpec(
            "acme", List.of("acme.example", ".cdn.example"), 0.25, 0, 4, 0, LimitMode.INDEPENDENT);
    try (ProxyNode node = new ProxyNode(config(acme), new Clocks(clock, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      assertEquals(200, status(ch, "ACME.example:8080", "/bytes/10"));
      FullHttpRequest req = get("acme.example", "/bytes/10");
      ch.writeInbound(req);
      FullHttpResponse r = ch.readOutbound();
      assertEquals(429, r.status().code());
      assertEquals("4", r.headers().get(HttpHeaderNames.RETRY_AFTER));
      assertEquals("no-store", r.headers().get(HttpHeaderNames.CACHE_CONTROL));
      r.release();
      assertEquals(0, req.refCnt());
      // a probe under the customer's suffix is never limited, nor another host
      assertEquals(204, status(ch, "a.b.fc.cdn.example", "/"));
      assertEquals(204, status(ch, "x.example", "/_alm/fc/a/b"));
      assertEquals(200, status(ch, "other.example", "/bytes/10"));
      assertEquals(2, node.probes().count("a", "b"), "both probes counted");
      clock.advance(3 * ManualClock.SECOND);
      r = null;
      FullHttpRequest again = get("www.cdn.example", "/");
      ch.writeInbound(again);
      r = ch.readOutbound();
      assertEquals(429, r.status().code());
      assertEquals("1", r.headers().get(HttpHeaderNames.RETRY_AFTER), "one second to go");
      r.release();
      clock.advance(ManualClock.SECOND);
      assertEquals(200, status(ch, "acme.example", "/bytes/10"));
      var s = node.customers().match("acme.example").state();
      assertEquals(2, s.served());
      assertEquals(2, s.rejected());
      Map<String, Object> st = node.customers().status().get(0);
      assertEquals("independent", st.get("mode"));
      assertEquals(0.25, (double) st.get("share"), 1e-12);
      assertNull(ch.readOutbound());
      assertFalse(ch.finish());
    }
  }

  @Test
  void limitedResponsesCarryTheRateLimitFieldsUnlessTheCustomersFileTurnsThemOff()
      throws Exception {
    ManualClock clock = new ManualClock();
    // 2 requests/s with a burst of 1 s: two tokens; 1 request/s per client: one token
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 2, 0, 1, 1, LimitMode.INDEPENDENT);
    try (ProxyNode node = new ProxyNode(config(acme), new Clocks(clock, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      ch.writeInbound(get("acme.example", "/bytes/10"));
      FullHttpResponse ok = ch.readOutbound();
      assertEquals(200, ok.status().code());
      assertEquals("\"global\";q=2;w=1, \"client\";q=1;w=1", ok.headers().get("RateLimit-Policy"));
      assertEquals("\"global\";r=1;t=1", ok.headers().get("RateLimit"), "1 of 2 tokens left");
      ok.release();
      // the same client again within the second: its own limit refuses it
      ch.writeInbound(get("acme.example", "/bytes/10"));
      FullHttpResponse refused = ch.readOutbound();
      assertEquals(429, refused.status().code());
      assertEquals("\"client\";r=0;t=1", refused.headers().get("RateLimit"));
      assertEquals("1", refused.headers().get(HttpHeaderNames.RETRY_AFTER));
      assertEquals(
          "\"global\";q=2;w=1, \"client\";q=1;w=1", refused.headers().get("RateLimit-Policy"));
      refused.release();
      // a host of no customer: no fields
      ch.writeInbound(get("other.example", "/bytes/10"));
      FullHttpResponse other = ch.readOutbound();
      assertNull(other.headers().get("RateLimit-Policy"));
      assertNull(other.headers().get("RateLimit"));
      other.release();
      assertFalse(ch.finish());
    }
    ProxyConfig off =
        ProxyConfig.builder()
            .pop("a")
            .capacity(1e6)
            .customers(
                new CustomersConfig(
                    List.of(acme),
                    CustomersConfig.DEFAULT_LIMITERS,
                    false,
                    CustomersConfig.DEFAULT_CENTRAL_TIMEOUT,
                    CustomersConfig.DEFAULT_MAX_CLIENTS,
                    false))
            .build();
    try (ProxyNode node = new ProxyNode(off, new Clocks(clock, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      ch.writeInbound(get("acme.example", "/bytes/10"));
      FullHttpResponse ok = ch.readOutbound();
      assertEquals(200, ok.status().code());
      assertNull(ok.headers().get("RateLimit-Policy"));
      assertNull(ok.headers().get("RateLimit"));
      ok.release();
      assertFalse(ch.finish());
    }
  }

  @Test
  void aDrlCustomerIsLimitedToItsShareAndReportsWhatArrives() throws Exception {
    ManualClock clock = new ManualClock();
    CustomerSpec acme =
        new CustomerSpec("acme", List.of("acme.example"), 100, 0, 0.05, 0, LimitMode.DRL);
    HandShares shares = new HandShares("normal", 0);
    shares.share.put("acme", 20.0); // 1 token of burst at 20/s
    try (ProxyNode node = new ProxyNode(config(acme), new Clocks(clock, () -> 0L), shares, null);
        GeneratedContent content = new GeneratedContent(64)) {
      node.customers().refresh();
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      int served = 0;
      for (int i = 0; i < 10; i++) {
        served += status(ch, "acme.example", "/") == 200 ? 1 : 0;
      }
      assertEquals(1, served, "the burst of a 20/s share is one request");
      assertEquals(10L, shares.arrived.get("acme"), "every request arrives at the source");
      clock.advance(ManualClock.SECOND);
      served = 0;
      for (int i = 0; i < 30; i++) {
        served += status(ch, "acme.example", "/") == 200 ? 1 : 0;
      }
      assertEquals(1, served, "the bucket holds 0.05 s of the share");
      shares.share.put("acme", 100.0);
      node.customers().refresh();
      clock.advance(ManualClock.SECOND);
      served = 0;
      for (int i = 0; i < 30; i++) {
        served += status(ch, "acme.example", "/") == 200 ? 1 : 0;
      }
      assertEquals(5, served, "a larger share: 0.05 s of 100/s");
      Map<String, Object> st = node.customers().status().get(0);
      assertEquals("normal", st.get("mode"));
      assertEquals(100.0, (double) st.get("share"), 1e-9);
      assertFalse(ch.finish());
    }
  }

  private static int lengthOf(FullHttpResponse r) {
    int n = r.status().code() == 200 ? r.content().readableBytes() : -r.status().code();
    r.release();
    return n;
  }

  @Test
  void centralAnswersArriveLaterAndResponsesKeepTheirOrder() throws Exception {
    ProxyConfig cfg = central(false, Duration.ofSeconds(2));
    TestStores.Pending store = new TestStores.Pending();
    try (ProxyNode node = TestStores.node(cfg, store);
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      List<FullHttpRequest> reqs =
          List.of(
              get("c.example", "/bytes/1"),
              get("other.example", "/bytes/2"),
              get("c.example", "/bytes/3"),
              get("c.example", "/bytes/4"),
              get("other.example", "/bytes/5"));
      for (FullHttpRequest r : reqs) {
        ch.writeInbound(r);
      }
      assertNull(ch.readOutbound(), "nothing leaves before the store answers the first");
      assertEquals(1, store.asked.size());
      store.asked.get(0).complete(true);
      assertEquals(1, lengthOf(ch.readOutbound()));
      assertEquals(2, lengthOf(ch.readOutbound()));
      assertNull(ch.readOutbound(), "the third waits for its answer");
      assertEquals(2, store.asked.size());
      store.asked.get(1).complete(false);
      assertEquals(-429, lengthOf(ch.readOutbound()));
      assertEquals(3, store.asked.size());
      // the store fails: fail closed, counted
      store.asked.get(2).completeExceptionally(new IOException("connection refused"));
      assertEquals(-429, lengthOf(ch.readOutbound()));
      assertEquals(5, lengthOf(ch.readOutbound()));
      for (FullHttpRequest r : reqs) {
        assertEquals(0, r.refCnt());
      }
      // the store never answers: the timeout decides, and the late answer changes nothing
      FullHttpRequest late = get("c.example", "/bytes/6");
      ch.writeInbound(late);
      assertNull(ch.readOutbound());
      Thread.sleep(2_200);
      ch.runScheduledPendingTasks();
      assertEquals(-429, lengthOf(ch.readOutbound()));
      store.asked.get(3).complete(true);
      assertNull(ch.readOutbound());
      assertEquals(0, late.refCnt());
      var s = node.customers().match("c.example").state();
      assertEquals(1, s.served());
      assertEquals(3, s.rejected());
      assertEquals(2, s.centralFailures());
      assertFalse(ch.finish());
    }
  }

  @AfterAll
  static void noLeaks() throws InterruptedException {
    assertEquals(List.of(), NettyLeaks.leaks());
  }

  @Test
  void failOpenAdmitsWhenTheStoreFails() throws Exception {
    ProxyConfig cfg = central(true, Duration.ofSeconds(5));
    CentralLimiter broken = TestStores.down();
    try (ProxyNode node = TestStores.node(cfg, broken);
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      assertEquals(200, status(ch, "c.example", "/"));
      assertEquals(1, node.customers().match("c.example").state().centralFailures());
      assertFalse(ch.finish());
    }
  }
}
