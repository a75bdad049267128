package dev.alm.app;

import dev.alm.cluster.Cluster;
import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.FlashCrowd;
import dev.alm.controller.io.MatrixCsv;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Sample;
import dev.alm.loop.fleet.Flash;
import dev.alm.loop.fleet.FleetModel;
import dev.alm.loop.fleet.FleetModelConfig;
import dev.alm.loop.fleet.FleetRun;
import dev.alm.loop.fleet.RouteChange;
import dev.alm.pop.PopConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm predict}: what {@code alm cluster} would do, from the offline fleet model ({@link
 * FleetModel}): the PoPs' real control loops, built as the cluster builds them, against simulated
 * users, resolvers, DNS, routing, meters and probes. Takes every option of {@code alm cluster} that
 * shapes the loops and the traffic, with the same defaults.
 */
@Command(
    name = "predict",
    header =
        "Predict alm cluster offline: the real control loops against a seeded model of the fleet.",
    mixinStandardHelpOptions = true,
    resourceBundle = "dev.alm.app.LiveControllerOptions$Cluster",
    description = {
      "Run every PoP's control loop, configured exactly as alm cluster configures it, against a seeded model",
      "of the cluster: Poisson users behind TTL-honouring resolver caches, the DNS's L1/L2 draw, anycast",
      "routing by C, 1 s proxy meters, FastControl probes or price echoes, in simulated time (no sockets, no",
      "clock). Writes DIR/samples.csv (alm cluster's columns), DIR/summary.json (coldStartIntervals,",
      "recoveryIntervals, the worst mean S/T over the second half; over --runs seeds their mean, min and max)",
      "and DIR/predict.png; --against DIR compares with an alm cluster run. See docs/controllers/fleet-model.md."
    })
public final class PredictCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin LiveControllerOptions law;

  @Mixin FleetOptions fleet;

  @Option(
      names = {"-o", "--out"},
      defaultValue = "out/predict",
      description = "Output directory. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = "--route-change",
      paramLabel = "SECONDS:FILE",
      description = {
        "From SECONDS on, anycast routes the users by the C matrix in FILE (alm correlate's C.csv",
        "format); the PoPs keep the topology's C. Repeatable."
      })
  List<String> routeChanges = new ArrayList<>();

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "The first run's seed; run k uses SEED + k - 1. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--runs",
      defaultValue = "1",
      description =
          "Runs over consecutive seeds; the summary gives their mean, min and max. Default: ${DEFAULT-VALUE}.")
  int runs;

  @Option(
      names = "--resolution",
      defaultValue = "10ms",
      description = "The model's time slice (at most the interval). Default: ${DEFAULT-VALUE}.")
  String resolution;

  @Option(
      names = "--no-probe-auth",
      description =
          "Unsigned probes, as alm cluster --no-probe-auth: they carry no weight, so the proxies"
              + " measure no sigma_i (and price echoes are refused, as by alm cluster).")
  boolean noProbeAuth;

  @Option(
      names = "--shared-resolver",
      description =
          "Every PoP's resolver caches ask from one address (one large resolver): its DNS rates"
              + " none of the answers and A_i uses the requests per query computed from the load"
              + " generator. Default: each cache asks from its own address, as alm cluster's do.")
  boolean sharedResolver;

  @Option(
      names = "--background",
      paramLabel = "R",
      defaultValue = "0",
      description =
          "Requests/s per PoP's users that reach the anycast address whatever the DNS answers"
              + " (alm lab's catchment checks): routed by C, counted in the"
              + " proxies' load, never sent to L2. Default: ${DEFAULT-VALUE}.")
  double background;

  @Option(
      names = "--random-answers",
      description =
          "Every DNS answer an independent draw with probability x (the paper's, alm dns --mode"
              + " random). Default: the balanced split alm's DNS uses by default (docs/dns-node.md).")
  boolean randomAnswers;

  @Option(
      names = "--persistent-boost",
      description =
          "The largest multiplier of the price step while an overload persists without progress"
              + " (docs/controllers/step-and-delay.md); 1: none. Default: 64.")
  Double persistentBoost;

  @Option(
      names = "--lab",
      paramLabel = "DIR",
      description =
          "An alm lab run's output directory: the users as that run had them. Its eyeball networks"
              + " (catchments.json), each with --resolvers caches of its own asking from one address"
              + " (its resolver's) and every L1 request of it on its HTTP catchment's proxy; their"
              + " beacons at the run's rate per load unit of their demand (run/settings.json); the"
              + " users' warm-up seen in the access logs (a burst of late requests: those due before"
              + " it sent stretched, the backlog at once); and at each proxy the background its access"
              + " log shows (requests neither probes nor the users' ordinary ones, from 2 s to"
              + " --duration), on top of --background. -t gives C, A and T (bench/lab_topology.py"
              + " DIR FILE writes them); --load-unit, --resolvers and --ttl must be the run's. See"
              + " docs/controllers/fleet-model.md.")
  Path lab;

  private LabUsersFile labUsers;

  @Option(
      names = "--against",
      paramLabel = "DIR",
      description =
          "An alm cluster run's output directory: compare its samples.csv with the prediction.")
  Path against;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    if (runs < 1) {
      throw new UserError("--runs: must be >= 1, got " + runs);
    }
    Topology t = fleet.topology();
    if (persistentBoost != null && !(persistentBoost >= 1 && persistentBoost <= 1e6)) {
      throw new UserError(
          "--persistent-boost: expected a number from 1 to 1e6, got " + persistentBoost);
    }
    ClusterConfig c = config(t);
    Duration slice = ClusterCommand.parseDuration("--resolution", resolution);
    List<RouteChange> changes = new ArrayList<>();
    for (String r : routeChanges) {
      changes.add(routeChange(r));
    }
    Path samplesIn = against == null ? null : against.resolve("samples.csv");
    if (samplesIn != null && !Files.isRegularFile(samplesIn)) {
      throw new UserError("--against " + against + ": no samples.csv there");
    }
    // every PoP's loop and probe plan exactly as alm cluster configures them
    List<LoopConfig> loops = new ArrayList<>();
    PopConfig first = null;
    for (int i = 0; i < t.size(); i++) {
      PopConfig p = Cluster.popConfig(c, i);
      first = first == null ? p : first;
      LoopConfig.Builder b = p.loop().toBuilder();
      if (persistentBoost != null) {
        b.persistentBoost(persistentBoost);
      }
      loops.add(b.build());
    }
    labUsers = lab == null ? null : LabUsersFile.read(lab, t, c);
    if (labUsers != null) {
      o.println(labUsers.line());
    }
    if (labUsers != null) {
      // the DNS's requests per query as alm lab calibrates it from its eyeball networks' caches
      for (int i = 0; i < t.size(); i++) {
        double rpq = labUsers.requestsPerQuery(t.ids().get(i));
        if (rpq >= 1) {
          loops.set(i, loops.get(i).toBuilder().requestsPerQuery(rpq).build());
        }
      }
    }
    List<FleetRun> done = new ArrayList<>();
    for (int k = 0; k < runs; k++) {
      FleetModelConfig mc = modelConfig(t, c, loops, first, slice, changes, seed + k);

      long started = System.nanoTime();
      FleetRun run = FleetModel.run(mc);
      done.add(run);
      o.println(PredictReport.line(k + 1, seed + k, run, (System.nanoTime() - started) / 1e9));
      o.flush();
    }
    Outputs.directory(out);
    FleetRun run = done.get(0);
    List<Sample> samples = run.samples();
    ClusterReport.samplesCsv(samples, out.resolve("samples.csv"));
    Map<String, Object> doc = PredictReport.summary(fleet.topology, seed, c, done);
    if (samplesIn != null) {
      Map<String, Object> cmp =
          PredictReport.compare(PredictReport.readSamples(samplesIn), done, t.ids());
      doc.put("against", cmp);
      o.println(cmp.get("line"));
    }
    Outputs.json(out.resolve("summary.json"), doc);
    ClusterPlot.write(
        samples,
        "model of " + c.algorithm().label() + " on " + fleet.topology + ", seed " + seed,
        out.resolve("predict.png"));
    o.printf(
        "wrote %s, %s and %s%n",
        out.resolve("summary.json"), out.resolve("samples.csv"), out.resolve("predict.png"));
    return 0;
  }

  /** The cluster the model stands for, as {@code alm cluster} reads the same options. */
  private ClusterConfig config(Topology t) throws InputException {
    fleet.warnOfInterval(spec.commandLine().getErr(), "alm predict");
    try {
      return fleet.builder(t, law).seed(seed).probeAuth(!noProbeAuth).build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /**
   * One model run's configuration: every PoP's loop and probe plan as {@code alm cluster} sets
   * them, the users, resolvers and beacons, the flash crowd and the route changes, one seed.
   */
  private FleetModelConfig modelConfig(
      Topology t,
      ClusterConfig c,
      List<LoopConfig> loops,
      PopConfig first,
      Duration slice,
      List<RouteChange> changes,
      long seed) {
    FleetModelConfig.Builder b =
        FleetModelConfig.builder(law.withholdC ? t.withoutCorrelation() : t)
            .loops(loops)
            .plan(first.plan())
            .duration(c.duration())
            .resolution(slice)
            .resolvers(c.resolvers())
            .ttlSeconds(c.cdnTtl())
            .beaconRate(c.beaconRate())
            .backgroundRate(background)
            .probeWeights(c.probeAuth())
            .sharedResolver(sharedResolver)
            .randomAnswers(randomAnswers)
            .seed(seed);
    if (labUsers != null) {
      b.eyeballs(labUsers.eyeballs()).backgroundAt(labUsers.backgroundAt());
    }
    if (c.flash() != null) {
      FlashCrowd f = c.flash();
      b.flash(new Flash(f.pop(), f.factor(), f.startSeconds(), f.seconds()));
    }
    if (law.withholdC) {
      // the PoPs hold the unit matrix; their users follow the topology's C from the start
      b.routeChange(new RouteChange(0, t.correlation(), "C withheld"));
    }
    changes.forEach(b::routeChange);
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  private static RouteChange routeChange(String text) throws InputException {
    int colon = text.indexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new UserError("--route-change: expected SECONDS:FILE, got '" + text + "'");
    }
    double at;
    try {
      at = Double.parseDouble(text.substring(0, colon));
    } catch (NumberFormatException e) {
      throw new UserError("--route-change: bad number of seconds in '" + text + "'");
    }
    if (!(at >= 0)) {
      throw new UserError("--route-change: seconds must be >= 0, got '" + text + "'");
    }
    Path file = Path.of(text.substring(colon + 1));
    MatrixCsv.Result m = MatrixCsv.read(file, false);
    return new RouteChange(at, m.matrix(), file.getFileName().toString());
  }
}
