package dev.alm.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The admin server on loopback: every endpoint's method, status code, type and body. */
class AdminServerTest {
  private final HttpClient http = HttpClient.newHttpClient();
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final AtomicReference<Double> x = new AtomicReference<>(0.5);
  private AdminServer server;

  private AdminServer start(boolean page) throws Exception {
    AdminEndpoints.Builder b =
        XEndpoints.of(x, registry)
            .document(
                "/doc",
                body -> {
                  if (!body.startsWith("{")) {
                    throw new IllegalArgumentException("doc: expected a JSON object\nsecond line");
                  }
                  return AdminEndpoints.json(Map.of("length", body.length()));
                });
    if (page) {
      b.page(() -> "<html>x = " + x.get() + "</html>");
    }
    server = AdminServer.start(new InetSocketAddress("127.0.0.1", 0), b.build());
    return server;
  }

  @AfterEach
  void close() {
    if (server != null) {
      server.close();
    }
    registry.close();
  }

  @Test
  void aDocumentWriteTakesTheBodyAndRefusesInOneLine() throws Exception {
    start(false);
    URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + "/doc");
    HttpResponse<String> ok =
        http.send(
            HttpRequest.newBuilder(uri)
                .POST(HttpRequest.BodyPublishers.ofString("{\"a\": 1}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ok.statusCode());
    assertEquals("{\"length\":8}\n", ok.body());
    HttpResponse<String> bad =
        http.send(
            HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString("[]")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(400, bad.statusCode());
    assertEquals("doc: expected a JSON object second line\n", bad.body());
    assertEquals(405, send("GET", "/doc").statusCode());
  }

  private HttpResponse<String> send(String method, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.address().getPort() + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String type(HttpResponse<String> r) {
    return r.headers().firstValue("content-type").orElse("");
  }

  @Test
  void readsAnswerStatusAndMetrics() throws Exception {
    start(false);
    Counter.builder("alm.test.hits").register(registry).increment(3);
    HttpResponse<String> status = send("GET", "/status");
    assertEquals(200, status.statusCode());
    assertEquals("{\"x\":0.5}\n", status.body());
    assertEquals("application/json; charset=utf-8", type(status));
    HttpResponse<String> metrics = send("GET", "/metrics");
    assertEquals(200, metrics.statusCode());
    assertTrue(metrics.body().contains("alm_test_hits_total 3.0"), metrics.body());
    assertEquals("text/plain; version=0.0.4; charset=utf-8", type(metrics));
    HttpResponse<String> head = send("HEAD", "/status");
    assertEquals(200, head.statusCode());
    assertEquals("", head.body());
  }

  @Test
  void unknownPathsAndWrongMethodsAreRefused() throws Exception {
    start(false);
    HttpResponse<String> root = send("GET", "/");
    assertEquals(404, root.statusCode(), "no page configured: / is not found");
    assertEquals("not found: try /status, /metrics or /ready\n", root.body());
    assertEquals(404, send("GET", "/nothing").statusCode());
    HttpResponse<String> post = send("POST", "/status");
    assertEquals(405, post.statusCode());
    assertEquals("GET, HEAD", post.headers().firstValue("allow").orElse(""));
    HttpResponse<String> getWrite = send("GET", "/x?value=1");
    assertEquals(405, getWrite.statusCode());
    assertEquals("POST, PUT", getWrite.headers().firstValue("allow").orElse(""));
    assertEquals("POST /x?value=X\n", getWrite.body());
    assertEquals(0.5, x.get(), "a refused request changes nothing");
  }

  @Test
  void writesSetTheValueOrSayWhyNot() throws Exception {
    start(false);
    HttpResponse<String> ok = send("POST", "/x?value=0.25");
    assertEquals(200, ok.statusCode());
    assertEquals("{\"x\":0.25}\n", ok.body());
    assertEquals(0.25, x.get());
    assertEquals(200, send("PUT", "/x?value=1").statusCode());
    assertEquals(1.0, x.get());
    HttpResponse<String> none = send("POST", "/x");
    assertEquals(400, none.statusCode());
    assertEquals("expected ?value=X\n", none.body());
    HttpResponse<String> text = send("POST", "/x?value=high");
    assertEquals(400, text.statusCode());
    HttpResponse<String> refused = send("POST", "/x?value=2");
    assertEquals(400, refused.statusCode());
    assertEquals("x must be in [0, 1], got 2.0\n", refused.body());
    assertEquals(1.0, x.get());
  }

  @Test
  void thePageIsServedOnlyWhenConfigured() throws Exception {
    start(true);
    HttpResponse<String> root = send("GET", "/");
    assertEquals(200, root.statusCode());
    assertEquals("<html>x = 0.5</html>", root.body());
    assertEquals("text/html; charset=utf-8", type(root));
    assertEquals(405, send("POST", "/").statusCode());
  }
}
