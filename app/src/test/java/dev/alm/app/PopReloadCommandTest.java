package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sun.misc.Signal;

/**
 * {@code alm pop --customers FILE} reloads on SIGHUP (docs/pop/reload.md, "Reload"): the customers
 * file changed, a SIGHUP raised in this process, and the running PoP's limit is the new one, its
 * {@code /status} at configuration version 2.
 */
class PopReloadCommandTest extends CliTest {
  @TempDir Path dir;

  private void customers(double rate) throws Exception {
    Files.writeString(
        dir.resolve("customers.json"),
        """
        {"customers": [{"name": "acme", "hosts": ["acme.example"], "requestsPerSecond": %s,
          "mode": "independent"}]}
        """
            .formatted(rate));
  }

  @Test
  void aSighupReadsTheCustomersFileAgain() throws Exception {
    int admin;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      admin = s.getLocalPort();
    }
    Files.writeString(
        dir.resolve("dns.json"),
        """
        {"pop": "a", "zone": "cdn.example.", "names": ["www"], "l1": ["192.0.2.1"],
         "l2": ["198.51.100.1"], "listen": "127.0.0.1:0"}
        """);
    Files.writeString(dir.resolve("proxy.json"), "{\"listen\": \"127.0.0.1:0\"}");
    Path key = dir.resolve("probe.key");
    Files.writeString(key, "probe-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Path pop = dir.resolve("pop.json");
    Files.writeString(
        pop,
        """
        {"topology": "builtin:paper-fig2", "dns": "dns.json", "proxy": "proxy.json",
         "probeKeyFile": "probe.key", "admin": "127.0.0.1:%d"}
        """
            .formatted(admin));
    customers(100);
    String status = "http://127.0.0.1:" + admin + "/status";
    try (InProcessPops pops =
        new InProcessPops(
            this,
            List.<String[]>of(
                new String[] {
                  "pop",
                  "--config",
                  pop.toString(),
                  "--customers",
                  dir.resolve("customers.json").toString(),
                  "--duration",
                  "6"
                }))) {
      JsonNode s = null;
      for (int i = 0; i < 50 && s == null; i++) {
        Thread.sleep(100);
        s = pops.status(status, null);
      }
      assertNotNull(s, "the PoP answers: " + err);
      assertEquals(1, s.get("config").get("version").asInt());
      customers(7);
      Signal.raise(new Signal("HUP"));
      for (int i = 0; i < 50 && s.get("config").get("version").asInt() < 2; i++) {
        Thread.sleep(100);
        s = pops.status(status, null);
      }
      assertEquals(2, s.get("config").get("version").asInt(), err.toString());
      assertEquals("applied", s.get("config").get("lastReload").get("outcome").asText());
      assertEquals(7.0, s.get("customers").get(0).get("limit").asDouble(), 1e-9);
      pops.close();
      assertArrayEquals(new int[] {0}, pops.codes(), err.toString());
    }
  }
}
