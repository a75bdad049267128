package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.alm.io.Clocks;
import dev.alm.node.HostPort;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Requests a proxy must refuse, and the headers it must not pass on. */
class ProxyHygieneTest {

  /** The raw response to raw request bytes through the real codec and handler. */
  private static String exchange(String raw) throws Exception {
    ProxyConfig cfg = ProxyConfig.builder().pop("a").capacity(1000).build();
    try (ProxyNode node = new ProxyNode(cfg, new Clocks(() -> 0L, () -> 0L));
        GeneratedContent content = new GeneratedContent(64)) {
      EmbeddedChannel ch =
          new EmbeddedChannel(
              new HttpServerCodec(),
              new HttpObjectAggregator(1 << 16),
              new ProxyHandler(node, content, null));
      ch.writeInbound(Unpooled.copiedBuffer(raw, StandardCharsets.US_ASCII));
      StringBuilder out = new StringBuilder();
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        out.append(b.toString(StandardCharsets.US_ASCII));
        b.release();
      }
      String probes = String.valueOf(node.probes().count("a", "b"));
      long bad = node.badRequests();
      boolean open = ch.isOpen();
      ch.finishAndReleaseAll();
      return out + "\nprobes=" + probes + "\nbad=" + bad + "\nopen=" + open;
    }
  }

  @Test
  void unsupportedVersionsGet505AndTheConnectionCloses() throws Exception {
    String r = exchange("GET /bytes/1 HTTP/9.9\r\nHost: cdn.example\r\n\r\n");
    assertTrue(r.startsWith("HTTP/1.1 505 HTTP Version Not Supported"), r);
    assertTrue(r.endsWith("open=false"), r);
    String h2 = exchange("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    assertTrue(h2.startsWith("HTTP/1.1 505 "), h2);
    assertTrue(
        exchange("GET /bytes/1 HTTP/1.0\r\nHost: cdn.example\r\n\r\n").startsWith("HTTP/1.0 200 "));
  }

  @Test
  void twoHostHeadersGet400AndNoProbeIsCounted() throws Exception {
    String r = exchange("GET / HTTP/1.1\r\nHost: a.b.fc.cdn.example\r\nHost: cdn.example\r\n\r\n");
    assertTrue(r.startsWith("HTTP/1.1 400 Bad Request"), r);
    assertTrue(r.contains("probes=0"), r);
  }

  @Test
  void malformedHostsAndRequestTargetsGet400AndTheConnectionCloses() throws Exception {
    List<String> refused =
        List.of(
            "GET / HTTP/1.1\r\nHost: cdn.example:80:80\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: cdn.example:8o\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: cdn.example:65536\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: cdn .example\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: cdn%2eexample\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: u@cdn.example\r\n\r\n",
            "GET / HTTP/1.1\r\nHost:\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET ftp://cdn.example/ HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "GET http://u:p@cdn.example/ HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "GET http://cdn.example:80:80/ HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "GET http:///bytes/1 HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "GET http://cdn.example/#x HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "GET cdn.example:80 HTTP/1.1\r\nHost: cdn.example\r\n\r\n",
            "CONNECT cdn.example:443 HTTP/1.1\r\nHost: cdn.example:443\r\n\r\n",
            "GET * HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
    for (String req : refused) {
      String r = exchange(req);
      assertTrue(r.startsWith("HTTP/1.1 400 Bad Request"), req + " -> " + r);
      assertTrue(r.contains("\nbad=1\n") && r.endsWith("open=false"), req + " -> " + r);
    }
  }

  @Test
  void anAbsoluteFormTargetNamesTheHostAndIsServedInOriginForm() throws Exception {
    String r =
        exchange(
            "GET HTTP://CDN.example:80/bytes/3?x=1 HTTP/1.1\r\nHost: a.b.fc.cdn.example\r\n\r\n");
    assertTrue(r.startsWith("HTTP/1.1 200 ") && r.contains("content-length: 3\r\n"), r);
    assertTrue(r.contains("probes=0"), "the Host header is ignored: " + r);
    String probe = exchange("GET http://a.b.fc.cdn.example HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
    assertTrue(probe.startsWith("HTTP/1.1 204 ") && probe.contains("probes=1"), probe);
    assertTrue(exchange("GET /bytes/1 HTTP/1.0\r\n\r\n").startsWith("HTTP/1.0 200 "));
    String options = exchange("OPTIONS * HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
    assertTrue(options.contains("bad=0"), options);
    String literal = exchange("GET /bytes/1 HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n");
    assertTrue(literal.startsWith("HTTP/1.1 200 "), literal);
  }

  @Test
  void hopByHopHeadersAndClaimedForwardedForNeverReachTheOrigin() throws Exception {
    Map<String, List<String>> seen = new ConcurrentHashMap<>();
    HttpServer origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    origin.createContext(
        "/",
        x -> {
          x.getRequestHeaders().forEach((k, v) -> seen.put(k.toLowerCase(), List.copyOf(v)));
          byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
          x.getResponseHeaders().add("X-Secret-Hop", "origin-only");
          x.getResponseHeaders().add("Connection", "X-Secret-Hop");
          x.sendResponseHeaders(200, body.length);
          x.getResponseBody().write(body);
          x.close();
        });
    origin.start();
    try {
      HostPort o = new HostPort("127.0.0.1", origin.getAddress().getPort());
      ProxyConfig cfg =
          ProxyConfig.builder()
              .pop("a")
              .listen(new HostPort("127.0.0.1", 0))
              .ioThreads(1)
              .content(ContentConfig.proxy(o))
              .build();
      try (ProxyServer s = ProxyServer.start(cfg)) {
        String resp =
            raw(
                s.address(),
                "GET /x HTTP/1.1\r\nHost: cdn.example\r\nX-Forwarded-For: 6.6.6.6\r\n"
                    + "Connection: close, X-Drop-Me\r\nX-Drop-Me: 1\r\nKeep-Alive: 5\r\n"
                    + "Proxy-Authorization: Basic eA==\r\nX-Keep-Me: 2\r\n\r\n");
        assertTrue(resp.startsWith("HTTP/1.1 200 "), resp);
        assertFalse(resp.toLowerCase().contains("x-secret-hop"), resp);
        assertEquals(List.of("127.0.0.1"), seen.get("x-forwarded-for"), seen.toString());
        assertNull(seen.get("x-drop-me"), seen.toString());
        assertNull(seen.get("keep-alive"));
        assertNull(seen.get("proxy-authorization"));
        assertEquals(List.of("2"), seen.get("x-keep-me"));
      }
      // a trusted hop's list is kept and extended
      seen.clear();
      ProxyConfig trusted =
          cfg.toBuilder()
              .content(ContentConfig.proxy(o).withTrustedHops(Set.of("127.0.0.1")))
              .build();
      try (ProxyServer s = ProxyServer.start(trusted)) {
        raw(
            s.address(),
            "GET /x HTTP/1.1\r\nHost: cdn.example\r\nX-Forwarded-For: 192.0.2.7\r\nConnection: close\r\n\r\n");
        assertEquals(List.of("192.0.2.7, 127.0.0.1"), seen.get("x-forwarded-for"), seen.toString());
      }
    } finally {
      origin.stop(0);
    }
  }

  @Test
  void trustedHopsMustBeAddressLiterals() {
    HostPort o = new HostPort("127.0.0.1", 9);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ContentConfig.proxy(o).withTrustedHops(Set.of("lb.example")));
    assertTrue(e.getMessage().startsWith("content.trustedHops: "), e.getMessage());
  }

  private static String raw(InetSocketAddress at, String request) throws Exception {
    try (Socket s = new Socket(at.getAddress(), at.getPort())) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      InputStream in = s.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
    }
  }

  @Test
  void everyAnswerNamesThePopThatServedIt() throws Exception {
    String ok = exchange("GET /bytes/1 HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
    assertTrue(ok.startsWith("HTTP/1.1 200 ") && ok.contains("X-Alm-Pop: a\r\n"), ok);
    String probe = exchange("GET / HTTP/1.1\r\nHost: a.b.fc.cdn.example\r\n\r\n");
    assertTrue(probe.startsWith("HTTP/1.1 204 ") && probe.contains("X-Alm-Pop: a\r\n"), probe);
    String missing = exchange("GET /nope HTTP/1.1\r\nHost: cdn.example\r\n\r\n");
    assertTrue(missing.contains("X-Alm-Pop: a\r\n"), missing);
  }
}
