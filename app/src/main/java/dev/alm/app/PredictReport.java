package dev.alm.app;

import dev.alm.cluster.ClusterConfig;
import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.io.InputException;
import dev.alm.loop.Sample;
import dev.alm.loop.fleet.FleetRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * What {@code alm predict} prints and writes: one line per run, the samples in {@code alm
 * cluster}'s columns, {@code summary.json} (cold start, recoveries, per PoP, over the runs), and
 * the comparison with a live run's {@code samples.csv} ({@code --against}).
 */
final class PredictReport {

  private PredictReport() {}

  /** One line per run: settling, the worst proxy, each event's recovery, the time taken. */
  static String line(int k, long seed, FleetRun run, double seconds) {
    OptionalInt cold = run.coldStartIntervals();
    OptionalInt overload = run.coldStartOverloadIntervals();
    double[] half = run.meanRatioLastHalf();
    int worst = 0;
    for (int i = 1; i < half.length; i++) {
      worst = half[i] > half[worst] ? i : worst;
    }
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "run %d (seed %d): %s, %s; worst mean S/T over the second half %.2f (%s)",
                k,
                seed,
                overload.isPresent()
                    ? "overload over from interval " + overload.getAsInt()
                    : "still overloaded",
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

  static Map<String, Object> summary(
      String topology, long seed, ClusterConfig c, List<FleetRun> done) {
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
    doc.put("coldStartOverloadIntervals", intOrNull(run.coldStartOverloadIntervals()));
    doc.put("recoveryIntervals", recoveries(run));
    doc.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(run.worstMeanRatioLastHalf()));
    doc.put("pops", pops(run));
    List<Integer> values = new ArrayList<>();
    List<Integer> overloads = new ArrayList<>();
    List<Map<String, Object>> perRun = new ArrayList<>();
    for (int k = 0; k < done.size(); k++) {
      FleetRun r = done.get(k);
      OptionalInt cold = r.coldStartIntervals();
      cold.ifPresent(values::add);
      r.coldStartOverloadIntervals().ifPresent(overloads::add);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("seed", seed + k);
      m.put("coldStartIntervals", intOrNull(cold));
      m.put("coldStartOverloadIntervals", intOrNull(r.coldStartOverloadIntervals()));
      m.put("recoveryIntervals", recoveries(r));
      m.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(r.worstMeanRatioLastHalf()));
      perRun.add(m);
    }
    doc.put("coldStartIntervalsOverRuns", overRuns(done.size(), values));
    doc.put("coldStartOverloadIntervalsOverRuns", overRuns(done.size(), overloads));
    doc.put("perRun", perRun);
    return doc;
  }

  /** Runs, how many gave a value, and the values' mean, min and max (null when none). */
  static Map<String, Object> overRuns(int runs, List<Integer> values) {
    Map<String, Object> over = new LinkedHashMap<>();
    over.put("runs", runs);
    over.put("settled", values.size());
    over.put(
        "mean", values.isEmpty() ? null : values.stream().mapToInt(v -> v).average().orElse(0));
    over.put("min", values.isEmpty() ? null : values.stream().mapToInt(v -> v).min().orElse(0));
    over.put("max", values.isEmpty() ? null : values.stream().mapToInt(v -> v).max().orElse(0));
    return over;
  }

  static List<Map<String, Object>> recoveries(FleetRun run) {
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

  static Map<String, Object> pops(FleetRun run) {
    Map<String, Object> pops = new LinkedHashMap<>();
    double[] half = run.meanRatioLastHalf();
    List<String> ids = run.config().topology().ids();
    for (int i = 0; i < ids.size(); i++) {
      List<Sample> s = run.of(ids.get(i));
      Sample last = s.get(s.size() - 1);
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("x", last.x());
      p.put("meanX", meanTail(s.stream().mapToDouble(Sample::x).toArray()));
      p.put("meanLoadRatioLastHalf", Outputs.finiteOrNull(half[i]));
      p.put("mu", last.mu());
      p.put("shed", last.shed());
      pops.put(ids.get(i), p);
    }
    return pops;
  }

  /** The mean over the last 20% of a series (as alm cluster's meanX). */
  static double meanTail(double[] v) {
    int from = Math.min(v.length - 1, (int) Math.floor(v.length * 0.8));
    double s = 0;
    for (int k = from; k < v.length; k++) {
      s += v[k];
    }
    return s / (v.length - from);
  }

  static Integer intOrNull(OptionalInt v) {
    return v.isPresent() ? v.getAsInt() : null;
  }

  /**
   * An alm cluster run's samples.csv: t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain and, since
   * the headroom guard, guard (empty when it did not bind).
   */
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
                num(f[11]),
                f.length > 12 ? num(f[12]) : Double.NaN));
      } catch (NumberFormatException e) {
        throw new InputException(file.toString(), "line " + (k + 1), "not a number: " + e);
      }
    }
    return out;
  }

  static double num(String s) {
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
    OptionalInt overload = SettlingMeasure.overloadFree(ratio);
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
    doc.put("coldStartOverloadIntervals", intOrNull(overload));
    doc.put("maxMeanLoadRatioLastHalf", Outputs.finiteOrNull(worst));
    doc.put("pops", pops);
    doc.put("line", line(cold, worst, model, values, pops));
    return doc;
  }

  /**
   * The comparison's one line: when the live run settled and its worst mean S/T, when the model's
   * runs settled, and per PoP the mean differences of x and S/T.
   */
  private static String line(
      OptionalInt cold,
      double worst,
      List<FleetRun> model,
      List<Integer> values,
      Map<String, Object> pops) {
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
    return line.toString();
  }
}
