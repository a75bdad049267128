package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alm proxy}: configuration file, flags over it, and errors naming file, field and reason.
 */
class ProxyCommandTest extends CliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Runs {@code alm proxy --insecure-probes --config CONFIG FLAGS... --check}. */
  private int check(Path config, String... flags) {
    List<String> args =
        new ArrayList<>(List.of("proxy", "--insecure-probes", "--config", config.toString()));
    args.addAll(List.of(flags));
    args.add("--check");
    return alm(args.toArray(String[]::new));
  }

  @Test
  void flagsOverrideTheConfigFile() throws Exception {
    Path f = dir.resolve("proxy.json");
    Files.writeString(
        f,
        """
        {"pop": "p7", "capacity": 500, "listen": "127.0.0.1:8088",
         "content": {"mode": "proxy", "origin": "127.0.0.1:9000"},
         "limits": {"maxHeaderBytes": 4096, "maxConnectionAgeMs": 0},
         "accessLog": "logs/access.csv"}
        """);
    assertEquals(0, check(f, "--capacity", "800", "--admin", "127.0.0.1:9180"), err.toString());
    JsonNode c = JSON.readTree(out.toString());
    assertEquals("p7", c.get("pop").asText());
    assertEquals(800, c.get("capacity").asDouble());
    assertEquals(1000, c.get("ceiling").asDouble());
    assertEquals("127.0.0.1:8088", c.get("listen").asText());
    assertEquals("127.0.0.1:9180", c.get("admin").asText());
    assertEquals("proxy", c.get("content").get("mode").asText());
    assertEquals(4096, c.get("limits").get("maxHeaderBytes").asInt());
    assertEquals(0, c.get("limits").get("maxConnectionAgeMs").asInt(), "0: never");
    assertEquals(
        dir.resolve("logs/access.csv").toAbsolutePath().toString(), c.get("accessLog").asText());
  }

  @Test
  void customersComeFromTheConfigAndTheFlagReplacesThem() throws Exception {
    Path f = dir.resolve("proxy.json");
    Files.writeString(
        f,
        """
        {"customers": [{"name": "acme", "hosts": ".acme.example", "requestsPerSecond": 100}],
         "customerLimiters": 4, "centralFailOpen": true}
        """);
    assertEquals(0, check(f), err.toString());
    JsonNode c = JSON.readTree(out.toString());
    assertEquals("acme (drl, [.acme.example])", c.get("customers").get(0).asText());
    assertEquals(4, c.get("customerLimiters").asInt());
    assertTrue(c.get("centralFailOpen").asBoolean());
    assertTrue(c.get("rateLimitHeaders").asBoolean(), "the RateLimit fields by default");
    Path off = dir.resolve("off.json");
    Files.writeString(off, "{\"rateLimitHeaders\": false}");
    out.getBuffer().setLength(0);
    assertEquals(0, check(off), err.toString());
    assertFalse(JSON.readTree(out.toString()).get("rateLimitHeaders").asBoolean());
    Files.writeString(off, "{\"rateLimitHeaders\": \"no\"}");
    assertEquals(1, check(off));
    assertTrue(
        err.toString().startsWith("alm proxy: " + off + ":rateLimitHeaders: "), err.toString());
    err.getBuffer().setLength(0);
    Path file = dir.resolve("customers.json");
    Files.writeString(
        file,
        "{\"customers\": [{\"name\": \"v\", \"hosts\": \"v.example\","
            + " \"bytesPerSecond\": 1e6, \"mode\": \"static\"}]}");
    out.getBuffer().setLength(0);
    assertEquals(0, check(f, "--customers", file.toString()), err.toString());
    c = JSON.readTree(out.toString());
    assertEquals(1, c.get("customers").size());
    assertEquals("v (static, [v.example])", c.get("customers").get(0).asText());
    Files.writeString(file, "{\"customers\": [{\"name\": \"v\", \"hosts\": \"v.example\"}]}");
    assertEquals(1, alm("proxy", "--insecure-probes", "--customers", file.toString(), "--check"));
    assertEquals(
        "alm proxy: "
            + file
            + ":customers[0].requestsPerSecond: a customer needs requestsPerSecond or"
            + " bytesPerSecond (or both) > 0, or keys\n",
        err.toString());
  }

  @Test
  void aProbeKeyTurnsProbeAuthOnAndABadOneIsOneLine() throws Exception {
    assertEquals(0, alm("proxy", "--insecure-probes", "--check"), err.toString());
    assertEquals("off", JSON.readTree(out.toString()).get("probeAuth").asText());
    Path key = dir.resolve("probe.key");
    Files.writeString(key, "0123456789abcdef0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    out.getBuffer().setLength(0);
    assertEquals(0, alm("proxy", "--probe-key", key.toString(), "--check"), err.toString());
    assertEquals("on", JSON.readTree(out.toString()).get("probeAuth").asText());
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-rw-rw-"));
    assertEquals(1, alm("proxy", "--probe-key", key.toString(), "--check"));
    assertEquals(
        "alm proxy: --probe-key " + key + ": writable by others (chmod 600 it)",
        err.toString().strip());
  }

  @Test
  void withoutAProbeKeyTheProxyRefusesToStartUnlessToldExplicitly() throws Exception {
    assertEquals(1, alm("proxy", "--check"));
    String line = err.toString().strip();
    assertTrue(line.startsWith("alm proxy: --probe-key: required:"), line);
    assertTrue(line.contains("--insecure-probes or \"probeAuth\": \"off\""), line);
    assertEquals(1, line.lines().count(), "one line: " + line);
    Path off = dir.resolve("off.json");
    Files.writeString(off, "{\"probeAuth\": \"off\"}");
    err.getBuffer().setLength(0);
    assertEquals(0, alm("proxy", "--config", off.toString(), "--check"), err.toString());
    assertEquals("off", JSON.readTree(out.toString()).get("probeAuth").asText());
    Path key = dir.resolve("probe.key");
    Files.writeString(key, "0123456789abcdef0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Path both = dir.resolve("both.json");
    Files.writeString(
        both, "{\"probeAuth\": \"off\", \"probeKeyFile\": \"" + key.getFileName() + "\"}");
    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--config", both.toString(), "--check"));
    assertEquals(
        "alm proxy: " + both + ":probeAuth: off, but probeKeyFile names a key",
        err.toString().strip());
    Path odd = dir.resolve("odd.json");
    Files.writeString(odd, "{\"probeAuth\": \"maybe\"}");
    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--config", odd.toString(), "--check"));
    assertTrue(
        err.toString().contains("probeAuth: must be \"required\" or \"off\""), err.toString());
    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--probe-key", key.toString(), "--insecure-probes", "--check"));
    assertTrue(err.toString().startsWith("alm proxy: --insecure-probes: a probe key is given"));
  }

  @Test
  void defaultsWithoutAFile() throws Exception {
    assertEquals(0, alm("proxy", "--insecure-probes", "--check"), err.toString());
    JsonNode c = JSON.readTree(out.toString());
    assertEquals("0", c.get("pop").asText());
    assertEquals("cdn.example", c.get("zone").asText());
    assertEquals("127.0.0.1:8080", c.get("listen").asText());
    assertEquals(1250, c.get("ceiling").asDouble());
    assertEquals("generate", c.get("content").get("mode").asText());
  }

  @Test
  void durationStopsTheProxyAndFreesItsPorts() throws Exception {
    assertEquals(
        0,
        alm(
            "proxy",
            "--insecure-probes",
            "--listen",
            "127.0.0.1:0",
            "--admin",
            "127.0.0.1:0",
            "--pop",
            "p1",
            "--duration",
            "0.5"),
        err.toString());
    Matcher m =
        Pattern.compile("listening on 127.0.0.1:(\\d+) .*admin on 127.0.0.1:(\\d+)")
            .matcher(out.toString());
    assertTrue(m.find(), out.toString());
    for (int i = 1; i <= 2; i++) {
      try (ServerSocket s = new ServerSocket()) {
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress("127.0.0.1", Integer.parseInt(m.group(i))));
      }
    }
    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--insecure-probes", "--duration", "-1"));
    assertTrue(err.toString().contains("--duration: must be longer than 0"), err.toString());
  }

  @Test
  void badConfigIsOneLineWithFileFieldAndReason() throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, "{\"capacity\": -3}");
    assertEquals(1, check(f));
    assertTrue(err.toString().contains(f + ":capacity: must be a finite rate > 0"), err.toString());

    Files.writeString(f, "{\"content\": {\"mode\": \"proxy\"}}");
    err.getBuffer().setLength(0);
    assertEquals(1, check(f));
    assertTrue(err.toString().contains(f + ":content.origin: required"), err.toString());

    Files.writeString(f, "{\"capacty\": 3}");
    err.getBuffer().setLength(0);
    assertEquals(1, check(f));
    assertTrue(err.toString().contains(f + ":capacty: unknown field"), err.toString());

    Files.writeString(f, "{\"limits\": {\"maxBodyBytes\": \"big\"}}");
    err.getBuffer().setLength(0);
    assertEquals(1, check(f));
    assertTrue(
        err.toString().contains(f + ":limits.maxBodyBytes: expected an integer"), err.toString());

    Files.writeString(f, "{\"limits\": {\"maxConnectionAgeMs\": -1}}");
    err.getBuffer().setLength(0);
    assertEquals(1, check(f));
    assertTrue(err.toString().contains(f + ":limits.maxConnectionAgeMs: "), err.toString());

    Files.writeString(f, "{\"pop\": \"0\",\n \"zone\": }");
    err.getBuffer().setLength(0);
    assertEquals(1, check(f));
    assertTrue(err.toString().contains(f + ":line 2:"), err.toString());

    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--insecure-probes", "--pop", "Bad_Pop", "--check"));
    assertTrue(
        err.toString().contains("command line:pop: must be a lower-case DNS label"),
        err.toString());

    err.getBuffer().setLength(0);
    assertEquals(1, alm("proxy", "--insecure-probes", "--listen", "nowhere", "--check"));
    assertTrue(err.toString().contains("--listen: expected HOST:PORT"), err.toString());
  }
}
