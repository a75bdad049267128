package dev.alm.app;

import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.ClusterSummary;
import dev.alm.cluster.SettlingReport;
import dev.alm.lab.CRefresh;
import dev.alm.lab.CRowMerge;
import dev.alm.lab.CatchmentSeries;
import dev.alm.lab.LabRun;
import dev.alm.lab.LabSettings;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTruth;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The files of a lab run (docs/lab/outputs.md): what {@code alm cluster} writes (summary.json,
 * samples.csv, the plot) plus catchments.json, C-true.csv, C-estimated.csv ({@code alm correlate}
 * on the PoPs' DNS query and access logs, beacon join), C-error.json (per row, the total variation
 * distance between estimated and true C, and how many entries the estimator's 95% intervals hold)
 * and, for each drill, when traffic moved.
 */
final class LabReport {
  private LabReport() {}

  static void write(
      PrintWriter o,
      PrintWriter err,
      Path dir,
      LabTopology t,
      LabSettings s,
      LabRun.Result r,
      String topology,
      double wallSeconds)
      throws Exception {
    // meanX is the end of the run's: after drills, its optimum is the routing's at the end
    Map<String, LabRun.Catch> catchments =
        r.drills().isEmpty() ? r.catchments() : CatchmentSeries.catchmentsAt(dir, t, r.seconds());
    LabTruth end = r.drills().isEmpty() ? null : LabDrillReport.truthOf(t, s, catchments);
    ClusterRun run = LabCommand.clusterRun(t, s, r, end == null ? r.truth() : end);
    List<SettlingReport.Event> drills = new ArrayList<>();
    for (LabRun.DrillEvent e : r.drills()) {
      drills.add(new SettlingReport.Event(e.drill().label(), e.atSeconds()));
    }
    // the cold start ends at the first drill (docs/lab/outputs.md)
    ClusterSummary summary = ClusterSummary.of(run, drills);
    OptimumResult opt = new CentralOptimum().solve(run.config().topology());
    List<String> ids = t.popIds();
    AllLoadOptimum.Result all =
        AllLoadOptimum.solve(
            new CentralOptimum(),
            run.config().topology(),
            LabBackground.of(t, catchments, s.loadUnit()));
    Map<String, Object> doc = ClusterSummaryJson.of(run, summary, opt, all);
    LabCommand.writeMatrix(dir.resolve("C-true.csv"), ids, r.truth().c());
    catchments(dir, t, r, ids);
    Map<String, Object> error = LabCorrelation.estimate(dir, ids, r.truth().c(), err);
    Map<String, Object> lab = new LinkedHashMap<>();
    lab.put("topology", topology);
    lab.put("bgpConvergenceSeconds", r.convergenceSeconds());
    lab.put("netem", r.netem());
    lab.put("trueC", Outputs.byIdRows(ids, r.truth().c()));
    lab.put("trueA", Outputs.byId(ids, r.truth().demand()));
    double firstDrill =
        r.drills().stream().mapToDouble(LabRun.DrillEvent::atSeconds).min().orElse(r.seconds());
    Map<String, Object> cold = LabDrillReport.fromOptimum(dir, t, s, r.samples(), firstDrill);
    lab.put("coldStart", cold);
    lab.put("drills", LabDrillReport.drills(dir, t, s, r));
    if (!r.drills().isEmpty()) {
      lab.put("drift", LabCorrelation.drift(dir, ids, r, err));
    }
    if (!r.refreshes().isEmpty()) {
      lab.put("refreshes", refreshes(ids, r.refreshes()));
    }
    lab.put("resources", resources(r, wallSeconds));
    lab.put("cError", error);
    doc.put("lab", lab);
    Outputs.json(dir.resolve("summary.json"), doc);
    ClusterReport.samplesCsv(r.samples(), dir.resolve("samples.csv"));
    ClusterPlot.write(
        r.samples(), s.algorithm() + " on " + topology + " (alm lab)", dir.resolve("lab.png"));
    ClusterReport.print(o, run, summary, opt, all);
    o.printf(
        Locale.ROOT,
        "lab: BGP converged in %.1f s; true C %s; %d processes, peak %.0f MB resident, %.1f CPU"
            + " cores on average, machine %.0f%% busy%n",
        r.convergenceSeconds(),
        Arrays.deepToString(round(r.truth().c())),
        r.processes(),
        r.peakRssMb(),
        r.cpuSeconds() / r.seconds(),
        100 * r.machineBusy());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> drillList = (List<Map<String, Object>>) lab.get("drills");
    o.println(finalXLine("before the first drill", cold));
    printDrills(o, drillList);
    o.printf(
        "wrote summary.json, samples.csv, lab.png, catchments.json, C-true.csv, C-estimated.csv,"
            + " C-error.json in %s%n",
        dir);
    o.flush();
  }

  /**
   * catchments.json: each eyeball network's demand, resolver and upstream with its DNS and HTTP
   * catchments, each resolver's DNS catchment, the true C and A.
   */
  private static void catchments(Path dir, LabTopology t, LabRun.Result r, List<String> ids)
      throws IOException {
    Map<String, Object> catchments = new LinkedHashMap<>();
    for (LabTopology.Eyeball e : t.eyeballs()) {
      LabRun.Catch c = r.catchments().get(e.id());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("demand", e.demand());
      m.put("resolver", e.resolver());
      m.put("upstream", e.upstream());
      m.put("dnsOwn", c.dns());
      m.put("dns", e.onNet() ? c.dns() : r.catchments().get(e.resolver()).dns());
      m.put("http", c.http());
      catchments.put(e.id(), m);
    }
    for (LabTopology.Resolver res : t.resolvers()) {
      catchments.put(res.id(), Map.of("dns", r.catchments().get(res.id()).dns()));
    }
    Map<String, Object> cdoc = new LinkedHashMap<>();
    cdoc.put("catchments", catchments);
    cdoc.put("C", Outputs.byIdRows(ids, r.truth().c()));
    cdoc.put("A", Outputs.byId(ids, r.truth().demand()));
    Outputs.json(dir.resolve("catchments.json"), cdoc);
  }

  /** What the lab's processes used: count, peak resident memory, CPU, the machine's busy share. */
  private static Map<String, Object> resources(LabRun.Result r, double wallSeconds) {
    Map<String, Object> res = new LinkedHashMap<>();
    res.put("processes", r.processes());
    res.put("peakRssMb", r.peakRssMb());
    res.put("cpuSeconds", r.cpuSeconds());
    res.put("cpuCoresAverage", r.cpuSeconds() / r.seconds());
    res.put("machineBusyShare", Outputs.finiteOrNull(r.machineBusy()));
    res.put("cores", Runtime.getRuntime().availableProcessors());
    res.put("wallSeconds", wallSeconds);
    return res;
  }

  /** One line per drill: BGP, when traffic moved and where, when no proxy was above 1.1 T. */
  private static void printDrills(PrintWriter o, List<Map<String, Object>> drillList) {
    for (Map<String, Object> d : drillList) {
      o.printf(
          Locale.ROOT,
          "drill %s: BGP %s s; traffic moved after %s s (%s); no proxy above 1.1 T after %s s"
              + " (10 s means: after %s s)%n",
          d.get("drill"),
          d.get("bgpConvergenceSeconds"),
          d.get("firstMoveSeconds"),
          String.join(
              ", ", ((Map<?, ?>) d.get("moved")).keySet().stream().map(Object::toString).toList()),
          d.get("underOneTenthOverSeconds"),
          d.get("meanUnderOneTenthSeconds"));
      Object rec = d.get("recoveryIntervals");
      o.println(
          ClusterReport.recoveryLine(
              "drill " + d.get("drill"),
              rec == null ? OptionalInt.empty() : OptionalInt.of(((Number) rec).intValue())));
      o.println(finalXLine("after drill " + d.get("drill"), d));
    }
  }

  /** The line of a stretch's final x against the optimum of its routing, if measured. */
  static String finalXLine(String what, Map<String, Object> m) {
    if (m == null || !(m.get("finalXFromOptimum") instanceof Number d)) {
      return "final x " + what + ": a network's catchment was not measured";
    }
    return String.format(
        Locale.ROOT,
        "final x %s: at most %.3f from the optimum of the routing then, %.3f with the load that"
            + " does not follow x (catchment checks), %.3f from the optimum the"
            + " loop aims at (that load, capacities under the noise margin)",
        what,
        d.doubleValue(),
        ((Number) m.get("finalXFromOptimumAllLoad")).doubleValue(),
        ((Number) m.get("finalXFromAimedOptimum")).doubleValue());
  }

  /** Per hand-over of C ({@code --refresh-c}): when, from what, which rows were replaced. */
  private static List<Map<String, Object>> refreshes(
      List<String> ids, List<CRefresh.Event> events) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (CRefresh.Event e : events) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("after", e.drill());
      m.put("atSeconds", e.atSeconds());
      m.put("from", e.from());
      if (Double.isFinite(e.windowFromSeconds())) {
        m.put("logWindowSeconds", List.of(e.windowFromSeconds(), e.atSeconds()));
      }
      if (e.error() != null) {
        m.put("error", e.error());
        out.add(m);
        continue;
      }
      if (!e.rows().isEmpty()) {
        m.put(
            "rowsReplaced",
            e.rows().stream().filter(CRowMerge.Row::replaced).map(x -> x.id()).toList());
        Map<String, Object> rows = new LinkedHashMap<>();
        for (int i = 0; i < e.rows().size(); i++) {
          CRowMerge.Row x = e.rows().get(i);
          double tv = 0;
          for (int j = 0; j < ids.size(); j++) {
            tv += Math.abs(e.c()[i][j] - e.measured()[i][j]);
          }
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("samples", x.samples());
          row.put("replaced", x.replaced());
          row.put("tvFromPrevious", x.tv());
          row.put("tvFromMeasured", tv / 2);
          rows.put(x.id(), row);
        }
        m.put("rows", rows);
        m.put("skippedLogLines", e.skippedLines());
      }
      m.put("C", Outputs.byIdRows(ids, round(e.c())));
      if (!e.rows().isEmpty()) {
        m.put("measuredC", Outputs.byIdRows(ids, round(e.measured())));
      }
      out.add(m);
    }
    return out;
  }

  private static double[][] round(double[][] c) {
    double[][] out = new double[c.length][];
    for (int i = 0; i < c.length; i++) {
      out[i] = new double[c[i].length];
      for (int j = 0; j < c[i].length; j++) {
        out[i][j] = Math.round(c[i][j] * 1000) / 1000.0;
      }
    }
    return out;
  }
}
