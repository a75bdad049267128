package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;
import sun.misc.Signal;

/**
 * {@code alm dns}: a live run from a config file with the admin API and its query log rotated
 * (renamed, then a real SIGUSR1 to this process), and errors naming file, field and reason.
 */
class DnsCommandTest extends CliTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
        DatagramSocket d =
            new DatagramSocket(s.getLocalPort(), InetAddress.getByName("127.0.0.1"))) {
      return d.getLocalPort();
    }
  }

  /** {@code POST /x?value=VALUE} to the admin port {@code admin}. */
  private static HttpResponse<String> setX(HttpClient http, int admin, String value)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/x?value=" + value))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void servesFromAConfigFileAndTheAdminApiSetsX() throws Exception {
    int dns = freePort();
    int admin = freePort();
    Path f = dir.resolve("dns.json");
    Files.writeString(
        f,
        """
        {"pop": "fra", "zone": "cdn.example.", "names": ["www", "img"], "l1": ["192.0.2.1"],
         "l2": ["198.51.100.1"], "x": 0.0, "listen": "127.0.0.1:%d", "admin": "127.0.0.1:%d",
         "records": ["api 300 IN A 192.0.2.7"], "queryLog": "logs/q.csv", "rrl": {"enabled": false}}
        """
            .formatted(dns, admin));
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () -> alm("dns", "--config", f.toString(), "--duration", "6"));
    SimpleResolver r = new SimpleResolver(new InetSocketAddress("127.0.0.1", dns));
    r.setTimeout(Duration.ofSeconds(1));
    Message q =
        Message.newQuery(
            Record.newRecord(Name.fromConstantString("img.cdn.example."), Type.A, DClass.IN));
    Message m = null;
    for (int i = 0; i < 50 && m == null; i++) {
      try {
        m = r.send(q);
      } catch (IOException e) {
        Thread.sleep(100); // still starting
      }
    }
    assertEquals(
        "198.51.100.1",
        ((ARecord) m.getSection(Section.ANSWER).get(0)).getAddress().getHostAddress());
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> set = setX(http, admin, "1");
    assertEquals(200, set.statusCode());
    // logrotate: the query log renamed, then SIGUSR1 (its postrotate) once the handler is in place
    Path qlog = dir.resolve("logs/q.csv");
    for (int i = 0; i < 50 && !out.toString().contains("serving"); i++) {
      Thread.sleep(100);
    }
    for (int i = 0; i < 50 && Files.readAllLines(qlog).size() < 2; i++) {
      Thread.sleep(20);
    }
    Files.move(qlog, dir.resolve("logs/q.csv.1"));
    Signal.raise(new Signal("USR1"));
    for (int i = 0; i < 100 && !Files.exists(qlog); i++) {
      Thread.sleep(20);
    }
    assertEquals(
        "192.0.2.1",
        ((ARecord) r.send(q).getSection(Section.ANSWER).get(0)).getAddress().getHostAddress());
    HttpResponse<String> bad = setX(http, admin, "NaN");
    assertEquals(400, bad.statusCode());
    JsonNode status =
        JSON.readTree(
            http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/status"))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    assertEquals(1.0, status.get("x").asDouble());
    assertEquals("fra", status.get("pop").asText());
    assertEquals(2, status.get("responses").asLong());
    String metrics =
        http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertTrue(
        metrics.contains(
            "alm_dns_queries_total{answer=\"l1\",pop=\"fra\",rcode=\"noerror\",transport=\"udp\"} 1.0"),
        metrics);
    assertTrue(metrics.contains("alm_dns_x{pop=\"fra\"} 1.0"), metrics);
    assertEquals(0, run.get());
    assertTrue(out.toString().contains("serving cdn.example."), out.toString());
    assertEquals(
        2, Files.readAllLines(dir.resolve("logs/q.csv.1")).size(), "header and the first line");
    assertEquals(
        2, Files.readAllLines(qlog).size(), "reopened on SIGUSR1: header and the second line");
  }

  @Test
  void configErrorsNameTheFileTheFieldAndTheReason() throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(
        f, "{\"zone\": \"cdn.example.\", \"l1\": [\"192.0.2.1\"], \"l2\": [\"example.org\"]}");
    assertEquals(1, alm("dns", "--config", f.toString()));
    assertTrue(
        err.toString().contains(f + ":l2: expected an IP address literal, got 'example.org'"),
        err.toString());

    Files.writeString(
        f,
        "{\"zone\": \"cdn.example.\", \"l1\": [\"192.0.2.1\"], \"l2\": [\"198.51.100.1\"], "
            + "\"rrl\": {\"slip\": 99}}");
    assertEquals(1, alm("dns", "--config", f.toString()));
    assertTrue(err.toString().contains("rrl.slip: must be in 0..10"), err.toString());

    Files.writeString(
        f,
        "{\"zone\": \"cdn.example.\", \"l1\": [\"192.0.2.1\"], \"l2\": [\"198.51.100.1\"], "
            + "\"records\": [\"api IN A not-an-address\"]}");
    assertEquals(1, alm("dns", "--config", f.toString()));
    assertTrue(err.toString().contains(f + ":staticRecords[0]: cannot parse"), err.toString());

    Files.writeString(
        f,
        "{\"zone\": \"cdn.example.\", \"l1\": [\"192.0.2.1\"], \"l2\": [\"198.51.100.1\"], "
            + "\"tll\": {}}");
    assertEquals(1, alm("dns", "--config", f.toString()));
    assertTrue(err.toString().contains(f + ":tll: unknown field"), err.toString());

    Files.writeString(f, "{\"zone\": \"cdn.example.\",\n \"l1\": [\"192.0.2.1\"]\n \"l2\": []}");
    assertEquals(1, alm("dns", "--config", f.toString()));
    assertTrue(err.toString().contains(f + ":line 3:"), err.toString());

    assertEquals(1, alm(DnsArgs.with("--x", "1.5")));
    assertTrue(err.toString().contains("--x: must be in [0, 1], got 1.5"), err.toString());
    assertEquals(1, alm("dns", "--zone", "cdn.example"));
    assertTrue(
        err.toString().contains("give --config FILE, or at least --zone, --l1 and --l2"),
        err.toString());
  }
}
