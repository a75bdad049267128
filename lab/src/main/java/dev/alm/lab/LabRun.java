package dev.alm.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.loadgen.UserCounts;
import dev.alm.loop.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One lab run (docs/lab.md): builds the network, waits for BGP, starts a JVM per PoP, the
 * datacenter, every public resolver and every eyeball network's users in their namespaces, measures
 * the ground truth (catchments, C, A), starts the control loops and the users together, reads every
 * PoP's status each interval, runs the drills, and collects what the users did. The caller tears
 * the network down ({@link LabNetwork#close}) in every case.
 */
public final class LabRun {

  /**
   * One eyeball network's or resolver's catchments at the start.
   *
   * @param dns the PoP answering its DNS queries (a resolver's own; for an eyeball, its resolver's)
   * @param http the PoP its HTTP requests reach (null for a resolver)
   */
  public record Catch(String dns, String http) {}

  /**
   * What a drill did.
   *
   * @param drill the drill
   * @param atSeconds when it ran
   * @param bgpSeconds after a withdraw or prepend: seconds until every router's best route to L1's
   *     prefix had changed its origin as expected (NaN when not measured or not reached)
   */
  public record DrillEvent(LabDrill drill, double atSeconds, double bgpSeconds) {}

  /**
   * The record of a run.
   *
   * @param convergenceSeconds from BIRD's start until every session was up and every route in place
   * @param catchments per eyeball network and resolver id, at the start
   * @param truth the true C and A
   * @param samples one per PoP per interval
   * @param users per eyeball id
   * @param seconds the users' run time
   * @param targetRate the users' target request rate, requests/s
   * @param drills what the drills did
   * @param netem whether link delays were applied
   * @param peakRssMb the most resident memory of all lab processes together (sampled every 5 s)
   * @param cpuSeconds CPU seconds the lab's processes had used by the last interval
   * @param processes how many processes that was
   * @param machineBusy the machine's busy share (all cores) over the run
   * @param refreshes the C handed to the PoPs after the drills ({@code --refresh-c})
   */
  public record Result(
      double convergenceSeconds,
      Map<String, Catch> catchments,
      LabTruth truth,
      List<Sample> samples,
      Map<String, UserCounts> users,
      double seconds,
      double targetRate,
      List<DrillEvent> drills,
      boolean netem,
      double peakRssMb,
      double cpuSeconds,
      int processes,
      double machineBusy,
      List<CRefresh.Event> refreshes) {}

  /** JVM options of every lab process: small heaps, the serial collector, the C1 compiler only. */
  public static final List<String> JVM_OPTIONS =
      List.of("-Xmx96m", "-Xss512k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private LabRun() {}

  /** Runs the lab; the network stays up for the caller to tear down. */
  public static Result run(
      LabTopology t,
      LabSettings s,
      Duration duration,
      List<LabDrill> drills,
      LabNetwork network,
      double convergenceSeconds,
      Consumer<List<Sample>> onInterval,
      Consumer<String> log)
      throws IOException, InterruptedException {
    Path out = Path.of(s.out());
    clearOut(out);
    freshProbeKey(out.resolve("state").resolve("probe.key"));
    s.write(out);
    LabChildren children = new LabChildren(out);
    try {
      children.startAll(t, network.plan());
      Map<String, Catch> catchments = children.awaitCatchments(t);
      LabTruth truth = startTruth(t, catchments, s, duration, out, log);
      long start = truth.startEpochMillis();
      CRefresh refresh = s.refreshSeconds() > 0 ? new CRefresh(t, s, out, truth, log) : null;
      LabDrillThreads due = new LabDrillThreads(network, t, drills, start, refresh, log);
      List<Sample> samples = new ArrayList<>();
      ObjectMapper m = new ObjectMapper();
      LabResources resources = new LabResources(network.plan().name());
      int late = 0;
      resources.start();
      long lastInterval = duration.toMillis() / s.intervalMillis();
      for (long k = 1; ; k++) {
        long at = start + k * s.intervalMillis();
        if (at > truth.endEpochMillis()) {
          break;
        }
        double seconds = k * s.intervalMillis() / 1000.0;
        due.startDue(seconds);
        sleepUntil(at + Math.min(600, s.intervalMillis() / 2));
        if (k % 5 == 0 || k == lastInterval) {
          resources.sample();
        }
        List<Sample> interval = reported(m, out, t, seconds);
        if (interval.size() == t.pops().size()) {
          samples.addAll(interval);
          onInterval.accept(interval);
        } else {
          late++; // the samples are read again from the PoPs' files at the end
        }
      }
      logLate(late, log);
      due.join();
      children.awaitExit(20);
      Map<String, UserCounts> users = userCounts(m, out, t);
      double target = targetRate(t, s);
      // samples from the PoPs' own files, complete (the live read may have missed one)
      List<Sample> all = PopStatusLines.all(out, t);
      return new Result(
          convergenceSeconds,
          catchments,
          truth,
          all.isEmpty() ? samples : all,
          users,
          duration.toMillis() / 1000.0,
          target,
          due.events(),
          network.netem(),
          resources.peakRssMb(),
          resources.cpuSeconds(),
          resources.processes(),
          resources.machineBusy(),
          due.refreshes());
    } finally {
      children.stopAll();
    }
  }

  /** Says how many intervals the live table missed, if any. */
  private static void logLate(int late, Consumer<String> log) {
    if (late > 0) {
      log.accept(
          "lab: "
              + late
              + " intervals not reported by every PoP within half an interval (live table only;"
              + " the PoPs' files are complete)");
    }
  }

  /** The users' target request rate, requests/s: every eyeball network's demand. */
  private static double targetRate(LabTopology t, LabSettings s) {
    double target = 0;
    for (LabTopology.Eyeball e : t.eyeballs()) {
      target += e.demand() * s.loadUnit();
    }
    return target;
  }

  /** Makes the run's directories, emptied of the files of an earlier run. */
  private static void clearOut(Path out) throws IOException {
    for (String d : List.of("run", "catchments", "pops", "users", "logs", "state")) {
      Path dir = out.resolve(d);
      Files.createDirectories(dir);
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) {
          if (Files.isRegularFile(f)) {
            Files.delete(f);
          }
        }
      }
    }
  }

  /**
   * The ground truth of the catchments measured, with the run's start in 3 s and its end, written
   * for the processes that wait for it.
   */
  private static LabTruth startTruth(
      LabTopology t,
      Map<String, Catch> catchments,
      LabSettings s,
      Duration duration,
      Path out,
      Consumer<String> log)
      throws IOException {
    LabTruth truth0 = truth(t, catchments, s, 0, 0);
    long start = System.currentTimeMillis() + 3000;
    LabTruth truth =
        new LabTruth(
            truth0.c(),
            truth0.demand(),
            start,
            start + duration.toMillis(),
            truth0.requestsPerQuery());
    truth.write(out);
    log.accept(
        "lab: ground truth measured; users and control loops start in 3 s, for "
            + duration.toSeconds()
            + " s");
    return truth;
  }

  /** The samples of the interval ending at {@code seconds} the PoPs have written so far. */
  private static List<Sample> reported(ObjectMapper m, Path out, LabTopology t, double seconds)
      throws IOException {
    List<Sample> interval = new ArrayList<>();
    for (LabTopology.Pop p : t.pops()) {
      JsonNode last = PopStatusLines.last(m, out.resolve("pops").resolve(p.id() + ".jsonl"));
      if (last != null && Math.abs(last.path("t").asDouble() - seconds) < 1e-6) {
        interval.add(PopStatusLines.sample(last));
      }
    }
    return interval;
  }

  /** What each eyeball network's users did, from the files they wrote (absent if none). */
  private static Map<String, UserCounts> userCounts(ObjectMapper m, Path out, LabTopology t)
      throws IOException {
    Map<String, UserCounts> users = new LinkedHashMap<>();
    for (LabTopology.Eyeball e : t.eyeballs()) {
      Path f = out.resolve("users").resolve(e.id() + ".json");
      if (Files.exists(f)) {
        users.put(e.id(), m.readValue(f.toFile(), UserCounts.class));
      }
    }
    return users;
  }

  /**
   * The true C and A from the catchments: an eyeball network's demand counts in the row of its
   * resolver's DNS catchment and the column of its own HTTP catchment (a row without demand is the
   * unit row).
   */
  public static LabTruth truth(
      LabTopology t, Map<String, Catch> catchments, LabSettings s, long start, long end) {
    int n = t.pops().size();
    double[][] c = new double[n][n];
    double[] a = new double[n];
    double[] queries = new double[n];
    int caches = Math.max(1, s.resolverCaches());
    for (LabTopology.Eyeball e : t.eyeballs()) {
      Catch own = catchments.get(e.id());
      String dns = e.onNet() ? own.dns() : catchments.get(e.resolver()).dns();
      int i = t.popIndex(dns);
      int j = t.popIndex(own.http());
      if (i < 0 || j < 0) {
        throw new IllegalStateException(
            "eyeball " + e.id() + ": catchment unknown (dns " + dns + ", http " + own.http() + ")");
      }
      c[i][j] += e.demand();
      a[i] += e.demand();
      double perCache = e.demand() * s.loadUnit() / caches;
      queries[i] += perCache > 0 ? caches * perCache / (perCache * s.ttl() + 1) : 0;
    }
    double[] rpq = new double[n];
    for (int i = 0; i < n; i++) {
      rpq[i] = queries[i] > 0 ? a[i] * s.loadUnit() / queries[i] : 1;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        c[i][j] = a[i] > 0 ? c[i][j] / a[i] : (i == j ? 1 : 0);
      }
    }
    return new LabTruth(c, a, start, end, rpq);
  }

  private static void freshProbeKey(Path file) throws IOException {
    byte[] b = new byte[32];
    new SecureRandom().nextBytes(b);
    Files.deleteIfExists(file);
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(
        file, "# alm lab probe key, fresh for this run\n" + HexFormat.of().formatHex(b) + "\n");
  }

  static void sleepUntil(long epochMillis) throws InterruptedException {
    long left;
    while ((left = epochMillis - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(left, 200));
    }
  }
}
