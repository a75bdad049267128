package dev.alm.app;

import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.ClusterRun;
import dev.alm.controller.io.MatrixCsv;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.lab.CRefresh;
import dev.alm.lab.LabCheck;
import dev.alm.lab.LabDrill;
import dev.alm.lab.LabName;
import dev.alm.lab.LabNetwork;
import dev.alm.lab.LabPlan;
import dev.alm.lab.LabRun;
import dev.alm.lab.LabSettings;
import dev.alm.lab.LabTeardown;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTopologyJson;
import dev.alm.lab.LabTruth;
import dev.alm.loop.Algorithm;
import dev.alm.loop.Sample;
import dev.alm.loop.TtlInterval;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm lab}: the CDN on a real anycast network of namespaces and BIRD routers. */
@Command(
    name = "lab",
    header =
        "A real anycast network on this machine (namespaces, veth, BIRD 2), PoPs and users in it.",
    mixinStandardHelpOptions = true,
    resourceBundle = "dev.alm.app.LiveControllerOptions$Lab",
    subcommands = {LabCheckCommand.class, LabDownCommand.class},
    description = {
      "Build the topology's network (one namespace per router, PoP, eyeball network, public resolver and",
      "the datacenter; one BIRD 2 per router and PoP), wait for BGP, run a real PoP daemon in every PoP",
      "namespace and users in every eyeball network, measure the true catchments (CHAOS id.server, X-Alm-Pop)",
      "and C, run the control loops for --duration, and tear everything down. Writes what alm cluster writes",
      "plus catchments.json, C-true.csv, C-estimated.csv (alm correlate on the PoPs' logs) and C-error.json.",
      "Needs root, iproute2 and bird2 (alm lab check). See docs/lab.md."
    })
public final class LabCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = {"-t", "--topology"},
      defaultValue = "builtin:lab-fig2",
      description =
          "Lab topology file or builtin:lab-mini|lab-fig2|lab-8|lab-skew|lab-spill."
              + " Default: ${DEFAULT-VALUE}.")
  String topology;

  @Mixin LiveControllerOptions law;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      description = "Run time. Default: ${DEFAULT-VALUE}.")
  String duration;

  @Option(
      names = {"-o", "--out"},
      defaultValue = "out/lab",
      description = "Output directory. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = "--load-unit",
      defaultValue = "50",
      description = "Requests/s per load unit. Default: ${DEFAULT-VALUE}.")
  double loadUnit;

  @Option(
      names = "--caches",
      defaultValue = "50",
      description = "Resolver caches per eyeball network. Default: ${DEFAULT-VALUE}.")
  int caches;

  @Option(
      names = "--ttl",
      defaultValue = "2",
      description =
          "CDN TTL, s; the control interval is 1 s, or half the TTL when that is longer"
              + " (docs/pop/configuration.md \"Interval vs TTL\"). Default: ${DEFAULT-VALUE}.")
  long ttl;

  @Option(
      names = "--beacons",
      defaultValue = "40",
      description =
          "FastControl beacons/s per load unit of an eyeball network's demand: each becomes a probe"
              + " and, with price echoes, an echo query (--beta-source probes wants about 400)."
              + " Default: ${DEFAULT-VALUE}.")
  double beacons;

  @Option(
      names = "--correlation-beacons",
      defaultValue = "4",
      description =
          "Correlation beacons/s per load unit of an eyeball network's demand. Default: ${DEFAULT-VALUE}.")
  double correlationBeacons;

  @Option(
      names = "--refresh-c",
      paramLabel = "SECONDS",
      defaultValue = "0",
      description =
          "After each drill, hand the PoPs a new C this many seconds later (--refresh-from);"
              + " they restart on it from their state files. 0: never. Default: ${DEFAULT-VALUE}.")
  double refreshC;

  @Option(
      names = "--refresh-from",
      paramLabel = "measured|estimated",
      defaultValue = "measured",
      description =
          "The C --refresh-c hands over: measured (what routing gives, from the catchments) or"
              + " estimated (alm correlate's beacon join on the PoPs' logs from the drill plus"
              + " --refresh-settle to the refresh; rows with fewer than --refresh-min-samples keep"
              + " the previous row). Default: ${DEFAULT-VALUE}.")
  String refreshFrom;

  @Option(
      names = "--refresh-settle",
      paramLabel = "SECONDS",
      defaultValue = "2",
      description =
          "Estimated: the log window starts this long after the drill. Default: ${DEFAULT-VALUE}.")
  double refreshSettle;

  @Option(
      names = "--refresh-min-samples",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "Estimated: the fewest beacon samples for a row to be replaced. Default: ${DEFAULT-VALUE}.")
  int refreshMinSamples;

  @Option(
      names = "--plan-floor",
      defaultValue = "0.1",
      description =
          "Smallest C_ij the probe plan divides by (eq. 19); routing gives C_ij = 0 where C_ji > 0."
              + " Default: ${DEFAULT-VALUE}.")
  double planFloor;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Users' seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--name",
      defaultValue = LabName.DEFAULT,
      description =
          "The lab's name: a lower-case letter then up to 5 lower-case letters or digits. Its"
              + " namespaces are NAME-<id>, its BIRD files in RUN-DIR/NAME; labs with different"
              + " names run side by side. Default: ${DEFAULT-VALUE}.")
  String name;

  @Option(
      names = "--run-dir",
      defaultValue = "/run/alm-lab",
      description =
          "Where each lab keeps BIRD's configs, sockets and pid files (in RUN-DIR/NAME)."
              + " Default: ${DEFAULT-VALUE}.")
  Path runDir;

  @Option(
      names = "--withdraw",
      paramLabel = "POP:SECONDS",
      description = "Drill: POP stops announcing.")
  List<String> withdraw = new ArrayList<>();

  @Option(
      names = "--announce",
      paramLabel = "POP:SECONDS",
      description = "Drill: POP announces again.")
  List<String> announce = new ArrayList<>();

  @Option(
      names = "--prepend",
      paramLabel = "POP:N:SECONDS",
      description = "Drill: POP prepends its AS N times.")
  List<String> prepend = new ArrayList<>();

  @Option(
      names = "--link-down",
      paramLabel = "A-B:SECONDS",
      description = "Drill: the link A-B goes down.")
  List<String> linkDown = new ArrayList<>();

  @Option(
      names = "--netem",
      paramLabel = "A-B:loss=P,delay=MS:SECONDS",
      description = "Drill: new delay and loss on the link A-B.")
  List<String> netem = new ArrayList<>();

  @Option(names = "--quiet", description = "No live table.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> missing = LabCheck.missing();
    if (!missing.isEmpty()) {
      err.println(
          "alm lab: this machine cannot run the lab: missing " + String.join(", ", missing));
      return 2;
    }
    LabName lab;
    try {
      lab = new LabName(name);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    LabTopology t = LabTopologyJson.resolve(topology);
    Duration d = ClusterCommand.parseDuration("--duration", duration);
    List<LabDrill> drills = drills(t, d);
    Path dir = Outputs.directory(out).toAbsolutePath();
    LabSettings s = settings(dir);
    Consumer<String> log =
        line -> {
          err.println(line);
          err.flush();
        };
    long wall = System.nanoTime();
    LabRun.Result r = run(o, lab, t, s, d, drills, log);
    double wallSeconds = (System.nanoTime() - wall) / 1e9;
    LabReport.write(o, err, dir, t, s, r, topology, wallSeconds);
    return 0;
  }

  /** The drills the flags ask for, each checked against the topology and the run's length. */
  private List<LabDrill> drills(LabTopology t, Duration d) {
    List<LabDrill> drills = new ArrayList<>();
    try {
      Algorithm.parse(law.algorithm);
      withdraw.forEach(v -> drills.add(LabDrill.parse(LabDrill.Kind.WITHDRAW, v)));
      announce.forEach(v -> drills.add(LabDrill.parse(LabDrill.Kind.ANNOUNCE, v)));
      prepend.forEach(v -> drills.add(LabDrill.parse(LabDrill.Kind.PREPEND, v)));
      linkDown.forEach(v -> drills.add(LabDrill.parse(LabDrill.Kind.LINK_DOWN, v)));
      netem.forEach(v -> drills.add(LabDrill.parse(LabDrill.Kind.NETEM, v)));
      CRefresh.check(refreshC, refreshFrom, refreshSettle, refreshMinSamples);
      for (LabDrill dr : drills) {
        dr.check(t);
        if (dr.atSeconds() >= d.toMillis() / 1000.0) {
          throw new IllegalArgumentException(dr.kind().flag() + ": at or after the end of the run");
        }
      }
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    return drills;
  }

  /** The run's settings, as the processes in the namespaces read them ({@code dir}/run). */
  LabSettings settings(Path dir) {
    String spec0 =
        topology.startsWith("builtin:") ? topology : Path.of(topology).toAbsolutePath().toString();
    return LabSettings.builder()
        .topology(spec0)
        .out(dir.toString())
        .algorithm(law.algorithm)
        .loadUnit(loadUnit)
        .resolverCaches(caches)
        .ttl(ttl)
        .intervalMillis(TtlInterval.defaultFor(ttl).toMillis())
        .fcBeaconsPerUnit(beacons)
        .correlationBeacons(correlationBeacons)
        .gamma(law.gamma)
        .theta(law.theta)
        .greedyGain(law.gain)
        .startX(law.startX)
        .seed(seed)
        .planFloor(planFloor)
        .refreshSeconds(refreshC)
        .refreshFrom(refreshFrom)
        .refreshSettleSeconds(refreshSettle)
        .refreshMinSamples(refreshMinSamples)
        .betaSource(law.betaSource.label())
        .withholdC(law.withholdC)
        .overloadBoost(law.overloadBoost)
        .guardLoad(LabSettings.guardLoadSetting(law.guardLoad()))
        .priceCurvature(law.priceCurvature().label())
        .build();
  }

  /**
   * Builds the lab's network, waits for BGP, runs the lab on it and tears it down (also when the
   * JVM is stopped meanwhile).
   */
  private LabRun.Result run(
      PrintWriter o,
      LabName lab,
      LabTopology t,
      LabSettings s,
      Duration d,
      List<LabDrill> drills,
      Consumer<String> log)
      throws Exception {
    Thread hook = new Thread(() -> LabTeardown.down(lab, runDir, log), "alm-lab-teardown");
    Runtime.getRuntime().addShutdownHook(hook);
    try (LabNetwork net = LabNetwork.build(LabPlan.of(t, lab), runDir, log)) {
      double conv = net.awaitConvergence(120_000);
      if (conv < 0) {
        StringBuilder why = new StringBuilder();
        net.converged(why);
        throw new UserError("BGP did not converge within 120 s: " + why);
      }
      o.printf(
          Locale.ROOT,
          "alm lab %s: %s built, BGP converged in %.1f s; %d PoPs, %d eyeball networks, %s%n",
          lab,
          topology,
          conv,
          t.pops().size(),
          t.eyeballs().size(),
          law.algorithm);
      o.flush();
      return LabRun.run(
          t,
          s,
          d,
          drills,
          net,
          conv,
          interval -> {
            if (!quiet) {
              printRow(o, interval);
            }
          },
          log);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException ignored) {
        // shutting down: the hook runs
      }
    }
  }

  private static void printRow(PrintWriter o, List<Sample> interval) {
    StringBuilder b =
        new StringBuilder(String.format(Locale.ROOT, "t=%5.1fs", interval.get(0).t()));
    for (Sample x : interval) {
      b.append(
          String.format(
              Locale.ROOT, " | %s x=%.3f S/T=%.2f mu=%.2f", x.pop(), x.x(), x.ratio(), x.mu()));
    }
    o.println(b);
    o.flush();
  }

  /** The controller's view of the lab: the true C and A, the PoPs' T and costs. */
  static Topology topology(LabTopology t, double[][] c, double[] a) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < t.pops().size(); i++) {
      LabTopology.Pop p = t.pops().get(i);
      nodes.add(new Node(p.id(), p.capacity(), a[i], p.eta(), p.gamma(), p.d()));
    }
    return new Topology(nodes, CorrelationMatrix.of(t.popIds(), c));
  }

  /** The run as alm cluster's, its topology the lab's with {@code truth}'s C and A. */
  static ClusterRun clusterRun(LabTopology t, LabSettings s, LabRun.Result r, LabTruth truth) {
    ClusterConfig c =
        ClusterConfig.builder(topology(t, truth.c(), truth.demand()))
            .algorithm(Algorithm.parse(s.algorithm()))
            .duration(Duration.ofMillis((long) (r.seconds() * 1000)))
            .interval(Duration.ofMillis(s.intervalMillis()))
            .loadUnit(s.loadUnit())
            .build();
    return new ClusterRun(
        c, r.samples(), r.users(), r.seconds(), r.targetRate(), List.of(), List.of(), List.of());
  }

  static void writeMatrix(Path file, List<String> ids, double[][] c) throws IOException {
    Outputs.write(file, w -> MatrixCsv.write(CorrelationMatrix.of(ids, c), w));
  }
}
