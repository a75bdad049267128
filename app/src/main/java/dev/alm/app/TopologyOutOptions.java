package dev.alm.app;

import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.TopologyBuilder;
import dev.alm.traces.DemandSeries;
import dev.alm.traces.ReadReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code alm correlate --topology-out}: a topology JSON with the estimated C for {@code alm
 * compare} and {@code alm simulate}, its nodes from a template topology by id, a demand series'
 * means, or the defaults given here. A picocli mixin.
 */
public final class TopologyOutOptions {

  @Option(
      names = "--topology-out",
      paramLabel = "FILE",
      description =
          "Also write a topology JSON with the estimated C (inline) for alm compare / simulate.")
  Path topologyOut;

  @Option(
      names = "--template",
      paramLabel = "FILE",
      description =
          "With --topology-out: a topology JSON whose nodes give capacity, demand and costs by id.")
  Path template;

  @Option(
      names = "--capacity",
      defaultValue = "0.7",
      description =
          "With --topology-out: T_i of nodes not in the template. Default: ${DEFAULT-VALUE}.")
  double capacity;

  @Option(
      names = "--demand",
      defaultValue = "1",
      description =
          "With --topology-out: A_i of nodes not in the template. Default: ${DEFAULT-VALUE}.")
  double demand;

  @Option(
      names = "--demands",
      paramLabel = "FILE",
      description =
          "With --topology-out: a demand series timestamp,node,demand; each node's mean replaces A_i.")
  Path demands;

  @Option(
      names = "--eta",
      defaultValue = "1",
      description = "eta_i of eq. (7). Default: ${DEFAULT-VALUE}.")
  double eta;

  @Option(
      names = "--gamma",
      defaultValue = "10",
      description = "gamma_i of eq. (8). Default: ${DEFAULT-VALUE}.")
  double gamma;

  @Option(
      names = "--d",
      defaultValue = "0.5",
      description = "d_i of eq. (8). Default: ${DEFAULT-VALUE}.")
  double d;

  /** Whether a topology was asked for. */
  boolean wanted() {
    return topologyOut != null;
  }

  /**
   * Writes the topology of estimate {@code e}; notes of the template and the demand series' summary
   * go to {@code err}, and {@code refuseTruncated} may refuse a truncated series before anything is
   * written.
   *
   * @return the line that says what was written
   */
  String write(
      CorrelationEstimate e,
      ReadReport report,
      PrintWriter err,
      Consumer<ReadReport> refuseTruncated)
      throws Exception {
    Topology tpl = null;
    if (template != null) {
      TopologyJson.Result r = TopologyJson.read(template, false);
      r.notes().forEach(n -> err.println("note: " + n));
      tpl = r.topology();
    }
    Map<String, Double> means = Map.of();
    if (demands != null) {
      try {
        means = DemandSeries.means(demands, report);
      } finally {
        report.summaryLines().forEach(err::println);
      }
      refuseTruncated.accept(report);
    }
    TopologyBuilder.NodeDefaults defaults;
    try {
      defaults = new TopologyBuilder.NodeDefaults(capacity, demand, eta, gamma, d);
    } catch (IllegalArgumentException x) {
      throw new UserError(x.getMessage());
    }
    Topology t = TopologyBuilder.build(e.matrix(), defaults, tpl, means);
    TopologyJson.write(t, topologyOut.toAbsolutePath(), null);
    return "wrote " + topologyOut + " (" + t.size() + " nodes)";
  }
}
