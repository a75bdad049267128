package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.alm.drl.central.RedisServerProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm proxy} with a customer in mode central: every request asks a real redis-server on
 * loopback (--redis), which holds the customer's one global bucket; without a store the command
 * refuses in one line.
 */
class CentralStoreCommandTest extends CliTest {

  @TempDir Path dir;

  private Path customers() throws Exception {
    Path f = dir.resolve("customers.json");
    Files.writeString(
        f,
        """
        {"customers": [{"name": "api", "hosts": ["api.example"], "requestsPerSecond": 5,
          "burstSeconds": 1, "mode": "central"}]}
        """);
    return f;
  }

  /** Runs {@code alm proxy} for the central customer of {@link #customers()}, with {@code more}. */
  private int proxy(String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of("proxy", "--insecure-probes", "--customers", customers().toString()));
    args.addAll(List.of(more));
    return alm(args.toArray(String[]::new));
  }

  @Test
  void aCentralCustomerNeedsAStore() throws Exception {
    assertEquals(1, proxy("--listen", "127.0.0.1:0"));
    assertTrue(
        err.toString().contains("api is in mode central: give --redis URI or --token-server"),
        err.toString());
    err.getBuffer().setLength(0);
    assertEquals(1, proxy("--redis", "redis://127.0.0.1:1", "--token-server", "127.0.0.1:2"));
    assertTrue(err.toString().contains("give one central store"), err.toString());
    err.getBuffer().setLength(0);
    assertEquals(1, proxy("--redis", "http://x"));
    assertTrue(err.toString().contains("--redis: expected redis://HOST:PORT"), err.toString());
  }

  @Test
  void requestsOfACentralCustomerAreCountedInRedis() throws Exception {
    assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path file = customers();
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      int[] code = new int[1];
      Thread proxy =
          new Thread(
              () ->
                  code[0] =
                      alm(
                          "proxy",
                          "--insecure-probes",
                          "--listen",
                          "127.0.0.1:" + port,
                          "--customers",
                          file.toString(),
                          "--redis",
                          redis.uri(),
                          "--duration",
                          "8"));
      proxy.start();
      int served = 0;
      int rejected = 0;
      long start = 0;
      for (int i = 0; i < 40 && proxy.isAlive(); i++) {
        String head;
        try {
          head = HostGet.head(port, "api.example");
        } catch (IOException e) {
          Thread.sleep(100); // not listening yet
          i--;
          continue;
        }
        if (start == 0) {
          start = System.nanoTime();
        }
        if (head.startsWith("HTTP/1.1 200")) {
          served++;
        } else if (head.startsWith("HTTP/1.1 429")) {
          rejected++;
          assertTrue(head.toLowerCase(Locale.ROOT).contains("retry-after:"), head);
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      proxy.join(20_000);
      assertEquals(0, code[0], err.toString());
      assertTrue(
          out.toString().contains("central customers ask redis " + redis.uri()), out.toString());
      assertTrue(served >= 1, "the bucket served its burst: " + served);
      assertTrue(
          served <= 5 + 5 * seconds + 1,
          "at most burst + rate x time: " + served + " in " + seconds + " s");
      assertTrue(rejected >= 1, "requests over the global bucket were refused: " + rejected);
    }
  }
}
