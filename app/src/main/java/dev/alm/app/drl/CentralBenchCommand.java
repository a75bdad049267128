package dev.alm.app.drl;

import dev.alm.app.UserError;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.LeaseCodec;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.drl.central.RedisLimiterConfig;
import dev.alm.drl.central.TokenLeaseClient;
import dev.alm.drl.central.TokenLeaseClientConfig;
import dev.alm.drl.central.TokenServer;
import dev.alm.drl.central.TokenServerCore;
import dev.alm.drl.central.TokenServerSettings;
import dev.alm.io.KeyRing;
import io.github.bucket4j.Bucket;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl central-bench}: the latency a central limiter adds to each request, for a Bucket4j
 * bucket in Redis, the token server's leases and a local Bucket4j bucket, in one run
 * (docs/ratelimit/central.md).
 */
@Command(
    name = "central-bench",
    header = "Latency added per request by the central baselines (Redis, token server) vs local.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Times tryAcquire(customer, 1), one call at a time from one thread (each call waits for its",
      "answer), for: local (a Bucket4j LocalBucket in this process), token-server (a token server",
      "and a lease client in this process, over loopback UDP) and redis (Bucket4j over Lettuce",
      "against --redis). The limit is --limit units/s, by default high enough never to bind, so",
      "the figures are the cost of asking. Modes run in --rounds rounds, in rotated order, after",
      "--warmup calls each. Prints p50, p99, p99.9 and mean in microseconds, and the network",
      "requests per call."
    })
public final class CentralBenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--redis",
      paramLabel = "URI",
      description = "Redis server, e.g. redis://127.0.0.1:6379. Default: none (no redis row).")
  String redis;

  @Option(names = "--calls", defaultValue = "20000", description = "Timed calls per mode.")
  int calls;

  @Option(names = "--warmup", defaultValue = "5000", description = "Untimed calls per mode first.")
  int warmup;

  @Option(names = "--rounds", defaultValue = "5", description = "Rounds the calls are split in.")
  int rounds;

  @Option(
      names = "--limit",
      defaultValue = "1e9",
      description = "The customer's limit in units/s (and burst). Default: 1e9.")
  double limit;

  @Option(
      names = "--timeout",
      paramLabel = "MS",
      defaultValue = "50",
      description = "Per-call timeout of the central modes, ms (fail-closed). Default: 50.")
  int timeoutMs;

  @Override
  public Integer call() throws Exception {
    if (calls < 100 || calls > 10_000_000 || warmup < 0 || rounds < 1 || rounds > calls) {
      throw new ParameterException(
          spec.commandLine(), "--calls in 100..10000000, --warmup >= 0, --rounds in 1..calls");
    }
    if (!(limit > 0) || timeoutMs < 1) {
      throw new ParameterException(spec.commandLine(), "--limit > 0 and --timeout >= 1");
    }
    PrintWriter out = spec.commandLine().getOut();
    String customer = "bench";
    CentralLimit cl = new CentralLimit(customer, limit, Math.max(1, limit));
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    KeyRing keys = KeyRing.of(key);
    Duration timeout = Duration.ofMillis(timeoutMs);
    Bucket local = Bucket.builder().addLimit(cl.configuration().getBandwidths()[0]).build();
    TokenServer server = null;
    TokenLeaseClient client = null;
    RedisLimiter redisLimiter = null;
    try {
      Map<String, LimiterUnderTest> modes = new LinkedHashMap<>();
      modes.put("local", (c, u) -> CompletableFuture.completedFuture(local.tryConsume(u)));
      server =
          TokenServer.start(
              new TokenServerCore(
                  new LeaseCodec(keys),
                  TokenServerSettings.DEFAULTS,
                  List.of(cl),
                  System.nanoTime()),
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      client =
          TokenLeaseClient.start(
              TokenLeaseClientConfig.builder(server.address(), keys)
                  .timeout(timeout)
                  .policy(FailurePolicy.FAIL_CLOSED)
                  .build());
      modes.put("token-server", client::tryAcquire);
      if (redis != null) {
        redisLimiter = connectRedis(cl, timeout);
        modes.put("redis", redisLimiter::tryAcquire);
      }
      Map<String, long[]> times = new LinkedHashMap<>();
      Map<String, long[]> admitted = new LinkedHashMap<>();
      for (String n : modes.keySet()) {
        System.err.println("alm drl central-bench: warming up " + n);
        run(modes.get(n), customer, warmup, null, 0);
        times.put(n, new long[calls]);
        admitted.put(n, new long[1]);
      }
      Counts before = Counts.of(client, redisLimiter);
      measure(modes, customer, times, admitted);
      printTable(out, times, admitted, Counts.of(client, redisLimiter).minus(before));
      if (redis == null) {
        out.println("  (no redis row: give --redis URI, e.g. bench/drl-central.sh starts one)");
      }
      out.flush();
    } finally {
      if (redisLimiter != null) {
        redisLimiter.close();
      }
      if (client != null) {
        client.close();
      }
      if (server != null) {
        server.close();
      }
    }
    return 0;
  }

  /**
   * What the remote modes counted: lease requests sent, the token server's and Redis's failed
   * calls.
   */
  private record Counts(long leaseRequests, long tokenServerFailures, long redisFailures) {
    static Counts of(TokenLeaseClient client, RedisLimiter redis) {
      return new Counts(
          client.requestsSent(),
          client.counters().failedClosed(),
          redis == null ? 0 : redis.counters().failedClosed() + redis.counters().failedOpen());
    }

    Counts minus(Counts o) {
      return new Counts(
          leaseRequests - o.leaseRequests,
          tokenServerFailures - o.tokenServerFailures,
          redisFailures - o.redisFailures);
    }
  }

  private RedisLimiter connectRedis(CentralLimit cl, Duration timeout) {
    try {
      return RedisLimiter.connect(
          RedisLimiterConfig.builder(redis)
              .timeout(timeout)
              .policy(FailurePolicy.FAIL_CLOSED)
              .keyPrefix("alm:bench:" + System.nanoTime() + ":")
              .customers(List.of(cl))
              .build());
    } catch (IllegalArgumentException | IOException e) {
      throw new UserError("--redis: " + e.getMessage());
    }
  }

  /** The modes take turns over --rounds, each round a share of --calls per mode. */
  private void measure(
      Map<String, LimiterUnderTest> modes,
      String customer,
      Map<String, long[]> times,
      Map<String, long[]> admitted)
      throws Exception {
    List<String> names = new ArrayList<>(modes.keySet());
    Map<String, Integer> filled = new LinkedHashMap<>();
    int per = calls / rounds;
    for (int r = 0; r < rounds; r++) {
      int count = r == rounds - 1 ? calls - per * (rounds - 1) : per;
      for (int i = 0; i < names.size(); i++) {
        String n = names.get((i + r) % names.size());
        int at = filled.getOrDefault(n, 0);
        admitted.get(n)[0] += run(modes.get(n), customer, count, times.get(n), at);
        filled.put(n, at + count);
      }
    }
  }

  /** The table: each mode's latency quantiles, network requests per call, admitted and failed. */
  private void printTable(
      PrintWriter out, Map<String, long[]> times, Map<String, long[]> admitted, Counts counted) {
    out.printf(
        Locale.ROOT,
        "tryAcquire(customer, 1), one call at a time, %d calls per mode in %d rounds, limit %.3g/s,"
            + " timeout %d ms:%n",
        calls,
        rounds,
        limit,
        timeoutMs);
    out.printf(
        Locale.ROOT,
        "  %-13s %10s %10s %10s %10s %12s %9s %9s%n",
        "mode",
        "p50 us",
        "p99 us",
        "p99.9 us",
        "mean us",
        "net req/call",
        "admitted",
        "failures");
    for (String n : times.keySet()) {
      long[] t = times.get(n).clone();
      Arrays.sort(t);
      double mean = Arrays.stream(t).average().orElse(Double.NaN) / 1000;
      String net =
          switch (n) {
            case "token-server" ->
                String.format(Locale.ROOT, "%.4f", counted.leaseRequests() / (double) calls);
            case "redis" -> ">=1";
            default -> "0";
          };
      long failures =
          switch (n) {
            case "token-server" -> counted.tokenServerFailures();
            case "redis" -> counted.redisFailures();
            default -> 0;
          };
      out.printf(
          Locale.ROOT,
          "  %-13s %10.2f %10.2f %10.2f %10.2f %12s %9d %9d%n",
          n,
          q(t, 0.50),
          q(t, 0.99),
          q(t, 0.999),
          mean,
          net,
          admitted.get(n)[0],
          failures);
    }
  }

  /** Runs {@code count} calls one after the other; records their times from {@code from}. */
  private static long run(LimiterUnderTest l, String customer, int count, long[] times, int from)
      throws Exception {
    long ok = 0;
    for (int i = 0; i < count; i++) {
      long t0 = System.nanoTime();
      boolean b = l.tryAcquire(customer, 1).toCompletableFuture().get(10, TimeUnit.SECONDS);
      long dt = System.nanoTime() - t0;
      if (times != null) {
        times[from + i] = dt;
      }
      ok += b ? 1 : 0;
    }
    return ok;
  }

  private static double q(long[] sorted, double p) {
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1000.0;
  }
}
