package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input as a careless operator or an attacker would give it: every case ends with one line
 * naming the file or flag, the field and the reason, exit 1, no class names, and nothing written.
 */
class HostileInputTest extends CliTest {

  private static final String OK_TOPOLOGY =
      "{\"nodes\":[{\"id\":\"a\",\"capacity\":10,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":1},"
          + "{\"id\":\"b\",\"capacity\":1,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":1}],"
          + "\"correlation\":[[0.5,0.5],[0.5,0.5]]}";

  @TempDir Path dir;

  /** Runs, and checks the one-line shape: exit 1, one line, no exception class names. */
  private String refused(String... args) {
    int code = alm(args);
    String e = err.toString().strip();
    err.getBuffer().setLength(0);
    assertEquals(1, code, e);
    String last = e.lines().reduce((a, b) -> b).orElse("");
    assertFalse(last.matches(".*\\b(java|io\\.netty|org\\.xbill)\\.[a-z].*"), last);
    assertFalse(last.contains("Exception"), last);
    return last;
  }

  private Path write(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  /** What {@code alm compare} refuses a topology file {@code name} holding {@code text} with. */
  private String refusedTopology(String name, String text) throws Exception {
    return refused(
        "compare", "-t", write(name, text).toString(), "-o", dir.resolve("o").toString());
  }

  @Test
  void topologiesAreReadStrictly() throws Exception {
    assertTrue(
        refusedTopology("huge.json", OK_TOPOLOGY.replace("\"capacity\":10", "\"capacity\":1e308"))
            .endsWith("huge.json:nodes[0].capacity: must be at most 1000000000, got 1.0E308"));
    assertTrue(
        refusedTopology(
                "unknown.json",
                OK_TOPOLOGY.replace("\"correlation\"", "\"bogus\":1,\"correlation\""))
            .endsWith("unknown.json:bogus: unknown field (known: correlation, nodes)"));
    assertTrue(
        refusedTopology(
                "nodefield.json",
                OK_TOPOLOGY.replace("\"id\":\"b\",", "\"id\":\"b\",\"capcity\":3,"))
            .contains("nodefield.json:nodes[1].capcity: unknown field"));
    assertTrue(
        refusedTopology("trailing.json", OK_TOPOLOGY + "\n{}")
            .endsWith("trailing.json:line 2: text after the end of the JSON document"));
    assertTrue(
        refusedTopology(
                "dup.json",
                OK_TOPOLOGY.replace("\"capacity\":1,", "\"capacity\":1,\"capacity\":7,"))
            .endsWith("dup.json:line 1: duplicate key 'capacity'"));
    byte[] noise = new byte[300];
    new Random(7).nextBytes(noise);
    Files.write(dir.resolve("bin.csv"), noise);
    Path bin =
        write(
            "bin.json",
            "{\"nodes\":[{\"id\":\"a\",\"capacity\":1,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":1}],"
                + "\"correlation\":\"bin.csv\"}");
    assertTrue(
        refused("compare", "-t", bin.toString(), "-o", dir.resolve("o").toString())
            .endsWith("bin.csv: not UTF-8 text (a CSV file is expected)"));
    assertFalse(Files.exists(dir.resolve("o")), "nothing written");
  }

  @Test
  void outputDirectoriesAndRangesAreChecked() throws Exception {
    Path topo = write("ok.json", OK_TOPOLOGY);
    Path file = write("afile", "keep me");
    assertTrue(
        refused("compare", "-t", topo.toString(), "-o", file.toString())
            .endsWith(": exists and is not a directory"));
    assertEquals("keep me", Files.readString(file));
    assertTrue(
        refused("compare", "-t", topo.toString(), "-o", "")
            .endsWith("--out: must name a directory, got an empty path"));
    for (String[] loads : new String[][] {{"1000", "1000"}, {"1e9", "1000000000"}}) {
      assertTrue(
          refused("compare", "-t", topo.toString(), "--loads", loads[0], "-o", dir + "/l")
              .endsWith(
                  "--loads: each must be in (0, 100] (mean demand over capacity), got " + loads[1]),
          loads[0]);
    }
    assertTrue(
        refused("proxy", "--insecure-probes", "--duration", "-5")
            .endsWith("--duration: must be longer than 0, got '-5'"));
    assertTrue(
        refused(
                "cluster",
                "--duration",
                "10",
                "--flash",
                "b:5:20:30",
                "-o",
                dir.resolve("c").toString())
            .contains("after the end of the run"));
    assertTrue(
        refused("cluster", "--keep-alive-share", "1.5", "-o", dir.resolve("k").toString())
            .endsWith("--keep-alive-share: must be in [0, 1], got 1.5"));
    assertTrue(
        refused("cluster", "--max-connection-age", "soon", "-o", dir.resolve("k").toString())
            .contains("--max-connection-age: expected 500ms"));
    assertFalse(Files.exists(dir.resolve("k")), "nothing written");
    assertEquals(
        2, alm("cluster", "--beta-source", "gossip", "-o", dir.resolve("c").toString()), "usage");
    assertTrue(
        err.toString().contains("beta source must be probes, echo or auto, got gossip"),
        err.toString());
    err.getBuffer().setLength(0);
    assertTrue(
        refused(
                "cluster",
                "--beta-source",
                "echo",
                "--no-probe-auth",
                "-o",
                dir.resolve("c").toString())
            .endsWith(
                "--beta-source echo (the default) needs probe authentication (price echoes are"
                    + " signed): drop --no-probe-auth, or add --beta-source probes"));
    assertFalse(Files.exists(dir.resolve("c")), "nothing written");
    assertFalse(Files.exists(dir.resolve("l")));
  }

  @Test
  void daemonConfigsNameTheFieldAsDocumented() throws Exception {
    String zone = "\"zone\":\"cdn.example\",\"l1\":[\"192.0.2.1\"],\"l2\":[\"198.51.100.1\"]";
    Path ttl = write("ttl.json", "{" + zone + ",\"ttl\":{\"cdn\":99999999999}}");
    assertTrue(
        refused("dns", "--config", ttl.toString())
            .endsWith(
                "ttl.json:ttl: TTLs must be at most 2147483647 seconds (RFC 2181 section 8)"));
    Path rrl = write("rrl.json", "{" + zone + ",\"rrl\":{\"responsesPerSecond\":0}}");
    assertTrue(
        refused("dns", "--config", rrl.toString())
            .endsWith("rrl.json:rrl.responsesPerSecond: must be a positive number, got 0.0"));
    Path tcp = write("tcp.json", "{" + zone + ",\"tcp\":{\"idleTimeoutMs\":0}}");
    assertTrue(
        refused("dns", "--config", tcp.toString())
            .endsWith("tcp.json:tcp.idleTimeoutMs: must be > 0"));
    Path threads = write("threads.json", "{\"ioThreads\":100000}");
    assertTrue(
        refused("proxy", "--insecure-probes", "--config", threads.toString(), "--check")
            .contains("threads.json:ioThreads: must be in 0..256"));
  }

  @Test
  void takenAndUnresolvableListenAddressesAreNamed() throws Exception {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress("127.0.0.1", 0));
      String at = "127.0.0.1:" + taken.getLocalPort();
      assertTrue(
          refused("proxy", "--insecure-probes", "--listen", at, "--duration", "1")
              .endsWith(
                  "cannot listen: address already in use (another process holds a --listen or --admin port)"));
      assertTrue(
          refused(DnsArgs.with("--listen", at, "--duration", "1"))
              .contains("address already in use"));
    }
    assertTrue(
        refused(
                "proxy",
                "--insecure-probes",
                "--listen",
                "nonexistent.invalid:8080",
                "--duration",
                "1")
            .contains("does not resolve"));
  }

  @Test
  void aTruncatedCompressedTraceIsAnErrorUnlessAllowed() throws Exception {
    Path full = dir.resolve("paired.csv.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(full))) {
      StringBuilder b = new StringBuilder("timestamp,vantage_id,service,site\n");
      Random r = new Random(3);
      for (int i = 0; i < 20_000; i++) {
        String ts = Instant.ofEpochSecond(1_767_225_600L + i).toString();
        int vantage = r.nextInt(200);
        for (String service : new String[] {"dns-anycast", "http-anycast"}) {
          b.append(ts).append(',').append(vantage).append(',').append(service).append(',');
          b.append(r.nextBoolean() ? "ams" : "fra").append('\n');
        }
      }
      o.write(b.toString().getBytes());
    }
    byte[] bytes = Files.readAllBytes(full);
    Path cut = dir.resolve("cut.csv.gz");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length * 38 / 100));
    String[] args = {
      "correlate",
      "--paired",
      cut.toString(),
      "--dns-service",
      "dns-anycast",
      "--http-service",
      "http-anycast",
      "--out",
      dir.resolve("c").toString()
    };
    String line = refused(args);
    assertTrue(line.contains("cut.csv.gz: truncated or corrupt after line"), line);
    assertFalse(Files.exists(dir.resolve("c")));
    String[] allowed = Arrays.copyOf(args, args.length + 1);
    allowed[args.length] = "--allow-truncated";
    assertEquals(0, alm(allowed), err.toString());
    assertTrue(Files.exists(dir.resolve("c").resolve("C.csv")));
  }
}
