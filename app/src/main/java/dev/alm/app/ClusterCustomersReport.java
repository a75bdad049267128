package dev.alm.app;

import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.CustomerLoad;
import dev.alm.cluster.CustomerOutcome;
import dev.alm.cluster.CustomerWindows;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The customers' part of {@code alm cluster}'s outputs: the {@code customers} section of
 * summary.json, {@code customers.csv} (per second, customer and PoP: sent, served, rejected,
 * share), {@code customers.png} (the served aggregate against the limit, and the shares) and the
 * closing table.
 */
final class ClusterCustomersReport {

  private ClusterCustomersReport() {}

  /** The summary.json section: one object per customer. */
  static List<Map<String, Object>> summary(ClusterRun run) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (CustomerOutcome o : run.customers()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", o.name());
      m.put("mode", run.config().customerMode().label());
      m.put("limit", o.limit());
      m.put("demand", o.demand());
      m.put("sentRate", o.sentRate());
      m.put("servedRate", o.servedRate());
      m.put("admittedRate", o.admittedRate());
      m.put("servedOverLimit", o.servedOverLimit());
      m.put("aggregateErrorP95", Outputs.finiteOrNull(o.aggregateErrorP95()));
      m.put("convergenceSeconds", o.convergenceSeconds());
      m.put("jainLimiters", Outputs.finiteOrNull(o.jainLimiters()));
      m.put("latencyP50Ms", Outputs.finiteOrNull(o.latencyP50Ms()));
      m.put("latencyP99Ms", Outputs.finiteOrNull(o.latencyP99Ms()));
      Map<String, Object> pops = new LinkedHashMap<>();
      for (CustomerOutcome.PopPart p : o.pops()) {
        Map<String, Object> pm = new LinkedHashMap<>();
        pm.put("sent", p.sent());
        pm.put("served", p.served());
        pm.put("rejected", p.rejected());
        pm.put("shed", p.shed());
        pm.put("meanShare", Outputs.finiteOrNull(p.meanShare()));
        pops.put(p.pop(), pm);
      }
      m.put("pops", pops);
      list.add(m);
    }
    return list;
  }

  /** customers.csv: t,customer,pop,sent,served,rejected,share (t = the window's start, s). */
  static void csv(ClusterRun run, Path file) throws IOException {
    List<String> ids = run.config().topology().ids();
    Outputs.write(
        file,
        w -> {
          w.write("t,customer,pop,sent,served,rejected,shed,share\n");
          for (int k = 0; k < run.customers().size(); k++) {
            String name = run.customers().get(k).name();
            CustomerWindows c = run.customerWindows().get(k);
            for (int t = 0; t < c.windows(); t++) {
              for (int i = 0; i < c.pops(); i++) {
                double share = c.share(t, i);
                w.write(
                    String.format(
                        Locale.ROOT,
                        "%d,%s,%s,%d,%d,%d,%d,%s%n",
                        t,
                        name,
                        ids.get(i),
                        c.sent(t, i),
                        c.served(t, i),
                        c.rejected(t, i),
                        c.shed(t, i),
                        Double.isNaN(share) ? "" : String.format(Locale.ROOT, "%.3f", share)));
              }
            }
          }
        });
  }

  /** customers.png: per customer, the served aggregate and the limit, then every PoP's share. */
  static void plot(ClusterRun run, String title, Path png) throws IOException {
    List<String> ids = run.config().topology().ids();
    List<XYChart> charts = new ArrayList<>();
    for (int k = 0; k < run.customers().size(); k++) {
      CustomerLoad load = run.config().customers().get(k);
      CustomerWindows c = run.customerWindows().get(k);
      int n = c.windows();
      double[] t = new double[n];
      double[] served = new double[n];
      double[] sent = new double[n];
      for (int w = 0; w < n; w++) {
        t[w] = w;
        served[w] = c.admittedTotal(w);
        sent[w] = c.sentTotal(w);
      }
      XYChart agg = perSecond(title + ": " + load.name() + ", requests/s");
      agg.addSeries("sent", t, sent).setMarker(SeriesMarkers.NONE);
      agg.addSeries("admitted", t, served).setMarker(SeriesMarkers.NONE);
      agg.addSeries("limit", new double[] {0, n}, new double[] {load.limit(), load.limit()})
          .setMarker(SeriesMarkers.NONE);
      agg.getStyler().setYAxisMin(0.0);
      XYChart shares = perSecond(title + ": " + load.name() + ", each PoP's share");
      for (int i = 0; i < Math.min(12, c.pops()); i++) {
        double[] s = new double[n];
        for (int w = 0; w < n; w++) {
          double v = c.share(w, i);
          s[w] = Double.isNaN(v) ? 0 : v;
        }
        shares.addSeries(ids.get(i), t, s).setMarker(SeriesMarkers.NONE);
      }
      shares.getStyler().setYAxisMin(0.0);
      charts.add(agg);
      charts.add(shares);
    }
    Outputs.png(png, charts);
  }

  /** An empty chart of requests/s over the run's seconds. */
  private static XYChart perSecond(String title) {
    return new XYChartBuilder()
        .width(640)
        .height(400)
        .title(title)
        .xAxisTitle("seconds")
        .yAxisTitle("requests/s")
        .build();
  }

  /** The closing table: one line per customer. */
  static void print(PrintWriter o, ClusterRun run) {
    o.printf(
        Locale.ROOT,
        "%-10s %8s %8s %10s %8s %10s %10s %8s %8s %8s %-14s%n",
        "customer",
        "limit",
        "sent/s",
        "admitted/s",
        "served/s",
        "overLimit",
        "errorP95",
        "jain",
        "p50 ms",
        "p99 ms",
        "convergence s");
    for (CustomerOutcome c : run.customers()) {
      o.printf(
          Locale.ROOT,
          "%-10s %8.0f %8.1f %10.1f %8.1f %10.3f %10.3f %8.3f %8.2f %8.2f %-14s%n",
          c.name(),
          c.limit(),
          c.sentRate(),
          c.admittedRate(),
          c.servedRate(),
          c.servedOverLimit(),
          c.aggregateErrorP95(),
          c.jainLimiters(),
          c.latencyP50Ms(),
          c.latencyP99Ms(),
          c.convergenceSeconds().stream()
              .map(v -> v == null ? "never" : String.format(Locale.ROOT, "%.0f", v))
              .toList());
    }
  }
}
