package dev.alm.app.drl;

import dev.alm.app.Outputs;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.io.InputException;
import dev.alm.ratelimit.keys.KeyedScenario;
import dev.alm.ratelimit.keys.KeyedScenarioReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl keys-central}: the keyed workload against a central store, Redis with one Bucket4j
 * bucket per key or the token server with a fixed-window count per key, to compare with the per-key
 * limits the PoPs share among themselves (docs/ratelimit/keys-central.md).
 */
@Command(
    name = "keys-central",
    header =
        "Per-key limits kept centrally (Redis, a bucket per key, or the token server, a count per"
            + " key): admitted/limit, latency, memory.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Sends requests of the keys of --scenario (their Zipf popularity, limit per key and window)",
      "at --offered requests/s, paced, for --duration seconds, each decided by the central store:",
      "with --redis or --start-redis, a Bucket4j bucket of its key in Redis (Bucket4j over",
      "Lettuce): limit tokens per window, all refilled at each window boundary (aligned to the",
      "epoch: a fixed window, also for a sliding scenario), the key expiring 1 s after its window;",
      "with --start-token-server, one signed UDP question per request to an in-process token",
      "server that counts each key in its fixed window (aligned to the epoch) and drops a key when",
      "its window ends. Prints admitted/limit per key per complete window for keys whose demand",
      "reached the limit (median, p99, max, share within 2%%), keys under their limit that were",
      "refused, decision latency, requests/s achieved, the store at the end (Redis's used_memory",
      "and DBSIZE, or the token server's keys held and counters), and, with --outage, what the",
      "failure policy answered while the store was down. Writes DIR/summary.json with --out."
    })
public final class KeysCentralCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--redis",
      paramLabel = "URI",
      description = "Redis server, e.g. redis://127.0.0.1:6379 (or --start-redis).")
  String redis;

  @Option(
      names = "--start-redis",
      description = "Start a throwaway redis-server on a free loopback port, stopped at the end.")
  boolean startRedis;

  @Option(
      names = "--start-token-server",
      description =
          "Instead of Redis: start a token server in this process on a free loopback port, with a"
              + " fresh random key and the scenario's limit and window per key, asked once per"
              + " request.")
  boolean startTokenServer;

  @Option(
      names = "--scenario",
      paramLabel = "SOURCE",
      defaultValue = "builtin:keys-zipf?keys=100000&requestsPerSecond=10000&duration=130",
      description =
          "Keyed scenario: a builtin or a file (docs/ratelimit/keys.md). Only the keys, their"
              + " popularity, the limit, the window and the seed are used. Default: ${DEFAULT-VALUE}.")
  String scenario;

  @Option(
      names = "--offered",
      paramLabel = "N",
      description =
          "Requests/s offered, paced. Default: the scenario's requestsPerSecond (the limit is"
              + " the scenario's either way).")
  Double offered;

  @Option(
      names = "--duration",
      paramLabel = "SECONDS",
      description =
          "Seconds of load (at most offered x duration requests). Default: the scenario's.")
  Double duration;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      defaultValue = "2",
      description =
          "Seconds of load before --duration (JVM and connection warm-up; not measured). Default:"
              + " 2.")
  double warmup;

  @Option(
      names = "--concurrency",
      defaultValue = "256",
      description = "Decisions in flight at most; the sender waits beyond. Default: 256.")
  int concurrency;

  @Option(
      names = "--timeout",
      paramLabel = "MS",
      defaultValue = "50",
      description =
          "Longest wait for one decision, then the failure policy answers; at most half the"
              + " window. Default: 50.")
  long timeoutMs;

  @Option(
      names = "--failure",
      paramLabel = "POLICY",
      defaultValue = "open",
      description =
          "open (admit) or closed (refuse) when the store fails or is late. Default: open.")
  String failure;

  @Option(
      names = "--outage",
      paramLabel = "A:B",
      description =
          "The store down from A to B seconds after the warm-up (0 <= A < B <= --duration):"
              + " Redis paused (CLIENT PAUSE ... ALL), or the token server stopped at A and a new"
              + " one, holding no count, started on the same port at B. Default: none.")
  String outage;

  @Option(
      names = "--customer",
      paramLabel = "NAME",
      description =
          "The customer the keys belong to, in their names (alm:key:NAME:HASH) and the token"
              + " server's requests. Default: keys- and the start time, so runs do not share"
              + " buckets.")
  String customer;

  @Option(names = "--out", paramLabel = "DIR", description = "Write DIR/summary.json.")
  Path out;

  @Override
  public Integer call() throws Exception {
    KeyedScenario sc = KeyedScenarioReader.read(scenario);
    double rate = offered == null ? sc.requestsPerSecond() : offered;
    double seconds = duration == null ? sc.duration() : duration;
    check(sc, rate, seconds);
    double[] ab = outageSeconds(seconds);
    FailurePolicy policy = policy();
    String name =
        customer == null ? "keys-" + Long.toString(System.currentTimeMillis(), 36) : customer;
    if (name.isEmpty() || name.contains(":") || name.length() > 100) {
      throw new InputException("--customer", "", "1 to 100 characters without ':', got " + name);
    }
    int stores = (redis == null ? 0 : 1) + (startRedis ? 1 : 0) + (startTokenServer ? 1 : 0);
    if (stores != 1) {
      throw new InputException(
          "--redis", "", "give one of --redis URI, --start-redis or --start-token-server");
    }
    KeysCentralLoad load =
        new KeysCentralLoad(
            sc,
            sc.effectiveLimit(),
            name,
            rate,
            warmup,
            seconds,
            concurrency,
            timeoutMs,
            policy,
            ab);
    KeysCentralReport report = startTokenServer ? KeysCentralTokenServer.run(load) : redis(load);
    PrintWriter o = spec.commandLine().getOut();
    report.print(o);
    o.flush();
    if (out != null) {
      Path dir = Outputs.directory(out);
      Outputs.json(dir.resolve("summary.json"), report.summary());
    }
    return 0;
  }

  /** Runs against --redis, or a redis-server started for the run. */
  private KeysCentralReport redis(KeysCentralLoad load) throws Exception {
    if (!startRedis) {
      return KeysCentralRedis.run(load, redis);
    }
    if (!RedisServerProcess.installed()) {
      throw new InputException("--start-redis", "", "redis-server is not on the PATH");
    }
    try (RedisServerProcess server = RedisServerProcess.start()) {
      return KeysCentralRedis.run(load, server.uri());
    }
  }

  private void check(KeyedScenario sc, double rate, double seconds) {
    if (!(rate > 0) || rate > 1e6) {
      throw new ParameterException(spec.commandLine(), "--offered: in (0, 1000000], got " + rate);
    }
    if (!(warmup >= 0) || warmup > 3600) {
      throw new ParameterException(spec.commandLine(), "--warmup: in [0, 3600], got " + warmup);
    }
    if (!(seconds > 0) || seconds > 86_400) {
      throw new ParameterException(spec.commandLine(), "--duration: in (0, 86400], got " + seconds);
    }
    if (concurrency < 1 || concurrency > 100_000) {
      throw new ParameterException(
          spec.commandLine(), "--concurrency: in 1..100000, got " + concurrency);
    }
    long maxTimeout = Math.min(10_000, sc.window().millis() / 2);
    if (timeoutMs < 1 || timeoutMs > maxTimeout) {
      throw new ParameterException(
          spec.commandLine(),
          "--timeout: in 1.." + maxTimeout + " ms (at most half the window), got " + timeoutMs);
    }
    if (sc.keys() > 10_000_000) {
      throw new ParameterException(
          spec.commandLine(), "--scenario: at most 10000000 keys here, got " + sc.keys());
    }
  }

  private FailurePolicy policy() throws InputException {
    return switch (failure.toLowerCase(Locale.ROOT)) {
      case "open" -> FailurePolicy.FAIL_OPEN;
      case "closed" -> FailurePolicy.FAIL_CLOSED;
      default -> throw new InputException("--failure", "", "open or closed, got '" + failure + "'");
    };
  }

  /** --outage as its two times in seconds, or -1 and -1 for none. */
  private double[] outageSeconds(double seconds) throws InputException {
    if (outage == null) {
      return new double[] {-1, -1};
    }
    String[] p = outage.split(":", -1);
    double a;
    double b;
    try {
      a = Double.parseDouble(p[0]);
      b = Double.parseDouble(p[1]);
    } catch (RuntimeException e) {
      throw new InputException("--outage", "", "A:B in seconds, e.g. 4:8, not " + outage);
    }
    if (p.length != 2 || !(a >= 0) || !(b > a) || b > seconds) {
      throw new InputException("--outage", "", "need 0 <= A < B <= --duration, got " + outage);
    }
    return new double[] {a, b};
  }
}
