package dev.alm.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.loadgen.Users;
import dev.alm.loop.LoopState;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The entry point of every process the lab starts inside a namespace ({@code ip netns exec NS java
 * ... dev.alm.lab.LabProcess ROLE SETTINGS [ID]}): a namespace belongs to a whole process, so each
 * PoP, the datacenter, each public resolver and each eyeball network's users is its own JVM.
 *
 * <ul>
 *   <li>{@code pop}: the PoP's daemon ({@link PopDaemon}: DNS, proxy, control loop) on the anycast
 *       addresses; answers the ground-truth measurement first, then restarts with the true C and A
 *       and runs one control interval per interval from the common start, appending its status to
 *       {@code OUT/pops/ID.jsonl}.
 *   <li>{@code dc}: the datacenter's L2 proxy.
 *   <li>{@code forwarder}: a public resolver ({@link DnsForwarder}); measures its DNS catchment.
 *   <li>{@code users}: an eyeball network's users ({@link LabUsers}); measures its catchments.
 * </ul>
 *
 * Every role writes what it measured under {@code OUT} and exits by itself after the run's end.
 */
public final class LabProcess {
  public static final String ZONE = "cdn.example";

  /** How long a process waits for the run's truth file before giving up. */
  static final long TRUTH_WAIT_MILLIS = 180_000;

  private LabProcess() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: LabProcess pop|dc|forwarder|users SETTINGS [ID]");
      System.exit(2);
    }
    LabSettings s = LabSettings.read(Path.of(args[1]));
    Path out = Path.of(s.out());
    LabTopology t = LabTopologyJson.resolve(s.topology());
    String id = args.length > 2 ? args[2] : "dc";
    switch (args[0]) {
      case "pop" -> pop(s, out, t, id);
      case "dc" -> datacenter(s, out);
      case "forwarder" -> forwarder(out, t, id);
      case "users" -> users(s, out, t, id);
      default -> {
        System.err.println("unknown role " + args[0]);
        System.exit(2);
      }
    }
    System.exit(0);
  }

  private static void pop(LabSettings s, Path out, LabTopology t, String id) throws Exception {
    int i = t.popIndex(id);
    KeyRing keys = KeyRing.load(out.resolve("state").resolve("probe.key"), "probe key");
    PopDaemon d =
        PopDaemon.start(
            LabPopConfig.of(s, out, t, i, null, keys, false),
            false,
            Clocks.SYSTEM,
            System.err::println);
    ready(out, id);
    LabTruth truth = LabTruth.await(out, TRUTH_WAIT_MILLIS);
    d.close();
    if (truth == null) {
      return;
    }
    PopDaemon live = startLive(LabPopConfig.of(s, out, t, i, truth, keys, true));
    Path refresh = LabSettings.refreshFile(out);
    long refreshed = 0;
    int generation = 0;
    Path status = out.resolve("pops").resolve(id + ".jsonl");
    ObjectMapper m = new ObjectMapper();
    try {
      for (long k = 1; ; k++) {
        long at = truth.startEpochMillis() + k * s.intervalMillis();
        if (at > truth.endEpochMillis()) {
          break;
        }
        sleepUntil(at);
        if (Files.exists(refresh) && Files.getLastModifiedTime(refresh).toMillis() != refreshed) {
          // routing changed: restart on the new C from the state file, as an operator would
          refreshed = Files.getLastModifiedTime(refresh).toMillis();
          LabTruth now = m.readValue(refresh.toFile(), LabTruth.class);
          live.close();
          generation++;
          live = startLive(LabPopConfig.of(s, out, t, i, now, keys, true, generation));
          System.err.println("pop " + id + ": restarted on the C routing now gives");
        }
        LoopState st;
        try {
          st = live.tick();
        } catch (RuntimeException e) {
          // as alm pop's own loop thread does: one failed interval is logged, the PoP serves on
          System.err.println("pop " + id + ": control interval failed: " + e);
          st = live.state();
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("t", (at - truth.startEpochMillis()) / 1000.0);
        line.putAll(live.status());
        line.put("gain", live.gainScale());
        Files.writeString(
            status,
            m.writeValueAsString(line) + "\n",
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
        if (st == null) {
          break;
        }
      }
    } finally {
      live.close();
    }
  }

  private static PopDaemon startLive(PopConfig c) throws IOException, InterruptedException {
    for (int attempt = 0; ; attempt++) {
      try {
        return PopDaemon.start(c, false, Clocks.SYSTEM, System.err::println);
      } catch (BindException e) {
        if (attempt >= 100) {
          throw e;
        }
        Thread.sleep(20); // the old sockets are still being released
      }
    }
  }

  private static void datacenter(LabSettings s, Path out) throws Exception {
    ProxyServer dc =
        ProxyServer.start(
            ProxyConfig.builder()
                .pop("dc")
                .zone(ZONE)
                .listen(new HostPort(LabPlan.L2, 80))
                .capacity(1e7)
                .ioThreads(1)
                .content(ContentConfig.generate(s.bodyBytes()))
                .build());
    ready(out, "dc");
    try {
      LabTruth truth = LabTruth.await(out, TRUTH_WAIT_MILLIS);
      if (truth != null) {
        sleepUntil(truth.endEpochMillis() + 3000);
      }
    } finally {
      dc.close();
    }
  }

  private static void forwarder(Path out, LabTopology t, String id) throws Exception {
    int r = 0;
    while (!t.resolvers().get(r).id().equals(id)) {
      r++;
    }
    InetSocketAddress anycast = new InetSocketAddress(LabPlan.DNS_ANYCAST, 53);
    try (DnsForwarder f =
        new DnsForwarder(new InetSocketAddress(LabPlan.resolverAddress(r), 53), anycast)) {
      String dns = null;
      long deadline = System.currentTimeMillis() + TRUTH_WAIT_MILLIS;
      while (dns == null && System.currentTimeMillis() < deadline) {
        dns = Catchment.dnsPop(anycast, 500);
      }
      writeCatchment(out, id, dns, null);
      LabTruth truth = LabTruth.await(out, TRUTH_WAIT_MILLIS);
      if (truth != null) {
        series(out, id, truth, false);
      }
    }
  }

  private static void users(LabSettings s, Path out, LabTopology t, String id) throws Exception {
    int e = 0;
    while (!t.eyeballs().get(e).id().equals(id)) {
      e++;
    }
    LabTopology.Eyeball eb = t.eyeballs().get(e);
    InetSocketAddress anycast = new InetSocketAddress(LabPlan.DNS_ANYCAST, 53);
    InetSocketAddress l1 = new InetSocketAddress(LabPlan.L1, 80);
    String dns = null;
    String http = null;
    long deadline = System.currentTimeMillis() + TRUTH_WAIT_MILLIS;
    while ((dns == null || http == null) && System.currentTimeMillis() < deadline) {
      dns = dns != null ? dns : Catchment.dnsPop(anycast, 500);
      http = http != null ? http : Catchment.httpPop(l1, "www." + ZONE, 500);
      if (dns == null || http == null) {
        Thread.sleep(100);
      }
    }
    writeCatchment(out, id, dns, http);
    LabTruth truth = LabTruth.await(out, TRUTH_WAIT_MILLIS);
    if (truth == null) {
      return;
    }
    InetSocketAddress resolver =
        eb.onNet()
            ? anycast
            : new InetSocketAddress(LabPlan.resolverAddress(resolverIndex(t, eb.resolver())), 53);
    long startNanos =
        System.nanoTime() + (truth.startEpochMillis() - System.currentTimeMillis()) * 1_000_000L;
    long endNanos = startNanos + (truth.endEpochMillis() - truth.startEpochMillis()) * 1_000_000L;
    Users u =
        LabUsers.create(
            ZONE,
            e,
            resolver,
            eb.demand() * s.loadUnit(),
            eb.demand() * s.fcBeaconsPerUnit(),
            eb.demand() * s.correlationBeacons(),
            s.resolverCaches(),
            s.bodyBytes(),
            startNanos,
            endNanos,
            s.seed() * 1_000_003L + e);
    Thread th = new Thread(u, "alm-users-" + id);
    th.start();
    series(out, id, truth, true);
    th.join(5000);
    th.interrupt();
    new ObjectMapper().writeValue(out.resolve("users").resolve(id + ".json").toFile(), u.counts());
  }

  private static int resolverIndex(LabTopology t, String id) {
    for (int r = 0; r < t.resolvers().size(); r++) {
      if (t.resolvers().get(r).id().equals(id)) {
        return r;
      }
    }
    throw new IllegalArgumentException("no resolver " + id);
  }

  /**
   * Measures this network's catchments every half second until the run ends: {@code
   * OUT/catchments/ID.csv} lines of seconds since the start, DNS PoP, HTTP PoP (empty for a
   * resolver or when unanswered).
   */
  private static void series(Path out, String id, LabTruth truth, boolean http)
      throws IOException, InterruptedException {
    Path f = out.resolve("catchments").resolve(id + ".csv");
    Files.writeString(f, "t,dns,http\n", StandardCharsets.UTF_8);
    InetSocketAddress anycast = new InetSocketAddress(LabPlan.DNS_ANYCAST, 53);
    InetSocketAddress l1 = new InetSocketAddress(LabPlan.L1, 80);
    sleepUntil(truth.startEpochMillis());
    for (long k = 0; ; k++) {
      long at = truth.startEpochMillis() + CatchmentSeries.PERIOD_MILLIS * k;
      if (at > truth.endEpochMillis()) {
        return;
      }
      sleepUntil(at);
      String d = Catchment.dnsPop(anycast, 400);
      String h = http ? Catchment.httpPop(l1, "www." + ZONE, 400) : null;
      Files.writeString(
          f,
          String.format(
              Locale.ROOT,
              "%.1f,%s,%s%n",
              (at - truth.startEpochMillis()) / 1000.0,
              d == null ? "" : d,
              h == null ? "" : h),
          StandardCharsets.UTF_8,
          StandardOpenOption.APPEND);
    }
  }

  private static void writeCatchment(Path out, String id, String dns, String http)
      throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dns", dns);
    m.put("http", http);
    Path f = out.resolve("catchments").resolve(id + ".json");
    Path tmp = f.resolveSibling(id + ".json.tmp");
    new ObjectMapper().writeValue(tmp.toFile(), m);
    Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void ready(Path out, String id) throws IOException {
    Files.writeString(out.resolve("run").resolve(id + ".ready"), "");
  }

  private static void sleepUntil(long epochMillis) throws InterruptedException {
    long left;
    while ((left = epochMillis - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(left, 200));
    }
  }
}
