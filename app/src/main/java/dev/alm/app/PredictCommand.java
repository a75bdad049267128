package dev.alm.app;

import dev.alm.cluster.Cluster;
import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.FlashCrowd;
import dev.alm.cluster.Sample;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.io.MatrixCsv;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.io.InputException;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.loop.fleet.FleetModel;
import dev.alm.loop.fleet.FleetModelConfig;
import dev.alm.loop.fleet.FleetRun;
import dev.alm.loop.fleet.FleetSample;
import dev.alm.pop.PopConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
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
      "and DIR/predict.png; --against DIR compares with an alm cluster run. See docs/controllers.md."
    })
public final class PredictCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = {"-t", "--topology"},
      defaultValue = "builtin:paper-fig2",
      description = "Topology JSON file or builtin. Default: ${DEFAULT-VALUE}.")
  String topology;

  @Mixin LiveControllerOptions law;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      description = "How long the users send traffic (60s, 2m, 45). Default: ${DEFAULT-VALUE}.")
  String duration;

  @Option(
      names = {"-o", "--out"},
      defaultValue = "out/predict",
      description = "Output directory. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = "--load-unit",
      defaultValue = "150",
      description = "Requests/s per topology load unit. Default: ${DEFAULT-VALUE}.")
  double loadUnit;

  @Option(
      names = "--resolvers",
      defaultValue = "200",
      description = "Resolver caches per PoP. Default: ${DEFAULT-VALUE}.")
  int resolvers;

  @Option(
      names = "--ttl",
      defaultValue = "2",
      description = "TTL of CDN answers, seconds. Default: ${DEFAULT-VALUE}.")
  long ttl;

  @Option(
      names = "--beacons",
      defaultValue = "1200",
      description = "FastControl beacons per second per PoP. Default: ${DEFAULT-VALUE}.")
  double beacons;

  @Option(
      names = "--beta-weight",
      defaultValue = "0.2",
      description = "EWMA weight of the newest beta_i sample (eq. 20). Default: ${DEFAULT-VALUE}.")
  double betaWeight;

  @Option(
      names = "--interval",
      defaultValue = "1s",
      description = "The control interval (1s, 2s, 500ms). Default: ${DEFAULT-VALUE}.")
  String interval;

  @Option(
      names = "--settle-horizon",
      defaultValue = "6",
      description =
          "Dual gain schedule horizon; 0 keeps the gains fixed. Default: ${DEFAULT-VALUE}.")
  int settleHorizon;

  @Option(
      names = "--settle-floor",
      defaultValue = "0.08",
      description = "Dual gain schedule: the smallest gain multiplier. Default: ${DEFAULT-VALUE}.")
  double settleFloor;

  @Option(names = "--settle-price", description = "Dual gain schedule: shrink the price step too.")
  boolean settlePrice;

  @Option(
      names = "--flash",
      paramLabel = "POP:FACTOR:START:SECONDS",
      description = "A flash crowd, as alm cluster's: PoP's demand times FACTOR, e.g. b:5:20:30.")
  String flash;

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
    Topology t =
        BuiltinTopologies.isBuiltin(topology)
            ? BuiltinTopologies.resolve(topology)
            : TopologyJson.read(Path.of(topology), false).topology();
    ClusterConfig c;
    try {
      c =
          ClusterConfig.builder(t)
              .algorithm(Algorithm.parse(law.algorithm))
              .duration(ClusterCommand.parseDuration("--duration", duration))
              .interval(ClusterCommand.parseDuration("--interval", interval))
              .loadUnit(loadUnit)
              .resolvers(resolvers)
              .cdnTtl(ttl)
              .beaconRate(beacons)
              .probeGamma(law.gamma)
              .betaWeight(betaWeight)
              .theta(law.theta)
              .greedyGain(law.gain)
              .startX(law.startX)
              .betaSource(law.betaSource)
              .withholdC(law.withholdC)
              .flash(flash == null ? null : FlashCrowd.parse(flash))
              .seed(seed)
              .probeAuth(!noProbeAuth)
              .settling(
                  new Settling(settleHorizon, settleFloor, Settling.DEFAULT_ALARM_Z, settlePrice))
              .build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    Duration slice = ClusterCommand.parseDuration("--resolution", resolution);
    List<FleetModelConfig.RouteChange> changes = new ArrayList<>();
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
      loops.add(p.loop());
    }
    List<FleetRun> done = new ArrayList<>();
    for (int k = 0; k < runs; k++) {
      FleetModelConfig.Builder b =
          FleetModelConfig.builder(law.withholdC ? t.withoutCorrelation() : t)
              .loops(loops)
              .plan(first.plan())
              .duration(c.duration())
              .resolution(slice)
              .resolvers(c.resolvers())
              .ttlSeconds(c.cdnTtl())
              .beaconRate(c.beaconRate())
              .probeWeights(c.probeAuth())
              .seed(seed + k);
      if (c.flash() != null) {
        FlashCrowd f = c.flash();
        b.flash(new FleetModelConfig.Flash(f.pop(), f.factor(), f.startSeconds(), f.seconds()));
      }
      if (law.withholdC) {
        // the PoPs hold the unit matrix; their users follow the topology's C from the start
        b.routeChange(new FleetModelConfig.RouteChange(0, t.correlation(), "C withheld"));
      }
      changes.forEach(b::routeChange);
      FleetModelConfig mc;
      try {
        mc = b.build();
      } catch (IllegalArgumentException e) {
        throw new UserError(e.getMessage());
      }
      long started = System.nanoTime();
      FleetRun run = FleetModel.run(mc);
      done.add(run);
      o.println(line(k + 1, seed + k, run, (System.nanoTime() - started) / 1e9));
      o.flush();
    }
    Outputs.directory(out);
    FleetRun run = done.get(0);
    List<Sample> samples = samples(run.samples());
    ClusterReport.samplesCsv(samples, out.resolve("samples.csv"));
    Map<String, Object> doc = summary(c, done);
    if (samplesIn != null) {
      Map<String, Object> cmp = compare(readSamples(samplesIn), done, t.ids());
      doc.put("against", cmp);
      o.println(cmp.get("line"));
    }
    Outputs.json(out.resolve("summary.json"), doc);
    ClusterPlot.write(
        samples,
        "model of " + c.algorithm().label() + " on " + topology + ", seed " + seed,
        out.resolve("predict.png"));
    o.printf(
        "wrote %s, %s and %s%n",
        out.resolve("summary.json"), out.resolve("samples.csv"), out.resolve("predict.png"));
    return 0;
  }

  private static FleetModelConfig.RouteChange routeChange(String text) throws InputException {
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
    return new FleetModelConfig.RouteChange(at, m.matrix(), file.getFileName().toString());
  }

  /** One line per run: settling, the worst proxy, each event's recovery, the time taken. */
  static String line(int k, long seed, FleetRun run, double seconds) {
    OptionalInt cold = run.coldStartIntervals();
    double[] half = run.meanRatioLastHalf();
    int worst = 0;
    for (int i = 1; i < half.length; i++) {
      worst = half[i] > half[worst] ? i : worst;
    }
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "run %d (seed %d): %s; worst mean S/T over the second half %.2f (%s)",
                k,
                seed,
                cold.isPresent()
                    ? "settled after " + cold.getAsInt() + " intervals"
                    : "did not settle",
                half[worst],
                run.config().topology().ids().get(worst)));
    for (FleetRun.Recovery r : run.recoveries()) {
      b.append("; ")
          .append(r.event())
          .append(
              r.intervals().isPresent()
                  ? ": recovered in " + r.intervals().getAsInt() + " intervals"
                  : ": not recovered");
    }
    b.append(String.format(Locale.ROOT, " [%.2f s]", seconds));
    return b.toString();
  }

  private static List<Sample> samples(List<FleetSample> in) {
    List<Sample> out = new ArrayList<>(in.size());
    for (FleetSample s : in) {
      out.add(
          new Sample(
              s.t(),
              s.pop(),
              s.x(),
              s.mu(),
              s.beta(),
              s.betaStdErr(),
              s.load(),
              s.capacity(),
              s.demand(),
              s.mode(),
              s.shed(),
              s.gain()));
    }
    return out;
  }

  private Map<String, Object> summary(ClusterConfig c, List<FleetRun> done) {
    FleetRun run = done.get(0);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("model", "alm predict (dev.alm.loop.fleet.FleetModel)");
    doc.put("topology", topology);
    doc.put("algorithm", c.algorithm().label());
    doc.put("betaSource", c.betaSource().label());
    doc.put("durationSeconds", c.duration().toNanos() / 1e9);
    doc.put("intervalSeconds", c.interval().toNanos() / 1e9);
    doc.put("seed", seed);
    doc.put("runs", done.size());
    doc.put("coldStartIntervals", intOrNull(run.coldStartIntervals()));
    doc.put("recoveryIntervals", recoveries(run));
    doc.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(run.worstMeanRatioLastHalf()));
    doc.put("pops", pops(run));
    List<Integer> values = new ArrayList<>();
    List<Map<String, Object>> perRun = new ArrayList<>();
    for (int k = 0; k < done.size(); k++) {
      FleetRun r = done.get(k);
      OptionalInt cold = r.coldStartIntervals();
      cold.ifPresent(values::add);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("seed", seed + k);
      m.put("coldStartIntervals", intOrNull(cold));
      m.put("recoveryIntervals", recoveries(r));
      m.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(r.worstMeanRatioLastHalf()));
      perRun.add(m);
    }
    Map<String, Object> over = new LinkedHashMap<>();
    over.put("runs", done.size());
    over.put("settled", values.size());
    over.put(
        "mean", values.isEmpty() ? null : values.stream().mapToInt(v -> v).average().orElse(0));
    over.put("min", values.isEmpty() ? null : values.stream().mapToInt(v -> v).min().orElse(0));
    over.put("max", values.isEmpty() ? null : values.stream().mapToInt(v -> v).max().orElse(0));
    doc.put("coldStartIntervalsOverRuns", over);
    doc.put("perRun", perRun);
    return doc;
  }

  private static List<Map<String, Object>> recoveries(FleetRun run) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (FleetRun.Recovery r : run.recoveries()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("event", r.event());
      m.put("atSeconds", r.atSeconds());
      m.put("intervals", intOrNull(r.intervals()));
      out.add(m);
    }
    return out;
  }

  private static Map<String, Object> pops(FleetRun run) {
    Map<String, Object> pops = new LinkedHashMap<>();
    double[] half = run.meanRatioLastHalf();
    List<String> ids = run.config().topology().ids();
    for (int i = 0; i < ids.size(); i++) {
      List<FleetSample> s = run.of(ids.get(i));
      FleetSample last = s.get(s.size() - 1);
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("x", last.x());
      p.put("meanX", meanTail(s.stream().mapToDouble(FleetSample::x).toArray()));
      p.put("meanLoadRatioLastHalf", Outputs.finiteOrNull(half[i]));
      p.put("mu", last.mu());
      p.put("shed", last.shed());
      pops.put(ids.get(i), p);
    }
    return pops;
  }

  /** The mean over the last 20% of a series (as alm cluster's meanX). */
  private static double meanTail(double[] v) {
    int from = Math.min(v.length - 1, (int) Math.floor(v.length * 0.8));
    double s = 0;
    for (int k = from; k < v.length; k++) {
      s += v[k];
    }
    return s / (v.length - from);
  }

  private static Integer intOrNull(OptionalInt v) {
    return v.isPresent() ? v.getAsInt() : null;
  }

  /** An alm cluster run's samples.csv: t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain. */
  static List<Sample> readSamples(Path file) throws InputException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new InputException(file.toString(), "", "cannot read: " + e.getMessage());
    }
    if (lines.isEmpty() || !lines.get(0).startsWith("t,pop,x,mu,beta,betaStdErr,S,T,A,mode")) {
      throw new InputException(file.toString(), "header", "not an alm cluster samples.csv");
    }
    List<Sample> out = new ArrayList<>();
    for (int k = 1; k < lines.size(); k++) {
      String[] f = lines.get(k).split(",", -1);
      if (f.length < 12) {
        continue;
      }
      try {
        out.add(
            new Sample(
                num(f[0]),
                f[1],
                num(f[2]),
                num(f[3]),
                num(f[4]),
                num(f[5]),
                num(f[6]),
                num(f[7]),
                num(f[8]),
                f[9],
                Long.parseLong(f[10]),
                num(f[11])));
      } catch (NumberFormatException e) {
        throw new InputException(file.toString(), "line " + (k + 1), "not a number: " + e);
      }
    }
    return out;
  }

  private static double num(String s) {
    return s.isEmpty() || s.equalsIgnoreCase("nan") ? Double.NaN : Double.parseDouble(s);
  }

  /**
   * The live run against the model's runs: cold-start settling by the same measure, the worst mean
   * S/T over the second half, and per PoP the mean absolute difference between the live x_i(t) and
   * S_i(t)/T_i and the model's mean over its runs, interval by interval.
   */
  static Map<String, Object> compare(List<Sample> live, List<FleetRun> model, List<String> ids) {
    int nodes = ids.size();
    int n = live.size() / nodes;
    n = Math.min(n, model.get(0).intervals());
    double[][] ratio = new double[n][nodes];
    double[][] x = new double[n][nodes];
    for (Sample s : live) {
      int i = ids.indexOf(s.pop());
      int k = (int) Math.round(s.t() / (model.get(0).config().interval().toNanos() / 1e9)) - 1;
      if (i >= 0 && k >= 0 && k < n) {
        ratio[k][i] = s.ratio();
        x[k][i] = s.x();
      }
    }
    OptionalInt cold = SettlingMeasure.coldStart(ratio, x);
    double worst = Double.NaN;
    Map<String, Object> pops = new LinkedHashMap<>();
    for (int i = 0; i < nodes; i++) {
      double sum = 0;
      int count = 0;
      double dx = 0;
      double dr = 0;
      int compared = 0;
      for (int k = 0; k < n; k++) {
        if (k >= n / 2 && Double.isFinite(ratio[k][i])) {
          sum += ratio[k][i];
          count++;
        }
        double mx = 0;
        double mr = 0;
        for (FleetRun r : model) {
          mx += r.x()[k][i];
          mr += r.ratio()[k][i];
        }
        mx /= model.size();
        mr /= model.size();
        if (Double.isFinite(ratio[k][i]) && Double.isFinite(mr)) {
          dx += Math.abs(x[k][i] - mx);
          dr += Math.abs(ratio[k][i] - mr);
          compared++;
        }
      }
      double half = count == 0 ? Double.NaN : sum / count;
      worst = Double.isFinite(half) && !(half <= worst) ? half : worst;
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("meanLoadRatioLastHalf", Outputs.finiteOrNull(half));
      p.put("meanAbsXDifference", compared == 0 ? null : dx / compared);
      p.put("meanAbsLoadRatioDifference", compared == 0 ? null : dr / compared);
      pops.put(ids.get(i), p);
    }
    List<Integer> values = new ArrayList<>();
    for (FleetRun r : model) {
      r.coldStartIntervals().ifPresent(values::add);
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("intervals", n);
    doc.put("coldStartIntervals", intOrNull(cold));
    doc.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(worst));
    doc.put("pops", pops);
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "live: %s, worst mean S/T over the second half %.2f; model over %d runs: %s",
                cold.isPresent()
                    ? "settled after " + cold.getAsInt() + " intervals"
                    : "did not settle",
                worst,
                model.size(),
                values.isEmpty()
                    ? "none settled"
                    : String.format(
                        Locale.ROOT,
                        "settled after %.1f intervals (min %d, max %d; %d of %d settled)",
                        values.stream().mapToInt(v -> v).average().orElse(0),
                        values.stream().mapToInt(v -> v).min().orElse(0),
                        values.stream().mapToInt(v -> v).max().orElse(0),
                        values.size(),
                        model.size())));
    line.append("; mean |live - model| of x, S/T:");
    pops.forEach(
        (id, v) -> {
          @SuppressWarnings("unchecked")
          Map<String, Object> p = (Map<String, Object>) v;
          line.append(
              String.format(
                  Locale.ROOT,
                  " %s %.3f, %.2f",
                  id,
                  p.get("meanAbsXDifference") instanceof Double d ? d : Double.NaN,
                  p.get("meanAbsLoadRatioDifference") instanceof Double d ? d : Double.NaN));
        });
    doc.put("line", line.toString());
    return doc;
  }
}
