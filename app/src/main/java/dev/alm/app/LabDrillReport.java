package dev.alm.app;

import dev.alm.cluster.SettlingReport;
import dev.alm.controller.model.Topology;
import dev.alm.lab.CatchmentSeries;
import dev.alm.lab.DrillRecovery;
import dev.alm.lab.LabRun;
import dev.alm.lab.LabSettings;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTruth;
import dev.alm.loop.Sample;
import dev.alm.optimum.CentralOptimum;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code lab.drills} part of a lab run's summary (docs/lab/drills.md, "Drills"): per drill,
 * BGP's convergence, which networks' catchments moved and when (from the catchment series), the
 * true C before and after, every PoP's x before and after, and when the proxies were back under 1.1
 * T_i ({@link DrillRecovery}; and in intervals by 5-interval means, {@link SettlingReport}).
 */
final class LabDrillReport {
  private LabDrillReport() {}

  /** Per drill: when traffic moved (catchment series) and when no proxy was above 1.1 T. */
  static List<Map<String, Object>> drills(Path dir, LabTopology t, LabSettings s, LabRun.Result r)
      throws IOException {
    List<Map<String, Object>> out = new ArrayList<>();
    List<String> ids = t.popIds();
    List<SettlingReport.Event> events = new ArrayList<>();
    for (LabRun.DrillEvent e : r.drills()) {
      events.add(new SettlingReport.Event(e.drill().label(), e.atSeconds()));
    }
    SettlingReport settling = SettlingReport.of(r.samples(), events);
    int index = 0;
    for (LabRun.DrillEvent e : r.drills()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("drill", e.drill().label());
      m.put("atSeconds", e.atSeconds());
      m.put("bgpConvergenceSeconds", Outputs.finiteOrNull(e.bgpSeconds()));
      m.put("trueCBefore", trueC(dir, t, s, Math.max(0, e.atSeconds() - 1)));
      m.put("trueCAfter5s", trueC(dir, t, s, e.atSeconds() + 5));
      Map<String, Object> xs = new LinkedHashMap<>();
      for (String id : ids) {
        Map<String, Object> px = new LinkedHashMap<>();
        px.put("before", Outputs.finiteOrNull(at(r.samples(), id, e.atSeconds(), false)));
        px.put("after10s", Outputs.finiteOrNull(at(r.samples(), id, e.atSeconds() + 10, true)));
        xs.put(id, px);
      }
      m.put("x", xs);
      double first = Double.POSITIVE_INFINITY;
      double lastMove = Double.NEGATIVE_INFINITY;
      Map<String, Object> moved = new LinkedHashMap<>();
      List<String> series = new ArrayList<>();
      t.eyeballs().forEach(x -> series.add(x.id()));
      t.resolvers().forEach(x -> series.add(x.id()));
      for (String id : series) {
        Path f = dir.resolve("catchments").resolve(id + ".csv");
        if (!Files.exists(f)) {
          continue;
        }
        String before = null;
        for (String line : Files.readAllLines(f).subList(1, Files.readAllLines(f).size())) {
          String[] p = line.split(",", -1);
          double ts = Double.parseDouble(p[0]);
          String now = p[1] + "/" + p[2];
          if (ts < e.atSeconds()) {
            before = now;
          } else if (before != null
              && !now.equals(before)
              && !p[1].isEmpty()
              && (p[2].isEmpty() == before.endsWith("/"))) { // a failed measurement is no move
            double delay = ts - e.atSeconds();
            moved.put(id, Map.of("from", before, "to", now, "afterSeconds", delay));
            first = Math.min(first, delay);
            lastMove = Math.max(lastMove, delay);
            break;
          }
        }
      }
      m.put("moved", moved);
      m.put("firstMoveSeconds", Double.isFinite(first) ? first : null);
      m.put("lastMoveSeconds", Double.isFinite(lastMove) ? lastMove : null);
      m.put(
          "underOneTenthOverSeconds",
          Outputs.finiteOrNull(DrillRecovery.singleIntervals(r.samples(), e.atSeconds())));
      m.put(
          "meanUnderOneTenthSeconds",
          Outputs.finiteOrNull(
              DrillRecovery.smoothed(
                  r.samples(), e.atSeconds(), until(r, e.atSeconds()), DrillRecovery.WINDOW)));
      m.put(
          "recoveryIntervals",
          ClusterReport.intOrNull(settling.recoveries().get(index++).intervals()));
      Map<String, Object> optimum = fromOptimum(dir, t, s, r.samples(), until(r, e.atSeconds()));
      if (optimum != null) {
        m.putAll(optimum);
      }
      out.add(m);
    }
    return out;
  }

  /** The next drill's time after {@code at}, or the end of the run. */
  private static double until(LabRun.Result r, double at) {
    double until = r.samples().isEmpty() ? at : r.samples().get(r.samples().size() - 1).t();
    for (LabRun.DrillEvent d : r.drills()) {
      if (d.atSeconds() > at) {
        until = Math.min(until, d.atSeconds());
      }
    }
    return until;
  }

  /** x of a PoP at the last interval at or before {@code t} (or the first after, {@code after}). */
  private static double at(List<Sample> samples, String pop, double t, boolean after) {
    double v = Double.NaN;
    for (Sample x : samples) {
      if (!x.pop().equals(pop)) {
        continue;
      }
      if (after && x.t() >= t) {
        return x.x();
      }
      if (!after && x.t() <= t) {
        v = x.x();
      }
    }
    return v;
  }

  /** The true C at {@code seconds} as summary rows, or null while a network was unmeasured. */
  private static Object trueC(Path dir, LabTopology t, LabSettings s, double seconds)
      throws IOException {
    LabTruth truth = truthAt(dir, t, s, seconds);
    return truth == null ? null : Outputs.byIdRows(t.popIds(), truth.c());
  }

  /**
   * The true C and A at {@code seconds} from the catchment series ({@code catchments/ID.csv}): each
   * network's last successful measurement at or before that time; null if one is missing.
   */
  static LabTruth truthAt(Path dir, LabTopology t, LabSettings s, double seconds)
      throws IOException {
    return truthOf(t, s, CatchmentSeries.catchmentsAt(dir, t, seconds));
  }

  /** The true C and A of the networks' {@code catchments}; null if one is missing. */
  static LabTruth truthOf(LabTopology t, LabSettings s, Map<String, LabRun.Catch> catchments) {
    try {
      return LabRun.truth(t, catchments, s, 0, 0);
    } catch (IllegalStateException e) {
      return null; // a network had no successful measurement yet
    }
  }

  /**
   * How far each PoP's final x after a drill (the mean over the last {@link #FINAL} intervals
   * before the next drill or the end) is from the optimum under the routing the drill left (the
   * true C and A at that time), and from that optimum with the load that does not follow x ({@link
   * LabBackground}: the networks' catchment checks, on the proxies routing then takes them to), and
   * from the optimum the loop aims at (that load, and each proxy's capacity lowered by {@link
   * dev.alm.loop.NoiseMargin}): the optima's x per PoP and the largest distances over the PoPs that
   * still have DNS users (one without answers no one); null when a network had no measurement.
   */
  static Map<String, Object> fromOptimum(
      Path dir, LabTopology t, LabSettings s, List<Sample> samples, double until)
      throws IOException {
    Map<String, LabRun.Catch> catchments = CatchmentSeries.catchmentsAt(dir, t, until);
    LabTruth truth = truthOf(t, s, catchments);
    if (truth == null) {
      return null;
    }
    List<String> ids = t.popIds();
    Topology topology = LabCommand.topology(t, truth.c(), truth.demand());
    double[] background = LabBackground.of(t, catchments, s.loadUnit());
    Topology aimed =
        AllLoadOptimum.aimed(
            topology, s.loadUnit(), s.intervalMillis() / 1000.0, s.loopGuardLoad());
    double[][] optima = {
      new CentralOptimum().solve(topology).x(),
      AllLoadOptimum.solve(new CentralOptimum(), topology, background).optimum().x(),
      AllLoadOptimum.solve(new CentralOptimum(), aimed, background).optimum().x()
    };
    List<Map<String, Object>> byPop =
        List.of(new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>());
    double[] worst = new double[optima.length];
    for (int i = 0; i < ids.size(); i++) {
      double x = finalX(samples, ids.get(i), until);
      for (int k = 0; k < optima.length; k++) {
        byPop.get(k).put(ids.get(i), optima[k][i]);
        if (Double.isFinite(x) && truth.demand()[i] > 0) {
          worst[k] = Math.max(worst[k], Math.abs(x - optima[k][i]));
        }
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("optimumX", byPop.get(0));
    m.put("optimumXAllLoad", byPop.get(1));
    m.put("optimumXAimed", byPop.get(2));
    m.put("finalXFromOptimum", worst[0]);
    m.put("finalXFromOptimumAllLoad", worst[1]);
    m.put("finalXFromAimedOptimum", worst[2]);
    return m;
  }

  /** Intervals of x averaged for "final x" after a drill. */
  static final int FINAL = 5;

  /** A PoP's mean x over its last {@link #FINAL} samples at or before {@code until}. */
  private static double finalX(List<Sample> samples, String pop, double until) {
    double[] last = new double[FINAL];
    int n = 0;
    for (Sample x : samples) {
      if (x.pop().equals(pop) && x.t() <= until) {
        last[n++ % FINAL] = x.x();
      }
    }
    int k = Math.min(n, FINAL);
    double sum = 0;
    for (int i = 0; i < k; i++) {
      sum += last[i];
    }
    return k == 0 ? Double.NaN : sum / k;
  }
}
