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
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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
    Path key = fleetKey();
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

  @Test
  void customersMayHaveAPerKeyLimit() throws Exception {
    Path f = dir.resolve("customers.json");
    Files.writeString(
        f,
        "[{\"name\": \"acme\", \"limit\": 1000, \"keys\": {\"window\": \"1M\", \"limit\": 100}},"
            + " {\"name\": \"b\", \"limit\": 5, \"keys\": null}]");
    CentralCustomersJson.Customers c = CentralCustomersJson.readAll(f);
    assertEquals(List.of(CentralLimit.of("acme", 1000), CentralLimit.of("b", 5)), c.limits());
    assertEquals(List.of(new CentralKeyLimit("acme", 100, 60_000)), c.keys());
    assertEquals(c.limits(), CentralCustomersJson.read(f));
  }

  @Test
  void settingsAreReadToTheirValuesAndDefaults() throws Exception {
    assertEquals(
        new CentralSettings.RedisMode(
            "redis://h:1",
            RedisLimiterConfig.DEFAULT_TIMEOUT,
            FailurePolicy.FAIL_OPEN,
            RedisLimiterConfig.DEFAULT_KEY_PREFIX),
        CentralSettingsJson.read(
            json("{\"mode\": \"redis\", \"redis\": \"redis://h:1\", \"timeoutMs\": null}"), dir));
    assertEquals(
        new CentralSettings.RedisMode("redis://h:1", Duration.ofMillis(7), FailurePolicy.DEFER, ""),
        CentralSettingsJson.read(
            json(
                "{\"keyPrefix\": \"\", \"policy\": \"defer\", \"timeoutMs\": 7, \"mode\":"
                    + " \"redis\", \"redis\": \"redis://h:1\"}"),
            dir));
    fleetKey();
    CentralSettings.TokenServerMode t =
        (CentralSettings.TokenServerMode)
            CentralSettingsJson.read(
                json(
                    "{\"mode\": \"token-server\", \"server\": \"h:9\", \"keyFile\":"
                        + " \"fleet.key\", \"policy\": \"fail-closed\"}"),
                dir);
    assertEquals("h:9", t.server().toString());
    assertEquals(RedisLimiterConfig.DEFAULT_TIMEOUT, t.timeout());
    assertEquals(FailurePolicy.FAIL_CLOSED, t.policy());
    assertEquals(1, t.keys().size());
  }

  /** Each refused object and its error line. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("settingsErrors")
  void everySettingsErrorLine(String where, String[] c) {
    assertEquals(2, c.length, where + ": expected INPUT<TAB>ERROR LINE");
    InputException e =
        assertThrows(InputException.class, () -> CentralSettingsJson.read(json(c[0]), dir), where);
    assertEquals("pop.json:" + c[1], e.getMessage(), where);
  }

  static Stream<Arguments> settingsErrors() throws Exception {
    return cases("settings-errors.tsv");
  }

  @Test
  void aTokenServersKeyFileMustBeThere() {
    String token = "\"mode\": \"token-server\", \"server\": \"h:1\", \"keyFile\": \"k\"";
    InputException e =
        assertThrows(
            InputException.class, () -> CentralSettingsJson.read(json("{" + token + "}"), dir));
    assertEquals("central.keyFile " + dir.resolve("k") + ": no such file", e.getMessage());
  }

  /** Each refused customers file and its error line, after the file name. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("customersErrors")
  void everyCustomersErrorLine(String where, String[] c) throws Exception {
    assertEquals(2, c.length, where + ": expected INPUT<TAB>ERROR LINE");
    Path f = dir.resolve("customers.json");
    Files.writeString(f, c[0]);
    InputException e =
        assertThrows(InputException.class, () -> CentralCustomersJson.read(f), where);
    assertEquals(f + c[1], e.getMessage(), where);
  }

  static Stream<Arguments> customersErrors() throws Exception {
    return cases("customers-errors.tsv");
  }

  @Test
  void customersAreReadToTheirValues() throws Exception {
    Path f = dir.resolve("customers.json");
    Files.writeString(
        f,
        "[{\"name\": 5, \"limit\": 0.25, \"burst\": null}, {\"burst\": 3.5, \"limit\": 1e15,"
            + " \"name\": \"b\"}]");
    assertEquals(
        List.of(new CentralLimit("5", 0.25, 1), new CentralLimit("b", 1e15, 3.5)),
        CentralCustomersJson.read(f));
    assertEquals(
        "x: expected a JSON array of customers",
        assertThrows(InputException.class, () -> CentralCustomersJson.read("x", null))
            .getMessage());
  }

  /**
   * The cases in resource {@code name}, a line each but blank lines and '#' comments: where it
   * stands (file:line), then its tab-separated fields.
   */
  static Stream<Arguments> cases(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(Path.of(CentralSettingsJsonTest.class.getResource(name).toURI()));
    return IntStream.range(0, lines.size())
        .filter(i -> !lines.get(i).isBlank() && !lines.get(i).startsWith("#"))
        .mapToObj(i -> Arguments.of(name + ":" + (i + 1), lines.get(i).split("\t", -1)));
  }

  /** The fleet's key file, fleet.key, readable by its owner only. */
  private Path fleetKey() throws Exception {
    Path key = dir.resolve("fleet.key");
    Files.writeString(key, "central-settings-key-0001\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    return key;
  }
}
