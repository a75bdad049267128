package dev.alm.cluster;

import dev.alm.controller.model.Topology;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.loadgen.UserCounts;
import dev.alm.loadgen.Users;
import dev.alm.loop.Sample;
import dev.alm.node.EventLoopShare;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.ProxyServer;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A whole CDN on one machine (docs/cluster.md): PoP i's DNS server and proxy on 127.0.1.(i+1)
 * (ephemeral ports), the datacenter L2 on 127.0.2.1 (a proxy in generated-content mode with no
 * practical capacity limit), and the users of every PoP ({@link Users}). Every interval the
 * cluster's own thread steps each PoP's control loop, so all PoPs act on one clock, and records a
 * {@link Sample} per PoP. Everything stops after the configured duration.
 */
public final class Cluster {
  /** The zone the cluster serves. */
  public static final String ZONE = "cdn.example";

  /** The anycast address the DNS answers (mapped to the proxy anycast picks). */
  public static final String L1 = "192.0.2.1";

  /** The datacenter address the DNS answers (mapped to the datacenter's loopback address). */
  public static final String L2 = "198.51.100.1";

  /** The probe key file written in the state directory of a run. */
  public static final String PROBE_KEY_FILE = "probe.key";

  private Cluster() {}

  /** The loopback address of PoP {@code i}. */
  public static String popAddress(int i) {
    return "127.0.1." + (i + 1);
  }

  /**
   * Threads of each event-loop group the PoPs share (one for every proxy's I/O, one for every DNS
   * server's, {@link EventLoopShare}): the machine's processors. A PoP in production has its own;
   * in one process, 48 PoPs with loops of their own kept the users 30 s behind their schedule at
   * load unit 20 on 2 cores (docs/controllers/loopback.md, "48 PoPs").
   */
  static final int SHARED_LOOP_THREADS = Runtime.getRuntime().availableProcessors();

  /**
   * Runs the cluster for its duration.
   *
   * @param onInterval called on the cluster's thread after every interval with that interval's
   *     samples
   * @param log start-up notes and mode changes
   */
  public static ClusterRun run(
      ClusterConfig c, Consumer<List<Sample>> onInterval, Consumer<String> log)
      throws IOException, InterruptedException {
    return run(c, proxies -> {}, onInterval, log);
  }

  /**
   * Runs the cluster for its duration.
   *
   * @param onStart called once every PoP is up, with the proxies' addresses in topology order
   *     (tests use it to aim extra traffic at a proxy)
   * @param onInterval called on the cluster's thread after every interval with that interval's
   *     samples
   * @param log start-up notes and mode changes
   */
  public static ClusterRun run(
      ClusterConfig c,
      Consumer<List<InetSocketAddress>> onStart,
      Consumer<List<Sample>> onInterval,
      Consumer<String> log)
      throws IOException, InterruptedException {
    try (EventLoopShare share = EventLoopShare.open(SHARED_LOOP_THREADS)) {
      return runShared(c, onStart, onInterval, log);
    }
  }

  /** The run, every PoP's proxy and DNS on the process's shared event loops. */
  private static ClusterRun runShared(
      ClusterConfig c,
      Consumer<List<InetSocketAddress>> onStart,
      Consumer<List<Sample>> onInterval,
      Consumer<String> log)
      throws IOException, InterruptedException {
    Topology t = c.topology();
    int n = t.size();
    List<PopDaemon> pops = new ArrayList<>();
    ProxyServer datacenter = null;
    List<Thread> threads = new ArrayList<>();
    List<Users> users = new ArrayList<>();
    List<Sample> samples = new ArrayList<>();
    clearState(c);
    KeyRing keys = c.probeAuth() ? freshProbeKey(c.stateDir()) : null;
    Path keyDir =
        c.customers().isEmpty() || c.stateDir() != null
            ? c.stateDir()
            : Files.createTempDirectory("alm-cluster-keys-");
    ClusterCustomers customers = ClusterCustomers.prepare(c, keyDir);
    RedisServerProcess redis = null;
    RedisLimiter central = null;
    int windows = (int) Math.ceil(c.duration().toNanos() / 1e9);
    List<CustomerWindows> customerWindows = customerWindows(c, windows);
    try {
      if (c.customerMode() == LimitMode.CENTRAL && !c.customers().isEmpty()) {
        redis = startRedis();
        central = RedisLimiter.connect(customers.centralConfig(redis.uri()));
        log.accept("customers: one central bucket each in redis-server at " + redis.uri());
      }
      datacenter = ClusterStart.datacenter(c);
      ClusterStart.pops(c, keys, customers, central, log, pops);
      List<InetSocketAddress> proxies = pops.stream().map(PopDaemon::proxyAddress).toList();
      onStart.accept(proxies);
      long start = System.nanoTime() + 200_000_000L;
      long end = start + c.duration().toNanos();
      double target = ClusterStart.users(c, pops, proxies, datacenter, start, end, users, threads);
      ClusterStart.customerUsers(c, proxies, customerWindows, start, end, threads);
      threads.forEach(Thread::start);
      List<Drill> pending = new ArrayList<>(c.drills());
      pending.sort(Comparator.comparingDouble(Drill::atSeconds));
      List<DrillOutcome> outcomes = new ArrayList<>();
      long period = c.interval().toNanos();
      LongSummaryStatistics late = new LongSummaryStatistics();
      LongSummaryStatistics work = new LongSummaryStatistics();
      for (long next = start + period; next <= end; next += period) {
        long now;
        while ((now = System.nanoTime()) < next) {
          LockSupport.parkNanos(next - now);
        }
        late.accept(now - next);
        double seconds = (next - start) / 1e9;
        redis = stopWhenDue(c, redis, seconds, log);
        ClusterDrills.due(
            c,
            pending,
            seconds,
            pops,
            keys,
            customers,
            central == null ? null : central::tryAcquire,
            log,
            outcomes);
        List<Sample> interval = ClusterIntervals.samples(pops, seconds);
        ClusterIntervals.customerLines(c, customerWindows, pops, seconds, windows, log);
        work.accept(System.nanoTime() - now);
        samples.addAll(interval);
        onInterval.accept(interval);
      }
      ClusterIntervals.logTiming(late, work, log);
      for (Thread th : threads) {
        th.join(5000);
      }
      return report(c, users, samples, target, outcomes, customerWindows);
    } finally {
      close(c, threads, pops, datacenter, central, redis, keyDir);
    }
  }

  /** The central store of customer mode central: a redis-server started on loopback. */
  private static RedisServerProcess startRedis() throws IOException, InterruptedException {
    if (!RedisServerProcess.installed()) {
      throw new IOException(
          "customer mode central: redis-server is not installed (apt-get install redis-server)");
    }
    return RedisServerProcess.start();
  }

  /**
   * Stops the central redis-server once the run reaches {@link ClusterConfig#centralStopSeconds()}
   * (a store failing mid-run); returns the server still running, or null.
   */
  private static RedisServerProcess stopWhenDue(
      ClusterConfig c, RedisServerProcess redis, double seconds, Consumer<String> log)
      throws InterruptedException {
    if (redis != null && seconds >= c.centralStopSeconds() && redis.port() > 0) {
      log.accept("at " + seconds + " s: stopping the central redis-server");
      redis.stop();
      return null;
    }
    return redis;
  }

  /** The run's record: samples, each PoP's users' counts, drills and customers' outcomes. */
  private static ClusterRun report(
      ClusterConfig c,
      List<Users> users,
      List<Sample> samples,
      double target,
      List<DrillOutcome> outcomes,
      List<CustomerWindows> customerWindows) {
    Topology t = c.topology();
    int n = t.size();
    Map<String, UserCounts> counts = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      counts.put(t.node(i).id(), users.get(i).counts());
    }
    List<CustomerOutcome> customerOutcomes = new ArrayList<>();
    for (int k = 0; k < c.customers().size(); k++) {
      customerOutcomes.add(
          CustomerReport.of(c.customers().get(k), t.ids(), customerWindows.get(k)));
    }
    return new ClusterRun(
        c,
        samples,
        counts,
        c.duration().toNanos() / 1e9,
        target,
        outcomes,
        customerOutcomes,
        customerWindows);
  }

  /** Stops everything a run started, whatever it got to. */
  private static void close(
      ClusterConfig c,
      List<Thread> threads,
      List<PopDaemon> pops,
      ProxyServer datacenter,
      RedisLimiter central,
      RedisServerProcess redis,
      Path keyDir)
      throws IOException, InterruptedException {
    threads.forEach(Thread::interrupt);
    for (PopDaemon p : pops) {
      p.close();
    }
    if (datacenter != null) {
      datacenter.close();
    }
    if (central != null) {
      central.close();
    }
    if (redis != null) {
      redis.stop();
    }
    if (keyDir != null && !keyDir.equals(c.stateDir())) {
      Files.deleteIfExists(keyDir.resolve(GOSSIP_KEY_FILE));
      Files.deleteIfExists(keyDir);
    }
  }

  /** Removes the PoPs' state files: a run starts fresh, not from the last run. */
  private static void clearState(ClusterConfig c) throws IOException {
    if (c.stateDir() != null) {
      for (String id : c.topology().ids()) {
        Files.deleteIfExists(
            c.stateDir().resolve(id + ".json")); // a run starts fresh, not from the last run
      }
    }
  }

  /** Each customer's windows of the run, one a second. */
  private static List<CustomerWindows> customerWindows(ClusterConfig c, int windows) {
    int n = c.topology().size();
    List<CustomerWindows> customerWindows = new ArrayList<>();
    for (int k = 0; k < c.customers().size(); k++) {
      customerWindows.add(new CustomerWindows(n, windows));
    }
    return customerWindows;
  }

  /** The customer's share at the PoP now, requests/s, as its /status shows it; NaN if none. */
  static double share(PopDaemon p, String customer) {
    for (Map<String, Object> m : p.proxy().node().customers().status()) {
      if (customer.equals(m.get("name")) && m.get("share") instanceof Number v) {
        return v.doubleValue();
      }
    }
    return Double.NaN;
  }

  /** PoP i's configuration in the cluster, on ephemeral ports, with a fresh probe key. */
  public static PopConfig popConfig(ClusterConfig c, int i) throws IOException {
    return ClusterPopConfig.of(
        c,
        i,
        null,
        null,
        c.probeAuth() ? freshProbeKey(null) : null,
        ClusterCustomers.prepare(c.toBuilder().customers(List.of()).build(), null));
  }

  /**
   * A fresh random probe key for one run (docs/operations/probes.md, "Authenticated probes"): 32
   * random bytes as 64 hex characters, written to {@code dir/probe.key} (mode 600) when a directory
   * is given, so that a run's probes can be checked afterwards; every PoP of the run shares it.
   */
  static KeyRing freshProbeKey(Path dir) throws IOException {
    return freshKey(dir, PROBE_KEY_FILE, "alm cluster probe key");
  }

  /** The file of the run's fresh gossip key between the PoPs' DRL agents. */
  public static final String GOSSIP_KEY_FILE = "gossip.key";

  /**
   * A fresh random key (32 bytes as 64 hex characters) for one run, written to {@code dir/file}
   * (mode 600) when a directory is given.
   */
  static KeyRing freshKey(Path dir, String fileName, String title) throws IOException {
    byte[] b = new byte[32];
    new SecureRandom().nextBytes(b);
    String key = HexFormat.of().formatHex(b);
    if (dir == null) {
      return KeyRing.ofText(key);
    }
    Files.createDirectories(dir);
    Path file = dir.resolve(fileName);
    Files.deleteIfExists(file);
    try {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
    Files.writeString(file, "# " + title + ", fresh for this run\n" + key + "\n");
    try {
      return KeyRing.load(file, title);
    } catch (InputException e) {
      throw new IOException(e.getMessage(), e);
    }
  }
}
