package dev.alm.app.drl;

import dev.alm.app.BenchMachine;
import dev.alm.drl.agent.PacketCodec;
import dev.alm.io.NanoTimeMeter;
import dev.alm.ratelimit.throttle.Bucket4jTokenBucket;
import dev.alm.ratelimit.throttle.FixedWindow;
import dev.alm.ratelimit.throttle.KeyedThrottler;
import dev.alm.ratelimit.throttle.LeakyBucket;
import dev.alm.ratelimit.throttle.LimiterConfig;
import dev.alm.ratelimit.throttle.SlidingLog;
import dev.alm.ratelimit.throttle.SlidingWindow;
import dev.alm.ratelimit.throttle.TokenBucket;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl bench}: speed and heap figures of the standalone throttlers (docs/throttlers.md).
 */
@Command(
    name = "bench",
    header =
        "Speed and heap per key of the standalone throttlers, against Bucket4j in the same run.",
    mixinStandardHelpOptions = true,
    description = {
      "Measure and print: (decisions) ns per tryAcquire of each throttler of article 002 on one",
      "limiter (synthetic clock, and System.nanoTime per decision), on one and two threads, and",
      "through the per-key Caffeine table with one hot key and with many keys; Bucket4j's own",
      "LocalBucket is timed in the same run as the peer and ratios are printed. (heap) bytes of heap",
      "per key with --keys keys in the per-key table, from used heap after System.gc() before and",
      "after filling. (sim) wall time of the simulator on builtin:raghavan-scaling (FPS, br = 3,",
      "60 s simulated at 50 ms intervals) for each of --sim-limiters. (agent) the live DRL",
      "agent's CPU per 50 ms interval and the bytes it sends per customer: --agent-pops agent",
      "cores in memory on one thread, every datagram signed, delivered and verified, for each",
      "algorithm and each of --agent-customers.",
      "Times are wall time on this machine; on a shared machine run it when it is quiet."
    })
public final class DrlBenchCommand implements Callable<Integer> {

  /** The parts of the bench. */
  enum Part {
    decisions,
    heap,
    sim,
    agent,
    all
  }

  @Spec CommandSpec spec;

  @Option(
      names = "--part",
      defaultValue = "all",
      split = ",",
      description = "Parts to run, comma-separated: ${COMPLETION-CANDIDATES}. Default: all.")
  List<Part> parts;

  @Option(
      names = "--sim-limiters",
      split = ",",
      defaultValue = "490",
      description =
          "(sim) limiter counts to simulate, e.g. 490,10000 (10,000 takes minutes). Default: 490.")
  List<Integer> simLimiters;

  @Option(
      names = "--agent-customers",
      split = ",",
      defaultValue = "1,10,59",
      description =
          "(agent) customers per agent, each 1 to 59 (the most an agent shares)."
              + " Default: 1,10,59.")
  List<Integer> agentCustomers;

  @Option(
      names = "--agent-pops",
      defaultValue = "10",
      description = "(agent) agents, each gossiping with the others. Default: ${DEFAULT-VALUE}.")
  int agentPops;

  @Option(
      names = "--millis",
      defaultValue = "400",
      description =
          "Wall time of one decision measurement in ms (after a warm-up of half). "
              + "Default: ${DEFAULT-VALUE}.")
  long millis;

  @Option(
      names = "--keys",
      defaultValue = "1000000",
      description = "Keys in the heap part. Default: ${DEFAULT-VALUE}.")
  int keys;

  @Option(
      names = "--many-keys",
      defaultValue = "100000",
      description =
          "Distinct keys cycled in the many-keys decision runs. Default: ${DEFAULT-VALUE}.")
  int manyKeys;

  /** The rate of every throttler in the decision runs: 1,000,000 permits per second. */
  static final long RATE = 1_000_000;

  static final long SECOND = 1_000_000_000L;

  /** The throttlers, each at 1,000,000 permits/s (the sliding log at 100 per 100 us). */
  static Map<String, LimiterConfig> throttlers() {
    Map<String, LimiterConfig> m = new LinkedHashMap<>();
    m.put("fixed-window", new FixedWindow.Config(RATE, SECOND));
    m.put("sliding-window k=10", new SlidingWindow.Config(RATE, SECOND, 10));
    m.put("token-bucket", new TokenBucket.Config(RATE, 1000));
    m.put("token-bucket (Bucket4j)", new Bucket4jTokenBucket.Config(RATE, 1000));
    m.put("leaky-bucket", new LeakyBucket.Config(RATE, 1000));
    m.put("sliding-log", new SlidingLog.Config(100, 100_000));
    return m;
  }

  @Override
  public Integer call() throws Exception {
    if (millis < 10 || keys < 1 || manyKeys < 1) {
      throw new ParameterException(
          spec.commandLine(), "--millis must be >= 10, --keys and --many-keys >= 1");
    }
    if (agentPops < 2 || agentPops > 1000) {
      throw new ParameterException(
          spec.commandLine(), "--agent-pops: must be 2 to 1000, got " + agentPops);
    }
    for (int n : simLimiters) {
      if (n < 2) {
        throw new ParameterException(
            spec.commandLine(), "--sim-limiters: each count must be at least 2, got " + n);
      }
    }
    for (int c : agentCustomers) {
      if (c < 1 || c > PacketCodec.MAX_ENTRIES) {
        throw new ParameterException(
            spec.commandLine(),
            "--agent-customers: each count must be 1 to " + PacketCodec.MAX_ENTRIES + ", got " + c);
      }
    }
    EnumSet<Part> run =
        parts.contains(Part.all) ? EnumSet.allOf(Part.class) : EnumSet.copyOf(parts);
    PrintWriter o = spec.commandLine().getOut();
    BenchMachine.print(o);
    if (run.contains(Part.decisions)) {
      decisions(o);
    }
    if (run.contains(Part.heap)) {
      heap(o);
    }
    if (run.contains(Part.sim)) {
      SimulatorWallTime.report(o, simLimiters);
    }
    if (run.contains(Part.agent)) {
      AgentTickCost.report(o, agentPops, agentCustomers, millis);
    }
    o.flush();
    return 0;
  }

  /** Bucket4j's own LocalBucket, lock-free as it ships, 1,000,000/s, capacity 1000. */
  static Bucket bucket4j(TimeMeter time) {
    return Bucket.builder()
        .addLimit(l -> l.capacity(1000).refillGreedy(RATE, Duration.ofSeconds(1)))
        .withCustomTimePrecision(time)
        .build();
  }

  /** A TimeMeter that advances {@code step} ns per read: the synthetic clock for Bucket4j. */
  static TimeMeter syntheticTime(long step) {
    long[] now = {0};
    return new NanoTimeMeter(() -> now[0] += step);
  }

  private void decisions(PrintWriter o) throws InterruptedException {
    o.println();
    o.printf(
        Locale.ROOT,
        "(decisions) ns per decision, %d ms per figure; offered 10,000,000/s on the synthetic clock"
            + " (100 ns steps), limit 1,000,000/s%n",
        millis);
    o.println(
        "  direct = one limiter; table = KeyedThrottler (Caffeine, time from System.nanoTime)");
    o.printf(
        Locale.ROOT,
        "  %-24s | %9s %9s %9s | %9s %9s %9s %9s%n",
        "throttler",
        "synthetic",
        "nanoTime",
        "2 thr",
        "table hot",
        "tbl many",
        "2thr hot",
        "2thr many");
    DecisionTimer timer = new DecisionTimer(millis);
    String[] many = new String[manyKeys];
    for (int i = 0; i < manyKeys; i++) {
      many[i] = key(i);
    }
    String[] hot = {"hot"};
    Map<String, Double> synthetic = new LinkedHashMap<>();
    Map<String, Double> nano = new LinkedHashMap<>();
    for (Map.Entry<String, LimiterConfig> e : throttlers().entrySet()) {
      System.err.println("alm drl bench: timing " + e.getKey());
      double[] v = DecisionTimings.throttler(timer, e.getValue(), tableSize(), hot, many);
      synthetic.put(e.getKey(), v[0]);
      nano.put(e.getKey(), v[1]);
      o.printf(
          Locale.ROOT,
          "  %-24s | %9.1f %9.1f %9.1f | %9.1f %9.1f %9.1f %9.1f%n",
          e.getKey(),
          v[0],
          v[1],
          v[2],
          v[3],
          v[4],
          v[5],
          v[6]);
      o.flush();
    }
    double[] peer = DecisionTimings.peer(timer);
    double pSyn = peer[0];
    double pNt = peer[1];
    o.printf(
        Locale.ROOT,
        "  %-24s | %9.1f %9.1f %9.1f | %9s %9s %9s %9s%n",
        "peer: Bucket4j bucket",
        pSyn,
        pNt,
        peer[2],
        "-",
        "-",
        "-",
        "-");
    double clock = timer.run(i -> (int) (System.nanoTime() & 1)).nsPerDecision();
    o.printf(Locale.ROOT, "  System.nanoTime() alone: %.1f ns%n", clock);
    o.println("  ratios to the peer (Bucket4j LocalBucket, same clock), lower is faster:");
    for (String name : synthetic.keySet()) {
      o.printf(
          Locale.ROOT,
          "    %-24s synthetic %.2f, nanoTime %.2f%n",
          name,
          synthetic.get(name) / pSyn,
          nano.get(name) / pNt);
    }
    o.println(
        "  Guava RateLimiter: "
            + (onClassPath("com.google.common.util.concurrent.RateLimiter")
                ? "on the class path, not timed here"
                : "not on the class path (not added for this)"));
  }

  /** The i-th client key, as a proxy would see it: a fresh String of 20 to 24 characters. */
  static String key(int i) {
    return "client-" + Integer.toHexString(i * 0x9E3779B1) + "-" + i;
  }

  /** The key tables' size: room for every key of the run. */
  private long tableSize() {
    return Math.max(manyKeys, keys) + 1L;
  }

  private static boolean onClassPath(String name) {
    try {
      Class.forName(name, false, DrlBenchCommand.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private void heap(PrintWriter o) throws InterruptedException {
    o.println();
    o.printf(
        Locale.ROOT,
        "(heap) bytes per key with %,d keys (used heap after System.gc(), before and after)%n",
        keys);
    double keyBytes =
        HeapPerKey.bytesPerEntry(
            keys,
            n -> {
              String[] held = new String[n];
              for (int i = 0; i < n; i++) {
                held[i] = key(i);
              }
              return held;
            });
    o.printf(
        Locale.ROOT,
        "  %-32s %7.1f B/key (a String of 20 to 24 chars and its array slot)%n",
        "key strings alone",
        keyBytes);
    Map<String, LimiterConfig> configs = throttlers();
    configs.put("sliding-log (limit 10)", new SlidingLog.Config(10, SECOND));
    configs.put("sliding-log", configs.remove("sliding-log"));
    long budget = 256L << 20;
    for (Map.Entry<String, LimiterConfig> e : configs.entrySet()) {
      System.err.println("alm drl bench: heap of " + e.getKey());
      long start = System.nanoTime();
      double b =
          HeapPerKey.bytesPerEntry(
              keys,
              n -> {
                KeyedThrottler<String> t = DecisionTimings.table(e.getValue(), tableSize());
                for (int i = 0; i < n; i++) {
                  t.tryAcquire(key(i), 1, start + i);
                }
                t.cleanUp();
                return t;
              });
      o.printf(
          Locale.ROOT,
          "  %-32s %7.1f B/key, %6.1f MB for %,d keys with their keys (%s 256 MB)%n",
          "table: " + e.getKey(),
          b,
          b * keys / (1 << 20),
          keys,
          b * keys <= budget ? "within" : "over");
      o.flush();
    }
    System.err.println("alm drl bench: heap of Bucket4j LocalBucket (peer)");
    double peer =
        HeapPerKey.bytesPerEntry(
            keys,
            n -> {
              Bucket[] buckets = new Bucket[n];
              for (int i = 0; i < n; i++) {
                buckets[i] = bucket4j(TimeMeter.SYSTEM_NANOTIME);
                buckets[i].tryConsume(1);
              }
              return buckets;
            });
    o.printf(
        Locale.ROOT,
        "  %-32s %7.1f B/key (the bucket and an array slot, no key or table)%n",
        "peer: Bucket4j LocalBucket",
        peer);
  }
}
