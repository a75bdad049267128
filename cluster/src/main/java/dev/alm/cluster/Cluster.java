package dev.alm.cluster;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.InputException;
import dev.alm.io.KeyRing;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.LoopState;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.xbill.DNS.Name;

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

  /**
   * The per-address probe allowance of the cluster's proxies as a multiple of all the beacons the
   * users send per second: the users share one source address, so the cap must let them all
   * through.
   */
  static final double CLIENT_PROBE_HEADROOM = 4;

  private Cluster() {}

  /** The loopback address of PoP {@code i}. */
  public static String popAddress(int i) {
    return "127.0.1." + (i + 1);
  }

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
    Topology t = c.topology();
    int n = t.size();
    List<PopDaemon> pops = new ArrayList<>();
    ProxyServer datacenter = null;
    List<Thread> threads = new ArrayList<>();
    List<Users> users = new ArrayList<>();
    List<Sample> samples = new ArrayList<>();
    if (c.stateDir() != null) {
      for (String id : t.ids()) {
        Files.deleteIfExists(
            c.stateDir().resolve(id + ".json")); // a run starts fresh, not from the last run
      }
    }
    KeyRing keys = c.probeAuth() ? freshProbeKey(c.stateDir()) : null;
    Path keyDir =
        c.customers().isEmpty() || c.stateDir() != null
            ? c.stateDir()
            : Files.createTempDirectory("alm-cluster-keys-");
    ClusterCustomers customers = ClusterCustomers.prepare(c, keyDir);
    dev.alm.drl.central.RedisServerProcess redis = null;
    dev.alm.drl.central.RedisLimiter central = null;
    int windows = (int) Math.ceil(c.duration().toNanos() / 1e9);
    List<CustomerWindows> customerWindows = new ArrayList<>();
    for (int k = 0; k < c.customers().size(); k++) {
      customerWindows.add(new CustomerWindows(n, windows));
    }
    try {
      if (c.customerMode() == dev.alm.proxy.limit.LimitMode.CENTRAL && !c.customers().isEmpty()) {
        if (!dev.alm.drl.central.RedisServerProcess.installed()) {
          throw new IOException(
              "customer mode central: redis-server is not installed (apt-get install redis-server)");
        }
        redis = dev.alm.drl.central.RedisServerProcess.start();
        central = dev.alm.drl.central.RedisLimiter.connect(customers.centralConfig(redis.uri()));
        log.accept("customers: one central bucket each in redis-server at " + redis.uri());
      }
      datacenter =
          ProxyServer.start(
              ProxyConfig.builder()
                  .pop("dc")
                  .zone(ZONE)
                  .listen(new HostPort("127.0.2.1", 0))
                  .capacity(1e7)
                  .ioThreads(1)
                  .content(ContentConfig.generate(c.bodyBytes()))
                  .build());
      for (int i = 0; i < n; i++) {
        pops.add(
            PopDaemon.start(
                popConfig(c, i, null, null, keys, customers),
                false,
                System::nanoTime,
                System::currentTimeMillis,
                log,
                central == null ? null : central::tryAcquire));
      }
      List<InetSocketAddress> proxies = pops.stream().map(PopDaemon::proxyAddress).toList();
      onStart.accept(proxies);
      long start = System.nanoTime() + 200_000_000L;
      long end = start + c.duration().toNanos();
      double target = 0;
      for (int i = 0; i < n; i++) {
        String id = t.node(i).id();
        double base = t.node(i).demand() * c.loadUnit();
        target += base;
        Users u =
            Users.forPop(
                ZONE,
                i,
                t.correlation().row(i),
                pops.get(i).dnsAddress(),
                proxies,
                datacenter.address(),
                InetAddress.getByName(L1),
                s -> base * (c.flash() == null ? 1 : c.flash().factor(id, s)),
                c.beaconRate(),
                c.resolvers(),
                c.bodyBytes(),
                start,
                end,
                c.seed() * 1_000_003L + i);
        users.add(u);
        Thread th = new Thread(u, "alm-users-" + id);
        th.setDaemon(true);
        threads.add(th);
      }
      List<String> ids = t.ids();
      for (int k = 0; k < c.customers().size(); k++) {
        CustomerLoad load = c.customers().get(k);
        for (int i = 0; i < n; i++) {
          Thread th =
              new Thread(
                  new CustomerUsers(
                      load,
                      ids,
                      i,
                      proxies.get(i),
                      customerWindows.get(k),
                      start,
                      end,
                      c.seed() * 7_919L + 31L * k + 1_000_003L * i),
                  "alm-customer-" + load.name() + "-" + ids.get(i));
          th.setDaemon(true);
          threads.add(th);
        }
      }
      threads.forEach(Thread::start);
      List<Drill> pending = new ArrayList<>(c.drills());
      pending.sort(java.util.Comparator.comparingDouble(Drill::atSeconds));
      List<DrillOutcome> outcomes = new ArrayList<>();
      long period = c.interval().toNanos();
      java.util.LongSummaryStatistics late = new java.util.LongSummaryStatistics();
      java.util.LongSummaryStatistics work = new java.util.LongSummaryStatistics();
      for (long next = start + period; next <= end; next += period) {
        long now;
        while ((now = System.nanoTime()) < next) {
          LockSupport.parkNanos(next - now);
        }
        late.accept(now - next);
        double seconds = (next - start) / 1e9;
        if (redis != null && seconds >= c.centralStopSeconds() && redis.port() > 0) {
          log.accept("at " + seconds + " s: stopping the central redis-server");
          redis.stop();
          redis = null;
        }
        while (!pending.isEmpty() && pending.get(0).atSeconds() <= seconds + 1e-9) {
          outcomes.add(
              drill(
                  c,
                  pending.remove(0),
                  seconds,
                  pops,
                  keys,
                  customers,
                  central == null ? null : central::tryAcquire,
                  log));
        }
        List<Sample> interval = new ArrayList<>(n);
        for (PopDaemon p : pops) {
          LoopState s = p.tick();
          double unit = p.config().loop().loadUnit();
          interval.add(
              new Sample(
                  seconds,
                  p.config().id(),
                  s.x(),
                  s.mu(),
                  s.beta() == null ? Double.NaN : s.beta().beta(),
                  s.beta() == null ? Double.NaN : s.beta().stdError(),
                  s.load() * unit,
                  p.capacityRate(),
                  s.demand() * unit,
                  s.mode().label(),
                  p.shed(),
                  p.gainScale()));
        }
        int window = (int) Math.floor(seconds - 1e-9);
        for (int k = 0; k < c.customers().size(); k++) {
          String name = c.customers().get(k).name();
          CustomerWindows cw = customerWindows.get(k);
          StringBuilder line =
              new StringBuilder(
                  String.format(
                      java.util.Locale.ROOT,
                      "t=%.0f customer %s: admitted %d/s of %d sent, limit %.0f; shares",
                      seconds,
                      name,
                      window >= 0 && window < windows ? cw.admittedTotal(window) : 0,
                      window >= 0 && window < windows ? cw.sentTotal(window) : 0,
                      c.customers().get(k).limit()));
          for (int i = 0; i < n; i++) {
            double sh = share(pops.get(i), name);
            cw.share(window, i, sh);
            line.append(String.format(java.util.Locale.ROOT, " %s %.1f", t.ids().get(i), sh));
          }
          log.accept(line.toString());
        }
        work.accept(System.nanoTime() - now);
        samples.addAll(interval);
        onInterval.accept(interval);
      }
      log.accept(
          String.format(
              java.util.Locale.ROOT,
              "control intervals: %d, started late by %.2f ms on average (at most %.2f ms), all"
                  + " PoPs' steps took %.2f ms on average (at most %.2f ms)",
              late.getCount(),
              late.getAverage() / 1e6,
              late.getMax() / 1e6,
              work.getAverage() / 1e6,
              work.getMax() / 1e6));
      for (Thread th : threads) {
        th.join(5000);
      }
      Map<String, UserCounts> counts = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        counts.put(t.node(i).id(), UserCounts.of(users.get(i).stats()));
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
    } finally {
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

  /**
   * Runs a drill on PoP {@code d.pop()}: a restart closes its daemon and starts a new one on the
   * same addresses, which restores from the state file; a proxy kill closes its proxy only.
   */
  private static DrillOutcome drill(
      ClusterConfig c,
      Drill d,
      double seconds,
      List<PopDaemon> pops,
      KeyRing keys,
      ClusterCustomers customers,
      dev.alm.proxy.limit.CentralLimiter central,
      Consumer<String> log)
      throws IOException, InterruptedException {
    int i = c.topology().ids().indexOf(d.pop());
    PopDaemon p = pops.get(i);
    LoopState before = p.state();
    if (d.kind() == Drill.Kind.KILL_PROXY) {
      log.accept("drill at " + seconds + " s: killing the proxy of " + d.pop());
      p.killProxy();
      return new DrillOutcome(d, seconds, before.x(), before.mu(), before.x(), before.mu(), 0);
    }
    log.accept("drill at " + seconds + " s: restarting " + d.pop());
    InetSocketAddress dnsAt = p.dnsAddress();
    InetSocketAddress proxyAt = p.proxyAddress();
    long down = System.nanoTime();
    p.close();
    PopConfig again = popConfig(c, i, dnsAt, proxyAt, keys, customers);
    PopDaemon restarted = null;
    for (int attempt = 0; restarted == null; attempt++) {
      try {
        restarted =
            PopDaemon.start(
                again, false, System::nanoTime, System::currentTimeMillis, log, central);
      } catch (java.net.BindException e) {
        if (attempt >= 50) {
          throw e;
        }
        Thread.sleep(20); // the old sockets are still being released
      }
    }
    pops.set(i, restarted);
    LoopState after = restarted.state();
    return new DrillOutcome(
        d,
        seconds,
        before.x(),
        before.mu(),
        after.x(),
        after.mu(),
        (System.nanoTime() - down) / 1e6);
  }

  /** PoP i's configuration in the cluster, on ephemeral ports, with a fresh probe key. */
  public static PopConfig popConfig(ClusterConfig c, int i) throws IOException {
    return popConfig(
        c,
        i,
        null,
        null,
        c.probeAuth() ? freshProbeKey(null) : null,
        ClusterCustomers.prepare(c.toBuilder().customers(List.of()).build(), null));
  }

  /**
   * A fresh random probe key for one run (docs/operations.md, "Authenticated probes"): 32 random
   * bytes as 64 hex characters, written to {@code dir/probe.key} (mode 600) when a directory is
   * given, so that a run's probes can be checked afterwards; every PoP of the run shares it.
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

  /**
   * PoP i's configuration in the cluster, its DNS and proxy at the given addresses (null: ephemeral
   * ports), signing and verifying probes with {@code keys} (null: probe authentication off).
   */
  static PopConfig popConfig(
      ClusterConfig c,
      int i,
      InetSocketAddress dnsAt,
      InetSocketAddress proxyAt,
      KeyRing keys,
      ClusterCustomers customers)
      throws IOException {
    Topology t = c.topology();
    String id = t.node(i).id();
    String address = popAddress(i);
    Name zone = Name.fromConstantString(ZONE + ".");
    DnsConfig dns =
        DnsConfig.builder(zone)
            .pop(id)
            .name(Name.fromConstantString("www." + ZONE + "."))
            .l1(InetAddress.getByName(L1))
            .l2(InetAddress.getByName(L2))
            .x(c.startX())
            .cdnTtl(c.cdnTtl())
            .probeTtl(c.cdnTtl())
            .listen(dnsAt != null ? dnsAt : new InetSocketAddress(address, 0))
            .rrl(RrlConfig.OFF)
            .build();
    double unit = c.loadUnit();
    HostPort proxyListen =
        proxyAt != null ? new HostPort(address, proxyAt.getPort()) : new HostPort(address, 0);
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop(id)
            .zone(ZONE)
            .listen(proxyListen)
            .capacity(t.node(i).capacity() * unit)
            .controlInterval(c.interval())
            .ioThreads(1)
            .content(ContentConfig.generate(c.bodyBytes()))
            // every user of the cluster connects from 127.0.0.1: one address carries all probes,
            // and one resolver prefix all echoes
            .probeAuth(
                ProbeAuthConfig.of(keys)
                    .withClientLimit(
                        CLIENT_PROBE_HEADROOM * c.beaconRate() * t.size(),
                        CLIENT_PROBE_HEADROOM * c.beaconRate() * t.size())
                    .withEchoPrefixLimit(
                        CLIENT_PROBE_HEADROOM * c.beaconRate() * t.size(),
                        CLIENT_PROBE_HEADROOM * c.beaconRate() * t.size()))
            .customers(customers.proxyCustomers(t.size()))
            .build();
    double rate = t.node(i).demand() * unit;
    LoopConfig loop =
        LoopConfig.builder(c.algorithm())
            .interval(c.interval())
            .loadUnit(unit)
            .requestsPerQuery(c.requestsPerQuery(rate))
            .startX(c.startX())
            .greedyGain(c.greedyGain())
            .step(new StepSize.Scaled(c.theta(), false))
            .beta(
                new BetaEstimatorConfig(
                    c.probeGamma(), c.betaWeight(), LoopConfig.DEFAULT_BETA.lossRate()))
            .settling(c.settling())
            .betaSource(c.betaSource())
            .overloadBoost(c.overloadBoost())
            .build();
    Path state = c.stateDir() == null ? null : c.stateDir().resolve(id + ".json");
    return new PopConfig(
        c.withholdC() ? t.withoutCorrelation() : t,
        i,
        dns,
        1,
        proxy,
        loop,
        ProbePlanConfig.ofGamma(c.probeGamma()),
        state,
        null,
        customers.drl(i));
  }
}
