package dev.alm.cluster;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.io.Clocks;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Paper 001 section 5.1 with real TCP on loopback: one customer buys a global limit in bytes/s;
 * long downloads fetch its content, some through PoP a's proxy and the rest through PoP b's, and
 * each proxy paces the customer's responses to its share. {@link Kind#DRL}: the PoPs' DRL agents
 * divide the limit by gossip; {@link Kind#CTB}: every flow through one proxy with one bucket at the
 * whole limit (the reference, paper 001's central token bucket); {@link Kind#STATIC}: L/2 at each
 * PoP; {@link Kind#INDEPENDENT}: L at each; {@link Kind#CENTRAL}: both proxies take every chunk
 * from one bucket of L in one redis-server (article 002's storage-based throttling; the run starts
 * the server and stops it at the end).
 */
public final class FlowRun {

  /** How the limit is enforced. */
  public enum Kind {
    DRL,
    CTB,
    STATIC,
    INDEPENDENT,
    CENTRAL;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The kind of a label, or null. */
    public static Kind of(String label) {
      for (Kind k : values()) {
        if (k.label().equals(label)) {
          return k;
        }
      }
      return null;
    }
  }

  /** The customer's host. */
  static final String HOST = "video.example";

  /**
   * A run.
   *
   * @param kind how the limit is enforced
   * @param limitBitsPerSecond the customer's global limit, bit/s
   * @param flowsAtA long downloads through PoP a
   * @param flowsAtB long downloads through PoP b (with {@link Kind#CTB}, through a as well)
   * @param duration how long the flows run
   */
  public record Config(
      Kind kind, double limitBitsPerSecond, int flowsAtA, int flowsAtB, Duration duration) {

    /** Paper 001 section 5.1: 10 Mbit/s, 3 and 7 flows, 60 s. */
    public static final double DEFAULT_LIMIT = 10e6;

    public Config {
      if (kind == null) {
        throw new IllegalArgumentException("a kind: drl, ctb, static, independent or central");
      }
      if (!(limitBitsPerSecond >= 8e3 && limitBitsPerSecond <= 8e9)) {
        throw new IllegalArgumentException(
            "limit: between 8 kbit/s and 8 Gbit/s, got " + limitBitsPerSecond);
      }
      if (flowsAtA < 0 || flowsAtB < 0 || flowsAtA + flowsAtB < 1 || flowsAtA + flowsAtB > 200) {
        throw new IllegalArgumentException("flows: 1 to 200 in all");
      }
      if (duration == null || duration.toSeconds() < FlowReport.WARM_UP_WINDOWS + 2) {
        throw new IllegalArgumentException(
            "duration: at least " + (FlowReport.WARM_UP_WINDOWS + 2) + " s");
      }
    }
  }

  private FlowRun() {}

  /** How the proxies enforce the limit for a kind of run (CTB: independent, all flows at A). */
  private static LimitMode limitMode(Kind kind) {
    return switch (kind) {
      case DRL -> LimitMode.DRL;
      case STATIC -> LimitMode.STATIC;
      case CTB, INDEPENDENT -> LimitMode.INDEPENDENT;
      case CENTRAL -> LimitMode.CENTRAL;
    };
  }

  /** One download thread per flow, aimed at PoP a's or b's proxy (not started). */
  private static void flows(
      Config cfg, List<PopDaemon> pops, FlowWindows w, long start, long end, List<Thread> threads) {
    for (int f = 0; f < cfg.flowsAtA() + cfg.flowsAtB(); f++) {
      boolean atA = f < cfg.flowsAtA() || cfg.kind() == Kind.CTB;
      InetSocketAddress proxy = pops.get(atA ? 0 : 1).proxyAddress();
      Thread t = new Thread(new DownloadFlow(f, proxy, HOST, w, start, end), "alm-flow-" + f);
      t.setDaemon(true);
      threads.add(t);
    }
  }

  /** Once a second: the flows' total against the limit and the two PoPs' shares, in one line. */
  private static void logWindows(
      Config cfg,
      List<PopDaemon> pops,
      FlowWindows w,
      long start,
      int windows,
      Consumer<String> log)
      throws InterruptedException {
    for (int k = 1; k <= windows; k++) {
      long at = start + k * 1_000_000_000L;
      long now;
      while ((now = System.nanoTime()) < at) {
        Thread.sleep(Math.max(1, (at - now) / 1_000_000));
      }
      log.accept(
          String.format(
              Locale.ROOT,
              "t=%d s: %.2f Mbit/s of %.2f; shares a %.2f, b %.2f Mbit/s",
              k,
              8e-6 * w.total(k - 1),
              cfg.limitBitsPerSecond() / 1e6,
              8e-6 * Cluster.share(pops.get(0), "video"),
              8e-6 * Cluster.share(pops.get(1), "video")));
    }
  }

  /** Runs the flows and reports how they shared the limit. */
  public static FlowReport run(Config cfg, Consumer<String> log)
      throws IOException, InterruptedException {
    ClusterConfig c =
        ClusterConfig.builder(BuiltinTopologies.paperFig2())
            .duration(cfg.duration())
            .probeAuth(false)
            .build();
    LimitMode mode = limitMode(cfg.kind());
    double bytesPerSecond = cfg.limitBitsPerSecond() / 8;
    CustomerSpec spec = new CustomerSpec("video", List.of(HOST), 0, bytesPerSecond, 1.0, 0, mode);
    Path keyDir = Files.createTempDirectory("alm-flows-");
    List<PopDaemon> pops = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    int windows = (int) cfg.duration().toSeconds();
    FlowWindows w = new FlowWindows(cfg.flowsAtA() + cfg.flowsAtB(), windows);
    RedisServerProcess redis = null;
    RedisLimiter central = null;
    try {
      ClusterCustomers customers = ClusterCustomers.prepare(List.of(spec), 2, keyDir);
      if (cfg.kind() == Kind.CENTRAL) {
        if (!RedisServerProcess.installed()) {
          throw new IOException(
              "kind central: redis-server is not installed (apt-get install redis-server)");
        }
        redis = RedisServerProcess.start();
        // fail-closed: a late or failed answer holds the chunk back rather than send it unmetered
        central =
            RedisLimiter.connect(customers.centralConfig(redis.uri(), FailurePolicy.FAIL_CLOSED));
        log.accept("central: one bucket of the limit in redis-server at " + redis.uri());
      }
      for (int i = 0; i < 2; i++) {
        pops.add(
            PopDaemon.start(
                ClusterPopConfig.of(c, i, null, null, null, customers),
                false,
                Clocks.SYSTEM,
                log,
                central == null ? null : central::tryAcquire));
      }
      if (cfg.kind() == Kind.DRL) {
        Thread.sleep(3000); // the agents find each other through SWIM before the flows start
      }
      long start = System.nanoTime() + 100_000_000L;
      long end = start + cfg.duration().toNanos();
      flows(cfg, pops, w, start, end, threads);
      threads.forEach(Thread::start);
      logWindows(cfg, pops, w, start, windows, log);
      for (Thread t : threads) {
        t.join(3000);
      }
      if (central != null) {
        log.accept("central store decisions: " + central.counters().asMap());
      }
      return FlowReport.of(w, cfg.limitBitsPerSecond());
    } finally {
      threads.forEach(Thread::interrupt);
      for (PopDaemon p : pops) {
        p.close();
      }
      if (central != null) {
        central.close();
      }
      if (redis != null) {
        redis.close();
      }
      Files.deleteIfExists(keyDir.resolve(Cluster.GOSSIP_KEY_FILE));
      Files.deleteIfExists(keyDir);
    }
  }
}
