package dev.alm.app.drl;

import dev.alm.app.OutputDirectoryOption;
import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.cluster.FlowReport;
import dev.alm.cluster.FlowRun;
import dev.alm.node.DaemonLifecycle;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl flows}: paper 001 section 5.1 live, with real TCP on loopback. Two PoPs (full
 * {@code alm pop}s with their DRL agents) share one customer's bytes/s limit; long downloads run
 * through each; the command reports the aggregate against the limit over 1 s windows and Jain's
 * index over the flows, for each way of enforcing the limit asked for.
 */
@Command(
    name = "flows",
    mixinStandardHelpOptions = true,
    description = {
      "Paper 001 section 5.1 with real TCP: long downloads of one customer through two PoPs' proxies",
      "(--flows A,B through each), its global --limit in Mbit/s paced at each PoP. For every --kind:",
      "drl (the PoPs' DRL agents divide the limit by their flows), ctb (every flow through one proxy",
      "with one bucket: the reference), static (L/2 each), independent (L each), central (both",
      "proxies take every chunk from one bucket of L in a redis-server the run starts). Writes",
      "DIR/flows.json (per kind: mean aggregate / limit, windows within 5%%, p95 error, Jain over the",
      "flows, every flow's rate) and DIR/flows.png (the aggregate per second)."
    })
public final class DrlFlowsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin OutputDirectoryOption output;

  @Option(
      names = "--kind",
      split = ",",
      defaultValue = "drl,ctb,static,independent,central",
      paramLabel = "KIND[,KIND...]",
      description = "drl, ctb, static, independent, central. Default: ${DEFAULT-VALUE}.")
  List<String> kinds;

  @Option(
      names = "--limit",
      defaultValue = "10",
      description = "The customer's global limit, Mbit/s. Default: ${DEFAULT-VALUE}.")
  double limitMbit;

  @Option(
      names = "--flows",
      defaultValue = "3,7",
      paramLabel = "A,B",
      description = "Long downloads through PoP a and through PoP b. Default: ${DEFAULT-VALUE}.")
  String flows;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      description = "How long each kind runs (500ms, 60s, 2m). Default: ${DEFAULT-VALUE}.")
  String duration;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Duration d = DaemonLifecycle.duration("--duration", duration);
    int[] ab = flowCounts();
    int a = ab[0];
    int b = ab[1];
    List<FlowRun.Config> runs = configs(a, b, d);
    Path dir = output.create();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("limitMbitPerSecond", limitMbit);
    doc.put("flowsAtA", a);
    doc.put("flowsAtB", b);
    doc.put("durationSeconds", d.toSeconds());
    Map<String, Object> kindsDoc = new LinkedHashMap<>();
    XYChart chart =
        new XYChartBuilder()
            .width(800)
            .height(480)
            .title("one customer's aggregate over " + (a + b) + " long TCP flows")
            .xAxisTitle("seconds")
            .yAxisTitle("Mbit/s")
            .build();
    out.printf(
        Locale.ROOT,
        "%-12s %10s %10s %10s %8s%n",
        "kind",
        "mean/limit",
        "within 5%",
        "errorP95",
        "jain");
    for (FlowRun.Config c : runs) {
      err.printf("alm drl flows: %s, %s ...%n", c.kind().label(), duration);
      err.flush();
      FlowReport r =
          FlowRun.run(
              c,
              line -> {
                if (line.startsWith("t=") || line.startsWith("central")) {
                  err.println("  " + c.kind().label() + " " + line);
                  err.flush();
                }
              });
      kindsDoc.put(c.kind().label(), json(r));
      int n = r.aggregateBitsPerSecond().size();
      double[] t = new double[n];
      double[] v = new double[n];
      for (int k = 0; k < n; k++) {
        t[k] = k + 1;
        v[k] = r.aggregateBitsPerSecond().get(k) / 1e6;
      }
      chart.addSeries(c.kind().label(), t, v).setMarker(SeriesMarkers.NONE);
      out.printf(
          Locale.ROOT,
          "%-12s %10.3f %10.2f %10.3f %8.3f%n",
          c.kind().label(),
          r.meanAggregateRatio(),
          r.windowsWithin5Percent(),
          r.aggregateErrorP95(),
          r.jainFlows());
      out.flush();
    }
    chart
        .addSeries("limit", new double[] {1, d.toSeconds()}, new double[] {limitMbit, limitMbit})
        .setMarker(SeriesMarkers.NONE);
    chart.getStyler().setYAxisMin(0.0);
    doc.put("kinds", kindsDoc);
    Outputs.json(dir.resolve("flows.json"), doc);
    Outputs.png(dir.resolve("flows.png"), List.of(chart));
    out.printf("wrote %s and %s%n", dir.resolve("flows.json"), dir.resolve("flows.png"));
    return 0;
  }

  /** --flows as the two counts A and B. */
  private int[] flowCounts() {
    String[] ab = flows.split(",");
    try {
      if (ab.length != 2) {
        throw new NumberFormatException();
      }
      return new int[] {Integer.parseInt(ab[0].trim()), Integer.parseInt(ab[1].trim())};
    } catch (NumberFormatException e) {
      throw new UserError("--flows: expected A,B (two counts), got '" + flows + "'");
    }
  }

  /** One run per --kind, checked. */
  private List<FlowRun.Config> configs(int a, int b, Duration d) {
    List<FlowRun.Config> runs = new ArrayList<>();
    for (String k : kinds) {
      FlowRun.Kind kind = FlowRun.Kind.of(k.trim().toLowerCase(Locale.ROOT));
      if (kind == null) {
        throw new UserError(
            "--kind: expected drl, ctb, static, independent or central, got '" + k + "'");
      }
      try {
        runs.add(new FlowRun.Config(kind, limitMbit * 1e6, a, b, d));
      } catch (IllegalArgumentException e) {
        throw new UserError("--flows/--limit/--duration: " + e.getMessage());
      }
    }
    return runs;
  }

  /** One kind's part of flows.json. */
  private static Map<String, Object> json(FlowReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("meanAggregateRatio", Outputs.finiteOrNull(r.meanAggregateRatio()));
    m.put("windowsWithin5Percent", Outputs.finiteOrNull(r.windowsWithin5Percent()));
    m.put("aggregateErrorP95", Outputs.finiteOrNull(r.aggregateErrorP95()));
    m.put("jainFlows", Outputs.finiteOrNull(r.jainFlows()));
    m.put("flowMbitPerSecond", r.flowBitsPerSecond().stream().map(v -> v / 1e6).toList());
    m.put("aggregateMbitPerSecond", r.aggregateBitsPerSecond().stream().map(v -> v / 1e6).toList());
    return m;
  }
}
