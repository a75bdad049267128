package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.pop.DrlCustomersJson;
import dev.alm.pop.PopFiles;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm pop} configured as docs/pop.md and docs/ratelimit/enforcement.md say, through the
 * command line: a {@code drl} section without customers of its own shares those of {@code
 * --customers FILE}; more than the agent can share is refused at start in one line; and a customer
 * made {@code central} by {@code POST /customers} at a PoP started with {@code --redis} is limited
 * by the customer's bucket in a real redis-server, as one configured central at start.
 */
class PopCustomersCommandTest extends CliTest {

  @TempDir Path dir;
  private int proxyPort;
  private int adminPort;

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @BeforeEach
  void files() throws Exception {
    proxyPort = freePort();
    adminPort = freePort();
    PopFiles.writeB(dir, "127.0.0.1:" + proxyPort);
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
  }

  /** pop.json of PoP b of paper-fig2, with {@code extra} fields. */
  private Path pop(String extra) throws Exception {
    return PopFiles.popJson(
        dir,
        "b",
        "\"loadUnit\": 1000, \"admin\": \"127.0.0.1:"
            + adminPort
            + "\""
            + (extra.isEmpty() ? "" : ", " + extra));
  }

  /** A drl section without customers of its own. */
  private String drl() throws Exception {
    return "\"drl\": {\"listen\": \"127.0.0.1:0\", \"swim\": \"127.0.0.1:"
        + freePort()
        + "\", \"keyFile\": \"gossip.key\"}";
  }

  private Path customers(String name, String body) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, body);
    return f;
  }

  /** Runs {@code alm pop} with that configuration and customers file, and {@code more}. */
  private int runPop(Path config, Path customers, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "pop",
                "--insecure-probes",
                "--config",
                config.toString(),
                "--customers",
                customers.toString()));
    args.addAll(List.of(more));
    return alm(args.toArray(String[]::new));
  }

  @Test
  void aDrlSectionWithoutCustomersSharesThoseOfTheCustomersFile() throws Exception {
    Path config = pop(drl());
    Path one = customers("one.json", DrlCustomersJson.of(1));
    int code = runPop(config, one, "--duration", "1");
    assertEquals(0, code, err.toString());
    assertFalse(err.toString().contains("at least one customer"), err.toString());
    assertTrue(out.toString().contains("pop b (dual)"), out.toString());
    err.getBuffer().setLength(0);
    Path many = customers("many.json", DrlCustomersJson.of(60));
    assertEquals(1, runPop(config, many, "--duration", "1"));
    assertTrue(
        err.toString()
            .contains(
                "drl: at most 59 customers in mode drl (a receiver keeps counters per customer"
                    + " and sender), got 60"),
        err.toString());
  }

  private HttpResponse<String> admin(HttpClient http, String path, String post) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + path));
    if (post != null) {
      b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(post));
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Requests for {@code host} at {@code rate}/s for {@code seconds}; returns {served, rejected}.
   */
  private long[] drive(String host, double rate, double seconds) throws IOException {
    long[] out = new long[2];
    long start = System.nanoTime();
    long sent = 0;
    while (System.nanoTime() - start < seconds * 1e9) {
      if (sent >= rate * (System.nanoTime() - start) / 1e9) {
        LockSupport.parkNanos(1_000_000L);
        continue;
      }
      int s = HostGet.status(proxyPort, host);
      out[s == 200 ? 0 : 1]++;
      assertTrue(s == 200 || s == 429, "status " + s);
      sent++;
    }
    return out;
  }

  @Test
  void aCustomerMadeCentralAtRunTimeIsLimitedInRedis() throws Exception {
    assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
    double limit = 20;
    Path file =
        customers(
            "api.json",
            """
            {"customers": [{"name": "api", "hosts": ["api.example"], "requestsPerSecond": 20,
              "burstSeconds": 1, "mode": "drl"}]}
            """);
    String central =
        """
        {"customers": [
          {"name": "api", "hosts": ["api.example"], "requestsPerSecond": 20, "burstSeconds": 1,
           "mode": "central"},
          {"name": "legacy", "hosts": ["legacy.example"], "requestsPerSecond": 2, "burstSeconds": 1,
           "mode": "central"}]}
        """;
    Path config = pop("");
    HttpClient http = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build();
    ObjectMapper json = new ObjectMapper();
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      int[] code = new int[1];
      Thread pop =
          new Thread(
              () -> code[0] = runPop(config, file, "--redis", redis.uri(), "--duration", "20"));
      pop.start();
      HttpResponse<String> r = null;
      for (int i = 0; i < 200 && pop.isAlive(); i++) {
        try {
          r = admin(http, "/customers", central);
          break;
        } catch (IOException e) {
          Thread.sleep(50); // not listening yet
        }
      }
      assertTrue(r != null, "the PoP's admin server answered: " + err);
      assertEquals(200, r.statusCode(), r.body());
      double seconds = 4;
      long[] api = drive("api.example", 1.4 * limit, seconds);
      double admitted = api[0] / seconds;
      long[] legacy = drive("legacy.example", 10, 1);
      JsonNode status = json.readTree(admin(http, "/status", null).body());
      pop.join(30_000);
      assertEquals(0, code[0], err.toString());
      System.out.printf(
          "a lone PoP, api switched from drl to central (L = %.0f/s) by POST: offered %.1f/s,"
              + " admitted %.1f/s (%.2f L), %d refused; legacy added central (2/s): %d served,"
              + " %d refused%n",
          limit,
          (api[0] + api[1]) / seconds,
          admitted,
          admitted / limit,
          api[1],
          legacy[0],
          legacy[1]);
      assertTrue(
          api[0] <= limit * seconds + limit + 2,
          "at most burst + L x t from the Redis bucket: " + api[0] + " in " + seconds + " s");
      assertTrue(api[1] > 0, "demand 1.4 L is partly refused");
      assertTrue(legacy[0] <= 2 + 2 + 1, "the added customer's bucket: " + legacy[0]);
      assertTrue(legacy[1] > 0, "the added customer is limited");
      for (JsonNode c : status.get("customers")) {
        assertEquals("central", c.get("mode").asText());
        assertEquals(0, c.get("centralFailures").asLong(), c.toString());
        assertTrue(c.get("rejected").asLong() > 0, c.toString());
      }
    }
  }
}
