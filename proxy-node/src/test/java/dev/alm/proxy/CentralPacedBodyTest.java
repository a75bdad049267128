package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitMode;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A {@code central} customer limited in bytes/s ({@link CentralPacedBody} through {@link
 * ProxyHandler}, no sockets): its body leaves only as the central store grants chunks, a refusal
 * and a failure (fail-closed) make it wait and ask again, and the response behind it on the
 * connection waits for its last chunk. The store is in memory (the I/O boundary); the test answers
 * each acquisition by hand.
 */
class CentralPacedBodyTest {

  static {
    NettyLeaks.install();
  }

  /** A proxy whose one customer is {@code video}, failing open or closed when its store fails. */
  private static ProxyConfig config(CustomerSpec video, boolean failOpen) {
    return ProxyConfig.builder()
        .pop("a")
        .capacity(1e6)
        .customers(new CustomersConfig(List.of(video), 2, failOpen, Duration.ofSeconds(5), 100))
        .build();
  }

  private static FullHttpRequest get(String host, String path) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.buffer(0));
    r.headers().set(HttpHeaderNames.HOST, host);
    return r;
  }

  /** The next outbound message's body bytes, checking it is a content (last or not). */
  private static int content(EmbeddedChannel ch, boolean last) {
    Object o = ch.readOutbound();
    HttpContent c = assertInstanceOf(HttpContent.class, o, "a body chunk");
    assertEquals(last, c instanceof LastHttpContent, "last chunk: " + last);
    int n = c.content().readableBytes();
    c.release();
    return n;
  }

  /** Waits past the retry delay and runs the channel's scheduled tasks. */
  private static void afterRetry(EmbeddedChannel ch, long nanos) throws InterruptedException {
    Thread.sleep((long) (nanos * (1 + CentralPacedBody.JITTER)) / 1_000_000 + 100);
    ch.runScheduledPendingTasks();
  }

  @Test
  void theBodyLeavesOnlyAsTheStoreGrantsChunksAndAFailureWaits() throws Exception {
    // 20 kB/s with 0.5 s of burst: the store's bucket holds 10,000 bytes, so chunks are 10,000
    CustomerSpec video =
        new CustomerSpec("video", List.of("v.example"), 0, 20_000, 0.5, 0, LimitMode.CENTRAL);
    ProxyConfig cfg = config(video, false);
    long retry = CentralPacedBody.retryNanos(10_000, 20_000);
    assertEquals(500_000_000L, retry, "a chunk's refill at the global rate");
    TestStores.Pending store = new TestStores.Pending();
    try (ProxyNode node = TestStores.node(cfg, store);
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      FullHttpRequest first = get("v.example", "/bytes/25000");
      FullHttpRequest second = get("other.example", "/bytes/7");
      ch.writeInbound(first);
      ch.writeInbound(second);
      HttpResponse head = assertInstanceOf(HttpResponse.class, ch.readOutbound());
      assertEquals(200, head.status().code());
      assertNull(ch.readOutbound(), "no byte before the store grants the first chunk");
      assertEquals(List.of(10_000L), store.units, "one chunk of the bucket's size asked");

      store.asked.get(0).complete(true);
      assertEquals(10_000, content(ch, false));
      ch.runPendingTasks();
      assertEquals(2, store.asked.size(), "the next chunk asked at once");

      store.asked.get(1).complete(false);
      assertNull(ch.readOutbound(), "refused: nothing written");
      ch.runPendingTasks();
      assertEquals(2, store.asked.size(), "asked again only after the refill time");
      afterRetry(ch, retry);
      assertEquals(3, store.asked.size());

      store.asked.get(2).completeExceptionally(new IOException("connection refused"));
      assertNull(ch.readOutbound(), "fail-closed: a failure writes nothing");
      var state = node.customers().match("v.example").state();
      assertEquals(1, state.centralFailures());
      afterRetry(ch, Math.max(retry, CentralPacedBody.FAILURE_RETRY_NANOS));
      assertEquals(4, store.asked.size(), "and waits, then asks again");

      store.asked.get(3).complete(true);
      assertEquals(10_000, content(ch, false));
      ch.runPendingTasks();
      assertEquals(List.of(10_000L, 10_000L, 10_000L, 10_000L, 5_000L), store.units);
      assertNull(ch.readOutbound(), "the pipelined response waits behind the paced body");
      store.asked.get(4).complete(true);
      assertEquals(5_000, content(ch, true));

      Object next = ch.readOutbound();
      assertInstanceOf(FullHttpResponse.class, next);
      assertEquals(7, ((FullHttpResponse) next).content().readableBytes());
      ((FullHttpResponse) next).release();
      assertEquals(5, store.asked.size(), "the other customer's response asks nothing");
      assertEquals(1, state.served(), "the request itself is admitted, not asked");
      assertEquals(25_000, state.bytes());
      assertEquals(0, first.refCnt());
      assertEquals(0, second.refCnt());
      assertFalse(ch.finish());
    }
  }

  @Test
  void failOpenWritesTheChunkWhenTheStoreFailsAndAClosedConnectionReleasesTheBody()
      throws Exception {
    CustomerSpec video =
        new CustomerSpec("video", List.of("v.example"), 0, 1e6, 1, 0, LimitMode.CENTRAL);
    ProxyConfig cfg = config(video, true);
    CentralLimiter broken = TestStores.down();
    try (ProxyNode node = TestStores.node(cfg, broken);
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      ch.writeInbound(get("v.example", "/bytes/40000"));
      assertInstanceOf(HttpResponse.class, ch.readOutbound());
      int total = 0;
      for (int i = 0; i < 10; i++) {
        ch.runPendingTasks();
        Object o;
        while ((o = ch.readOutbound()) != null) {
          HttpContent c = (HttpContent) o;
          total += c.content().readableBytes();
          c.release();
        }
      }
      assertEquals(40_000, total, "every chunk written on the failure policy");
      assertEquals(3, node.customers().match("v.example").state().centralFailures());
      assertFalse(ch.finish());
    }
    // a connection closed while a chunk is awaited releases the body
    TestStores.Pending store = new TestStores.Pending();
    try (ProxyNode node = TestStores.node(cfg, store);
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch = new EmbeddedChannel(new ProxyHandler(node, content, null));
      ch.writeInbound(get("v.example", "/bytes/40000"));
      assertInstanceOf(HttpResponse.class, ch.readOutbound());
      assertEquals(1, store.asked.size());
      ch.close();
      store.asked.get(0).complete(true);
      assertTrue(store.asked.size() == 1, "nothing more asked for a closed connection");
      ch.finish();
    }
  }

  @Test
  void retriesAreSpreadAroundAChunksRefillTime() {
    assertEquals(13_107_200L, CentralPacedBody.retryNanos(16_384, 1.25e6), "16 KiB at 10 Mbit/s");
    assertEquals(CentralPacedBody.MIN_RETRY_NANOS, CentralPacedBody.retryNanos(16_384, 1e12));
    assertEquals(16_384, CentralPacedBody.chunkBytes(1 << 30));
    assertEquals(1_000, CentralPacedBody.chunkBytes(1_000), "at most the store's bucket");
    assertEquals(1, CentralPacedBody.chunkBytes(0));
    assertEquals(50, CentralPacedBody.jittered(100, 0));
    assertEquals(100, CentralPacedBody.jittered(100, 0.5));
    assertTrue(CentralPacedBody.jittered(100, 0.999_999) <= 150);
  }

  @AfterAll
  static void noLeaks() throws InterruptedException {
    assertEquals(List.of(), NettyLeaks.leaks());
  }
}
