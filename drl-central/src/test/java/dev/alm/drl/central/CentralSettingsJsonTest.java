package dev.alm.drl.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.alm.io.InputException;
import dev.alm.io.JsonFields;
import dev.alm.io.KeyRing;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The central baselines' config and customers files: what they start, and one-line errors. */
class CentralSettingsJsonTest {

  @TempDir Path dir;

  private static JsonFields json(String text) throws Exception {
    JsonNode n = JsonFields.strictMapper().readTree(text);
    return JsonFields.of("pop.json", "central", n);
  }

  @Test
  void redisModeStartsALimiterAgainstARealServer() throws Exception {
    assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      CentralSettings s =
          CentralSettingsJson.read(
              json(
                  "{\"mode\": \"redis\", \"redis\": \""
                      + redis.uri()
                      + "\", \"timeoutMs\": 500, \"policy\": \"closed\"}"),
              dir);
      assertEquals(Duration.ofMillis(500), s.timeout());
      assertEquals(FailurePolicy.FAIL_CLOSED, s.policy());
      try (CentralBaseline b = s.start(List.of(new CentralLimit("acme", 1, 2)))) {
        assertTrue(b.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertTrue(b.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertEquals(false, b.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertEquals("redis", b.status().get("mode"));
      }
    }
  }

  @Test
  void tokenServerModeLeasesFromAServer() throws Exception {
    Path key = dir.resolve("fleet.key");
    Files.writeString(key, "central-settings-key-0001\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    TokenServerCore core =
        new TokenServerCore(
            new LeaseCodec(KeyRing.load(key, "test")),
            TokenServerSettings.DEFAULTS,
            List.of(new CentralLimit("acme", 100, 100)),
            System.nanoTime());
    try (TokenServer server =
        TokenServer.start(core, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      CentralSettings s =
          CentralSettingsJson.read(
              json(
                  "{\"mode\": \"token-server\", \"server\": \"127.0.0.1:"
                      + server.address().getPort()
                      + "\", \"keyFile\": \"fleet.key\", \"timeoutMs\": 1000}"),
              dir);
      try (CentralBaseline b = s.start(List.of())) {
        assertTrue(b.tryAcquire("acme", 1).toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertEquals("token-server", b.status().get("mode"));
        assertEquals(1, b.counters().admitted());
      }
    }
  }

  /** What reading {@code central} (the section's JSON) refuses it with. */
  private String refusal(String central) {
    return assertThrows(InputException.class, () -> CentralSettingsJson.read(json(central), dir))
        .getMessage();
  }

  @Test
  void errorsNameTheFileTheFieldAndTheReason() throws Exception {
    assertEquals("pop.json:central.mode: required (redis or token-server)", refusal("{}"));
    for (String[] bad :
        new String[][] {
          {"{\"mode\": \"memcached\"}", "central.mode: redis or token-server, got 'memcached'"},
          {
            "{\"mode\": \"redis\", \"redis\": \"http://x\"}",
            "central.redis: redis URI must start with"
          },
          {
            "{\"mode\": \"redis\", \"redis\": \"redis://h:1\", \"server\": 1}",
            "central.server: unknown field"
          },
          {
            "{\"mode\": \"redis\", \"redis\": \"redis://h:1\", \"policy\": \"x\"}",
            "central.policy: open, closed or defer"
          },
          {
            "{\"mode\": \"token-server\", \"server\": \"127.0.0.1:1\", \"keyFile\": \"missing.key\"}",
            "no such file"
          }
        }) {
      String m = refusal(bad[0]);
      assertTrue(m.contains(bad[1]), m);
    }
  }

  @Test
  void customersFileIsReadStrictly() throws Exception {
    Path f = dir.resolve("customers.json");
    Files.writeString(
        f,
        "[{\"name\": \"acme\", \"limit\": 1000, \"burst\": 2000}, {\"name\": \"b\", \"limit\": 0.5}]");
    List<CentralLimit> l = CentralCustomersJson.read(f);
    assertEquals(new CentralLimit("acme", 1000, 2000), l.get(0));
    assertEquals(new CentralLimit("b", 0.5, 1), l.get(1));
    for (String[] bad :
        new String[][] {
          {"{}", "expected a JSON array"},
          {"[1]", "[0]: expected an object"},
          {"[{\"limit\": 1}]", "[0].name: required"},
          {"[{\"name\": \"a\"}]", "[0].limit: required"},
          {"[{\"name\": \"a\", \"limit\": -1}]", "[0].limit: must be in"},
          {"[{\"name\": \"a\", \"limit\": 1, \"burst\": 0}]", "[0].burst: must be in"},
          {
            "[{\"name\": \"a\", \"limit\": 1}, {\"name\": \"a\", \"limit\": 2}]",
            "[1].name: duplicate"
          },
          {"[{\"name\": \"" + "x".repeat(65) + "\", \"limit\": 1}]", "[0].name: must be 1 to 64"},
          {"[{\"name\": \"a\", \"name\": \"b\", \"limit\": 1}]", "line 1"},
        }) {
      Files.writeString(f, bad[0]);
      InputException e = assertThrows(InputException.class, () -> CentralCustomersJson.read(f));
      assertTrue(e.getMessage().contains(bad[1]), bad[0] + " -> " + e.getMessage());
      assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
    }
    assertInstanceOf(
        List.class, CentralCustomersJson.read("x", JsonFields.strictMapper().readTree("[]")));
  }
}
