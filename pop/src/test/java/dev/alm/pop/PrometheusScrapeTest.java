package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.Clocks;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's {@code prometheus} scraping a running PoP on loopback with the scrape configuration of
 * docs/operations/monitoring.md: the PoP's series arrive and can be queried through Prometheus's
 * HTTP API.
 */
class PrometheusScrapeTest {
  private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void thePopsSeriesArriveInPrometheus() throws Exception {
    assumeTrue(
        Files.isExecutable(PROMETHEUS) || System.getenv("CI") != null,
        "prometheus not installed (apt-get install prometheus)");
    PopConfig config = PopDaemonClockTest.withAdmin(dir);
    try (PopDaemon pop = PopDaemon.start(config, true, Clocks.SYSTEM, l -> {})) {
      int port;
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        port = s.getLocalPort();
      }
      Path yml = dir.resolve("prometheus.yml");
      Files.writeString(
          yml,
          """
          global:
            scrape_interval: 1s
            evaluation_interval: 1s
          scrape_configs:
            - job_name: alm-pop
              metrics_path: /metrics
              static_configs:
                - targets: ['127.0.0.1:%d']
                  labels: {site: test}
          """
              .formatted(pop.adminAddress().getPort()));
      Process p =
          new ProcessBuilder(
                  PROMETHEUS.toString(),
                  "--config.file=" + yml,
                  "--storage.tsdb.path=" + dir.resolve("tsdb"),
                  "--web.listen-address=127.0.0.1:" + port)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("prometheus.log").toFile())
              .start();
      try {
        HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
        String found = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
          Thread.sleep(500);
          try {
            String q = URLEncoder.encode("alm_pop_x{pop=\"a\"}", StandardCharsets.UTF_8);
            JsonNode r =
                JSON.readTree(
                    http.send(
                            HttpRequest.newBuilder(
                                    URI.create(
                                        "http://127.0.0.1:" + port + "/api/v1/query?query=" + q))
                                .build(),
                            HttpResponse.BodyHandlers.ofString())
                        .body());
            if (r.path("data").path("result").size() > 0) {
              found = r.toString();
              break;
            }
          } catch (IOException starting) {
            // prometheus is not listening yet
          }
        }
        assertTrue(
            found.contains("\"alm_pop_x\"") && found.contains("\"site\":\"test\""),
            () -> "alm_pop_x in Prometheus; its log: " + tail(dir.resolve("prometheus.log")));
      } finally {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    }
  }

  private static String tail(Path log) {
    try {
      String s = Files.readString(log);
      return s.length() > 1500 ? s.substring(s.length() - 1500) : s;
    } catch (IOException e) {
      return "(none)";
    }
  }
}
