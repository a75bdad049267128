package dev.alm.app.drl;

import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisKeyLimiter;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.io.InputException;
import dev.alm.ratelimit.keys.KeyedScenario;
import dev.alm.ratelimit.keys.KeyedScenarioReader;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl keys-central}: the keyed workload against Redis as the central store, one Bucket4j
 * bucket per key, to compare with the per-key limits the PoPs share among themselves
 * (docs/ratelimit/keys-central.md).
 */
@Command(
    name = "keys-central",
    header = "Per-key limits kept in Redis (one bucket per key): admitted/limit, latency, memory.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Sends requests of the keys of --scenario (their Zipf popularity, limit per key and window)",
      "at --offered requests/s, paced, for --duration seconds, each decided by a Bucket4j bucket",
      "of its key in Redis (Bucket4j over Lettuce): limit tokens per window, all refilled at each",
      "window boundary (aligned to the epoch: a fixed window, also for a sliding scenario), the",
      "key expiring 1 s after its window. Prints admitted/limit per key per complete window for",
      "keys whose demand reached the limit (median, p99, max, share within 2%%), keys under their",
      "limit that were refused, decision latency, requests/s achieved, Redis's used_memory and",
      "DBSIZE at the end, and, with --outage, what the failure policy answered while Redis was",
      "paused. Writes DIR/summary.json with --out."
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
      description = "open (admit) or closed (refuse) when Redis fails or is late. Default: open.")
  String failure;

  @Option(
      names = "--outage",
      paramLabel = "A:B",
      description =
          "Pause Redis (CLIENT PAUSE ... ALL) from A to B seconds after the warm-up (0 <= A < B"
              + " <= --duration). Default: none.")
  String outage;

  @Option(
      names = "--customer",
      paramLabel = "NAME",
      description =
          "The customer the keys belong to, in their names (alm:key:NAME:HASH). Default: keys-"
              + " and the start time, so runs do not share buckets.")
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
    if ((redis == null) == !startRedis) {
      throw new InputException("--redis", "", "give --redis URI or --start-redis (one of them)");
    }
    RedisServerProcess server = null;
    try {
      if (startRedis) {
        if (!RedisServerProcess.installed()) {
          throw new InputException("--start-redis", "", "redis-server is not on the PATH");
        }
        server = RedisServerProcess.start();
      }
      String uri = server == null ? redis : server.uri();
      KeysCentralReport report = run(sc, uri, name, rate, seconds, ab, policy);
      PrintWriter o = spec.commandLine().getOut();
      report.print(o);
      o.flush();
      if (out != null) {
        Path dir = Outputs.directory(out);
        Outputs.json(dir.resolve("summary.json"), report.summary());
      }
    } finally {
      if (server != null) {
        server.close();
      }
    }
    return 0;
  }

  private KeysCentralReport run(
      KeyedScenario sc,
      String uri,
      String name,
      double rate,
      double seconds,
      double[] ab,
      FailurePolicy policy)
      throws IOException, InterruptedException {
    long limit = sc.effectiveLimit();
    long[] hashes = new long[sc.keys()];
    for (int k = 0; k < hashes.length; k++) {
      hashes[k] = KeysCentralReport.keyHash(k, sc.seed());
    }
    ZipfDistribution zipf = new ZipfDistribution(new Well19937c(sc.seed()), sc.keys(), sc.zipf());
    RedisClient adminClient = null;
    try (RedisKeyLimiter limiter = connect(uri, name, limit, sc, policy)) {
      adminClient = RedisClient.create(uri);
      StatefulRedisConnection<String, String> admin = adminClient.connect();
      admin.setTimeout(Duration.ofSeconds(5));
      long usedBefore = usedMemory(admin);
      long keysBefore = admin.sync().dbsize();
      long maxRequests = (long) Math.ceil(rate * (warmup + seconds));
      KeysCentralRun r =
          new KeysCentralRun(
              limiter, sc.window(), limit, hashes, () -> zipf.sample() - 1, maxRequests);
      long[] peakKeys = {keysBefore, usedBefore};
      long pauseMs = Math.round((ab[1] - ab[0]) * 1000);
      Thread pauser = pauser(admin, ab[0] < 0 ? -1 : warmup + ab[0], pauseMs);
      r.run(
          rate,
          warmup,
          seconds,
          concurrency,
          timeoutMs,
          ab[0],
          ab[1],
          s -> {
            if (ab[0] < 0 || s < warmup + ab[0] || s > warmup + ab[1] + 1) {
              peakKeys[0] = Math.max(peakKeys[0], dbsize(admin, peakKeys[0]));
              peakKeys[1] = Math.max(peakKeys[1], usedMemory(admin));
            }
          });
      if (pauser != null) {
        pauser.interrupt();
      }
      long keysAfter = admin.sync().dbsize();
      long usedAfter = usedMemory(admin);
      admin.close();
      return new KeysCentralReport(
          sc,
          limit,
          name,
          rate,
          warmup,
          seconds,
          concurrency,
          timeoutMs,
          policy,
          ab,
          r,
          limiter.counters(),
          new long[] {
            usedBefore,
            usedAfter,
            keysBefore,
            keysAfter,
            Math.max(peakKeys[0], keysAfter),
            Math.max(peakKeys[1], usedAfter)
          },
          limiter.keyName(hashes[0]));
    } finally {
      if (adminClient != null) {
        adminClient.shutdown(Duration.ZERO, Duration.ofSeconds(1));
      }
    }
  }

  private RedisKeyLimiter connect(
      String uri, String name, long limit, KeyedScenario sc, FailurePolicy policy) {
    try {
      return RedisKeyLimiter.connect(
          uri,
          RedisKeyLimiter.DEFAULT_PREFIX + name + ":",
          limit,
          Duration.ofMillis(sc.window().millis()),
          Duration.ofMillis(timeoutMs),
          Duration.ofSeconds(5),
          policy);
    } catch (IllegalArgumentException | IOException e) {
      throw new UserError("--redis: " + e.getMessage());
    }
  }

  /** A thread that pauses Redis at {@code a} seconds from now for {@code pauseMs}; null if none. */
  private static Thread pauser(
      StatefulRedisConnection<String, String> admin, double a, long pauseMs) {
    if (a < 0) {
      return null;
    }
    long at = System.nanoTime() + (long) (a * 1e9);
    Thread t =
        new Thread(
            () -> {
              long wait = at - System.nanoTime();
              try {
                if (wait > 0) {
                  TimeUnit.NANOSECONDS.sleep(wait);
                }
                admin.async().clientPause(pauseMs);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "alm-keys-central-outage");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static long usedMemory(StatefulRedisConnection<String, String> admin) {
    String info;
    try {
      info = admin.async().info("memory").get(500, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return -1;
    }
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("used_memory:")) {
        return Long.parseLong(line.substring("used_memory:".length()).trim());
      }
    }
    return -1;
  }

  private static long dbsize(StatefulRedisConnection<String, String> admin, long otherwise) {
    try {
      return admin.async().dbsize().get(200, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return otherwise;
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
