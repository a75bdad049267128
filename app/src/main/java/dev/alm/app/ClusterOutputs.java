package dev.alm.app;

import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.ClusterSummary;
import dev.alm.controller.model.Topology;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code alm cluster} leaves after a run: the files in its output directory, the printed
 * report (docs/cluster.md) and the console's last line.
 */
final class ClusterOutputs {
  private ClusterOutputs() {}

  /**
   * The run's files (summary.json with the optimum for up to 60 PoPs, samples.csv, cluster.png, the
   * customers' csv and plot) and its printed report.
   */
  static ClusterSummary write(
      PrintWriter o, Path out, String topology, Topology t, ClusterConfig c, ClusterRun run)
      throws IOException {
    ClusterSummary summary = ClusterSummary.of(run);
    OptimumResult opt = t.size() <= 60 ? new CentralOptimum().solve(t) : null;
    AllLoadOptimum.Result all =
        opt == null
            ? null
            // alm cluster's proxies meter nothing that does not follow x: B = 0
            : AllLoadOptimum.solve(new CentralOptimum(), t, new double[t.size()]);
    Map<String, Object> doc = ClusterSummaryJson.of(run, summary, opt, all);
    Outputs.json(out.resolve("summary.json"), doc);
    ClusterReport.samplesCsv(run.samples(), out.resolve("samples.csv"));
    ClusterPlot.write(
        run.samples(), c.algorithm().label() + " on " + topology, out.resolve("cluster.png"));
    ClusterReport.print(o, run, summary, opt, all);
    if (!run.customers().isEmpty()) {
      ClusterCustomersReport.csv(run, out.resolve("customers.csv"));
      ClusterCustomersReport.plot(run, c.customerMode().label(), out.resolve("customers.png"));
      ClusterCustomersReport.print(o, run);
    }
    return summary;
  }

  /** The console's last line: the run's length, when x settled, the worst mean S/T. */
  static String finishedLine(ClusterRun run, ClusterSummary summary) {
    return String.format(Locale.ROOT, "%.0f s, ", run.seconds())
        + (Double.isFinite(summary.settledSeconds())
            ? String.format(Locale.ROOT, "x settled after %.0f s", summary.settledSeconds())
            : "x did not settle")
        + String.format(Locale.ROOT, ", worst mean S/T %.2f", ClusterReport.worstHalf(summary));
  }
}
