package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm export --ratelimits} against a running {@code alm proxy} with a customer: the row
 * carries the customer's limit, share and mode as the proxy's /status shows them.
 */
class ExportRateLimitsTest extends CliTest {

  @TempDir Path dir;

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void exportsTheSharesOfARunningProxy() throws Exception {
    Path customers = dir.resolve("customers.json");
    Files.writeString(
        customers,
        """
        {"customers": [{"name": "api", "hosts": ["api.example"], "requestsPerSecond": 40,
          "mode": "static"}]}
        """);
    int admin = freePort();
    int listen = freePort();
    CliTest proxyCli = new CliTest() {};
    int[] code = new int[1];
    Thread proxy =
        new Thread(
            () ->
                code[0] =
                    proxyCli.alm(
                        "proxy",
                        "--insecure-probes",
                        "--listen",
                        "127.0.0.1:" + listen,
                        "--admin",
                        "127.0.0.1:" + admin,
                        "--customers",
                        customers.toString(),
                        "--duration",
                        "6"));
    proxy.start();
    int exported = 1;
    for (int attempt = 0; attempt < 50 && exported != 0; attempt++) {
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      exported = alm("export", "--ratelimits", "--from", "127.0.0.1:" + admin);
      if (exported != 0) {
        Thread.sleep(100); // the proxy is still starting
      }
    }
    proxy.join(20_000);
    assertEquals(0, exported, err.toString());
    assertEquals(0, code[0], proxyCli.err.toString());
    String[] lines = out.toString().strip().split("\n");
    assertEquals(
        "pop,customer,unit,limit,share,demand,served,rejected,peers,mode,source", lines[0]);
    assertEquals(2, lines.length, out.toString());
    String[] row = lines[1].split(",");
    assertEquals("api", row[1]);
    assertEquals(40.0, Double.parseDouble(row[3]), 1e-9);
    assertEquals(40.0, Double.parseDouble(row[4]), 1e-9, "static with N = 1: the whole limit");
    assertEquals("static", row[9]);
    assertTrue(row[10].contains("127.0.0.1:" + admin), lines[1]);
  }
}
