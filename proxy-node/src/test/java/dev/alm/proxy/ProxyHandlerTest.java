package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link ProxyHandler} without sockets: requests in, responses out, every buffer released. */
class ProxyHandlerTest {

  private static FullHttpRequest get(String host, String path) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.buffer(0));
    r.headers().set(HttpHeaderNames.HOST, host);
    return r;
  }

  /** The status and whether the response keeps the connection, releasing both messages. */
  private static boolean keepsAlive(EmbeddedChannel ch, FullHttpRequest req) {
    ch.writeInbound(req);
    FullHttpResponse r = ch.readOutbound();
    assertEquals(200, r.status().code());
    boolean keep = io.netty.handler.codec.http.HttpUtil.isKeepAlive(r);
    r.release();
    assertEquals(0, req.refCnt(), "request released");
    return keep;
  }

  /** A proxy of ample capacity whose connections close at {@code age} (zero: never). */
  private static ProxyConfig aged(java.time.Duration age) {
    return ProxyConfig.builder()
        .pop("a")
        .capacity(1000)
        .limits(HttpLimits.builder().maxConnectionAge(age).build())
        .build();
  }

  private static Clocks clocks(ManualClock clock) {
    return new Clocks(clock, () -> 0L);
  }

  @Test
  void aConnectionOlderThanItsAgeLimitClosesAfterItsNextResponseSoItsClientLooksUpAgain()
      throws Exception {
    ManualClock clock = new ManualClock();
    try (ProxyNode node = new ProxyNode(aged(java.time.Duration.ofSeconds(4)), clocks(clock));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      assertTrue(keepsAlive(ch, get("cdn.example", "/bytes/10")));
      clock.advance(3 * ManualClock.SECOND);
      assertTrue(keepsAlive(ch, get("cdn.example", "/bytes/10")), "3 s old");
      assertEquals(0, node.agedConnections());
      clock.advance(ManualClock.SECOND);
      assertFalse(keepsAlive(ch, get("cdn.example", "/bytes/10")), "4 s old: Connection: close");
      assertEquals(1, node.agedConnections());
      // a new connection starts young
      EmbeddedChannel fresh = new EmbeddedChannel(new ProxyHandler(node, content, null));
      assertTrue(keepsAlive(fresh, get("cdn.example", "/bytes/10")));
      assertEquals(1, node.agedConnections(), "counted once per connection");
      ch.finishAndReleaseAll();
      fresh.finishAndReleaseAll();
    }
  }

  @Test
  void aZeroAgeLimitKeepsConnectionsForAnyAge() throws Exception {
    ManualClock clock = new ManualClock();
    try (ProxyNode node = new ProxyNode(aged(java.time.Duration.ZERO), clocks(clock));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      clock.advance(3600 * ManualClock.SECOND);
      assertTrue(keepsAlive(ch, get("cdn.example", "/bytes/10")));
      assertEquals(0, node.agedConnections());
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void probeContentAndShedRoundTrips() throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg =
        ProxyConfig.builder()
            .pop("a")
            .capacity(8)
            .burstSeconds(0.2)
            .build(); // ceiling 10/s, burst 2
    try (ProxyNode node = new ProxyNode(cfg, new Clocks(clock, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      FullHttpRequest probe = get("a.b.fc.cdn.example:80", "/");
      ch.writeInbound(probe);
      FullHttpResponse r = ch.readOutbound();
      assertEquals(204, r.status().code());
      r.release();
      assertEquals(0, probe.refCnt(), "request released");
      int[] statuses = new int[4];
      for (int i = 0; i < 4; i++) {
        FullHttpRequest req = get("cdn.example", "/bytes/10");
        ch.writeInbound(req);
        FullHttpResponse resp = ch.readOutbound();
        statuses[i] = resp.status().code();
        if (statuses[i] == 200) {
          assertEquals(10, resp.content().readableBytes());
        } else {
          assertEquals("1", resp.headers().get(HttpHeaderNames.RETRY_AFTER));
        }
        resp.release();
        assertEquals(0, req.refCnt());
      }
      assertEquals("[200, 200, 503, 503]", Arrays.toString(statuses));
      assertEquals(1, node.probes().count("a", "b"));
      assertEquals(2, node.admission().shed());
      assertNull(ch.readOutbound());
      assertFalse(ch.finish());
    }
  }

  @Test
  void correlationBeaconsAreAnsweredAtOnceAndNeverMeteredNorShed() throws Exception {
    ManualClock clock = new ManualClock();
    ProxyConfig cfg = ProxyConfig.builder().pop("a").capacity(8).burstSeconds(0.2).build();
    try (ProxyNode node = new ProxyNode(cfg, new Clocks(clock, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      // more beacons than the burst of 2 admits: none is shed, none counts as a request
      for (int i = 0; i < 5; i++) {
        FullHttpRequest req = get("b-00000000000000a" + i + ".beacon.cdn.example", "/bytes/1");
        ch.writeInbound(req);
        FullHttpResponse r = ch.readOutbound();
        assertEquals(204, r.status().code());
        r.release();
        assertEquals(0, req.refCnt());
      }
      assertEquals(5, node.beacons());
      assertEquals(0, node.requests());
      assertEquals(0, node.admission().shed());
      // names that only look like one are ordinary requests: another zone, a short serial
      for (String host :
          new String[] {"b-00000000000000a1.beacon.other.example", "b-0a1.beacon.cdn.example"}) {
        FullHttpRequest req = get(host, "/bytes/1");
        ch.writeInbound(req);
        FullHttpResponse r = ch.readOutbound();
        assertEquals(200, r.status().code(), host);
        r.release();
      }
      assertEquals(5, node.beacons());
      assertEquals(2, node.requests());
      assertFalse(ch.finish());
    }
  }
}
