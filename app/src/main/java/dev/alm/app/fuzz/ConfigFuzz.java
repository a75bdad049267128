package dev.alm.app.fuzz;

import dev.alm.controller.io.TopologyJson;
import dev.alm.dns.DnsConfigJson;
import dev.alm.io.InputException;
import dev.alm.io.fuzz.Mutator;
import dev.alm.pop.PopConfigJson;
import dev.alm.proxy.ProxyConfigJson;
import dev.alm.ratelimit.sim.ScenarioReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Fuzzes every JSON reader of alm (topology, proxy, DNS and PoP configurations, rate-limit
 * scenarios) with mutated valid documents written to a file, as an operator's file would be: a
 * reader must accept the input or refuse it with an {@link InputException}; any other exception, or
 * an input slower than the bound, is a finding.
 */
public final class ConfigFuzz {

  /** The readers and a valid document for each. */
  public enum Target {
    TOPOLOGY(
        "{\"nodes\":[{\"id\":\"a\",\"capacity\":10,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":1},"
            + "{\"id\":\"b\",\"capacity\":2,\"demand\":1,\"eta\":1,\"gamma\":1,\"d\":0}],"
            + "\"correlation\":[[0.9,0.1],[0.5,0.5]]}"),
    PROXY(
        "{\"pop\":\"b\",\"zone\":\"cdn.example\",\"listen\":\"127.0.0.1:8080\",\"capacity\":100,"
            + "\"ceilingFactor\":1.25,\"controlIntervalMs\":1000,\"meterBuckets\":10,"
            + "\"content\":{\"mode\":\"generate\",\"bodyBytes\":100},"
            + "\"limits\":{\"maxHeaderBytes\":8192,\"headerDeadlineMs\":10000}}"),
    DNS(
        "{\"zone\":\"cdn.example\",\"pop\":\"b\",\"l1\":[\"192.0.2.1\"],\"l2\":[\"198.51.100.1\"],"
            + "\"x\":0.5,\"mode\":\"sticky\",\"ttl\":{\"cdn\":20,\"probe\":0},"
            + "\"tcp\":{\"idleTimeoutMs\":10000,\"maxConnections\":100},"
            + "\"rrl\":{\"responsesPerSecond\":20,\"burst\":40}}"),
    POP(
        "{\"topology\":\"builtin:paper-fig2\",\"dns\":\"dns.json\",\"proxy\":\"proxy.json\","
            + "\"algorithm\":\"dual\",\"intervalMs\":1000,\"loadUnit\":150,\"startX\":0.2,"
            + "\"probes\":{\"gamma\":2,\"betaWeight\":0.2},\"admin\":\"127.0.0.1:9200\"}"),
    SCENARIO(
        "{\"limiters\":3,\"globalLimit\":1000,\"unit\":\"requests/s\",\"duration\":2,"
            + "\"interval\":0.05,\"gossip\":{\"branching\":2,\"loss\":0.01},\"graph\":\"ring\","
            + "\"demand\":[{\"limiters\":[0,1],\"points\":[[0,100],[1,600]]},"
            + "{\"limiter\":2,\"rate\":50}],\"seed\":1}");

    final String seed;

    Target(String seed) {
      this.seed = seed;
    }
  }

  /** Tokens the mutations insert: field names, numbers at the edges, JSON keywords. */
  static final List<String> DICTIONARY =
      List.of(
          "1e308",
          "-1e308",
          "1e999",
          "-0",
          "0",
          "9223372036854775808",
          "NaN",
          "null",
          "true",
          "\"\"",
          "[]",
          "{}",
          "\"a\":1,",
          "\"nodes\"",
          "\"capacity\"",
          "\"x\"",
          "\"l1\"",
          "\"127.0.0.1:0\"",
          "\"0.0.0.0:80\"",
          "\"builtin:paper-fig2\"",
          "\"../../etc/passwd\"",
          "\"\\u0000\"",
          "\"limiters\"",
          "\"ttl\"",
          "1000000000",
          "2147483648",
          "\uFEFF");

  /** What a run over one target found. */
  public record Result(
      Target target,
      long inputs,
      long accepted,
      long refused,
      long findings,
      long slow,
      double seconds,
      List<String> examples) {}

  private ConfigFuzz() {}

  /**
   * Runs {@code inputs} mutated documents through the reader of {@code target}, in {@code dir}
   * (which gets the valid dns.json and proxy.json a pop.json names).
   */
  public static Result run(
      Target target, long inputs, long seed, long slowNanos, Path dir, LongConsumer progress)
      throws Exception {
    Files.writeString(dir.resolve("dns.json"), Target.DNS.seed);
    Files.writeString(dir.resolve("proxy.json"), Target.PROXY.seed);
    Path file = dir.resolve("input.json");
    Mutator m =
        new Mutator(List.of(target.seed.getBytes(StandardCharsets.UTF_8)), DICTIONARY, seed);
    long accepted = 0;
    long refused = 0;
    long findings = 0;
    long slow = 0;
    List<String> examples = new ArrayList<>();
    long start = System.nanoTime();
    for (long i = 0; i < inputs; i++) {
      byte[] in = m.next();
      Files.write(file, in);
      long t0 = System.nanoTime();
      try {
        read(target, file);
        accepted++;
      } catch (InputException e) {
        refused++;
        if (e.getMessage().contains("\n")) {
          findings++;
          note(examples, i, "a refusal of more than one line: " + e.getMessage());
        }
      } catch (Throwable t) {
        findings++;
        note(examples, i, t + " on " + new String(in, StandardCharsets.UTF_8));
      }
      if (System.nanoTime() - t0 > slowNanos) {
        slow++;
        note(examples, i, "slow: " + (System.nanoTime() - t0) / 1_000_000 + " ms");
      }
      if ((i + 1) % 100_000 == 0) {
        progress.accept(i + 1);
      }
    }
    return new Result(
        target,
        inputs,
        accepted,
        refused,
        findings,
        slow,
        (System.nanoTime() - start) / 1e9,
        examples);
  }

  private static void note(List<String> examples, long i, String what) {
    if (examples.size() < 5) {
      examples.add("input " + i + ": " + what);
    }
  }

  static void read(Target target, Path file) throws Exception {
    switch (target) {
      case TOPOLOGY -> TopologyJson.read(file, false);
      case PROXY -> ProxyConfigJson.build(ProxyConfigJson.read(file), file.toString());
      case DNS -> DnsConfigJson.read(file);
      case POP -> PopConfigJson.read(file);
      case SCENARIO -> ScenarioReader.read(file.toString());
    }
  }

  /** The results of a run per target, in order. */
  public static Map<Target, Result> runAll(
      long inputs, long seed, long slowNanos, Path dir, LongConsumer progress) throws Exception {
    Map<Target, Result> out = new LinkedHashMap<>();
    for (Target t : Target.values()) {
      out.put(t, run(t, inputs, seed, slowNanos, dir, progress));
    }
    return out;
  }
}
