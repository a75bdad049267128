package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.proxy.fuzz.NettyLeaks;
import dev.alm.proxy.limit.KeyDescriptor;
import dev.alm.proxy.limit.KeyRule;
import dev.alm.proxy.limit.KeyedApi;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hostile keys in requests, through the live pipeline's handlers on embedded connections
 * (docs/ratelimit/keys-hostile.md): each customer allows one request per key per day, so a second
 * request shows which key the first counted. Every header byte the decoder takes is a key like any
 * other, and what it refuses is a 4xx counted as a bad request that never reaches the limiter; a
 * key up to the header size limit counts, an empty one is no key, of several X-Api-Key headers the
 * first counts, and query and path keys are taken as sent.
 */
class KeyRequestHostileTest {

  static {
    NettyLeaks.install();
  }

  private static ProxyPipelines.Harness harness(String key) throws Exception {
    KeyRule rule =
        new KeyRule(KeyDescriptor.of(key), 1, KeyWindow.parse("1d"), Map.of(), null, 100_000);
    return ProxyPipelines.harness(
        ProxyConfig.builder().pop("a").capacity(1e6).customers(KeyedApi.only(rule)).build());
  }

  /** Sends raw bytes on a fresh connection; returns the status of the first response. */
  private static int status(ProxyPipelines.Harness h, byte[] request) {
    EmbeddedChannel ch = h.channel();
    ch.writeInbound(Unpooled.wrappedBuffer(request));
    StringBuilder out = new StringBuilder();
    for (Object o; (o = ch.readOutbound()) != null; ) {
      ByteBuf b = (ByteBuf) o;
      out.append(b.toString(StandardCharsets.ISO_8859_1));
      b.release();
    }
    ch.finishAndReleaseAll();
    assertTrue(out.toString().startsWith("HTTP/1.1 "), "a response: " + out);
    return Integer.parseInt(out.substring(9, 12));
  }

  private static int get(ProxyPipelines.Harness h, String target, String... headers) {
    StringBuilder s = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: api.example\r\n");
    for (String x : headers) {
      s.append(x).append("\r\n");
    }
    return status(h, s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  private static KeyedLimiter keyed(ProxyPipelines.Harness h) {
    return h.node().customers().keyed().get("api");
  }

  @Test
  void everyHeaderByteIsAKeyOrARefusalBeforeTheLimiter() throws Exception {
    try (ProxyPipelines.Harness h = harness("header:X-Api-Key")) {
      int counted = 0;
      int refused = 0;
      for (int b = 0; b < 256; b++) {
        byte[] head = "GET / HTTP/1.1\r\nHost: api.example\r\nX-Api-Key: k".getBytes();
        byte[] req = new byte[head.length + 6];
        System.arraycopy(head, 0, req, 0, head.length);
        req[head.length] = (byte) b;
        System.arraycopy("x\r\n\r\n".getBytes(), 0, req, head.length + 1, 5);
        long keys = keyed(h).keys();
        long bad = h.node().badRequests();
        int first = status(h, req);
        if (first == 200) {
          assertEquals(keys + 1, keyed(h).keys(), "byte " + b + " counted as a new key");
          assertEquals(429, status(h, req), "byte " + b + ": the same key again");
          counted++;
        } else {
          assertEquals(400, first, "byte " + b);
          assertEquals(bad + 1, h.node().badRequests(), "byte " + b + " counted as bad");
          assertEquals(keys, keyed(h).keys(), "byte " + b + " never reached the limiter");
          refused++;
        }
      }
      assertEquals(256, counted + refused);
      assertTrue(refused > 0 && counted > 128, counted + " counted, " + refused + " refused");
      assertEquals(0, keyed(h).uncounted());
    }
  }

  @Test
  void longEmptyAndRepeatedKeys() throws Exception {
    try (ProxyPipelines.Harness h = harness("header:X-Api-Key")) {
      String near = "X-Api-Key: " + "k".repeat(8_000);
      assertEquals(200, get(h, "/", near));
      assertEquals(429, get(h, "/", near), "a key near the header limit counts");
      long keys = keyed(h).keys();
      long bad = h.node().badRequests();
      int over = get(h, "/", "X-Api-Key: " + "k".repeat(9_000));
      assertEquals(431, over, "past the header limit: refused by the decoder");
      assertEquals(bad + 1, h.node().badRequests());
      assertEquals(keys, keyed(h).keys());
      // empty: no key, not limited by key
      assertEquals(200, get(h, "/", "X-Api-Key:"));
      assertEquals(200, get(h, "/", "X-Api-Key: "));
      assertEquals(200, get(h, "/", "X-Api-Key:   "));
      assertEquals(keys, keyed(h).keys(), "an empty value is no key");
      // several: the first counts
      assertEquals(200, get(h, "/", "X-Api-Key: first", "X-Api-Key: second"));
      assertEquals(429, get(h, "/", "X-Api-Key: first", "X-Api-Key: third"));
      assertEquals(200, get(h, "/", "X-Api-Key: second", "X-Api-Key: first"));
      assertEquals(429, get(h, "/", "x-api-key: first"), "the name in any case");
      // the first even when it is empty: no key
      assertEquals(200, get(h, "/", "X-Api-Key:", "X-Api-Key: first"));
      assertEquals(200, get(h, "/", "X-Api-Key:", "X-Api-Key: first"));
    }
  }

  @Test
  void queryKeysAreTakenAsSent() throws Exception {
    try (ProxyPipelines.Harness h = harness("query:api_key")) {
      assertEquals(200, get(h, "/?api_key=a&b=c"));
      assertEquals(429, get(h, "/x?b=c&api_key=a"), "the same key wherever it is");
      assertEquals(200, get(h, "/?api_key=a%26b"), "escapes are not decoded");
      assertEquals(429, get(h, "/?api_key=a&b"), "the value ends at &: a again");
      assertEquals(200, get(h, "/?api_key=a=b"), "= in a value is part of it");
      assertEquals(429, get(h, "/?api_key=a=b"));
      assertEquals(200, get(h, "/?api_key=a+b"));
      assertEquals(200, get(h, "/?api_key=a%20b"), "a+b and a%20b are two keys");
      assertEquals(200, get(h, "/?api_key=x&api_key=y"));
      assertEquals(429, get(h, "/?api_key=x&api_key=z"), "the first parameter counts");
      long keys = keyed(h).keys();
      for (String none :
          List.of("/?api_key=", "/?api_key", "/?xapi_key=1", "/?&&&", "/", "/?=api_key", "/?")) {
        assertEquals(200, get(h, none), none);
        assertEquals(200, get(h, none), none);
      }
      assertEquals(keys, keyed(h).keys(), "no key in any of them");
    }
  }

  @Test
  void pathPrefixesAreTakenAsSent() throws Exception {
    try (ProxyPipelines.Harness h = harness("path-prefix:2")) {
      assertEquals(200, get(h, "/a/b/c"));
      assertEquals(429, get(h, "/a/b/d?x=/y/z"));
      assertEquals(429, get(h, "http://api.example/a/b/e"), "absolute-form: the same path");
      assertEquals(200, get(h, "//a/b"), "// is an empty segment: /, not normalized");
      assertEquals(200, get(h, "/a/../b/c"), "not normalized: /a/..");
      assertEquals(200, get(h, "/a/%2e%2e"));
      assertEquals(200, get(h, "/"));
      assertEquals(429, get(h, "http://api.example"), "absolute-form without a path: /");
      assertEquals(429, get(h, "http://api.example?x=/a/b"));
      assertEquals(
          "/a/b", String.valueOf(KeyDescriptorAccess.pathPrefix("http://h:80/a/b/c?q", 2)));
    }
  }

  /** The descriptor's extraction, for a direct look. */
  private static final class KeyDescriptorAccess {
    static CharSequence pathPrefix(String uri, int n) {
      io.netty.handler.codec.http.HttpRequest r =
          new io.netty.handler.codec.http.DefaultHttpRequest(
              io.netty.handler.codec.http.HttpVersion.HTTP_1_1,
              io.netty.handler.codec.http.HttpMethod.GET,
              uri);
      return KeyDescriptor.of("path-prefix:" + n).extract(r, "client");
    }
  }
}
