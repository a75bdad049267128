package dev.alm.app;

import dev.alm.controller.model.Topology;
import dev.alm.controller.stability.Eigenvalue;
import dev.alm.controller.stability.StabilityAnalysis;
import dev.alm.controller.stability.StabilityConfig;
import dev.alm.controller.stability.StabilityReport;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm stability}: where the greedy law risks locally uncontrollable overload. */
@Command(
    name = "stability",
    header = "Where FastRoute's greedy law risks locally uncontrollable overload (section IV).",
    mixinStandardHelpOptions = true,
    description = {
      "Analyse FastRoute's greedy law on a topology (paper 004 section IV): condition (28) node by node",
      "(sum_{j!=i} C_ji A_j <= T_i means node i can never be left in locally uncontrollable overload);",
      "for two nodes, Theorem 4.3; and the fixed points the greedy ODE (24) reaches from the centre of the",
      "cube and from random starts (Dormand-Prince integration), each with overloaded nodes and the",
      "eigenvalues of its Jacobian (46)-(48). Prints a readable report, or JSON with --json."
    })
public final class StabilityCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TopologyOption topology;

  @Option(names = "--json", description = "Print the report as JSON.")
  boolean json;

  @Option(
      names = "--starts",
      defaultValue = "8",
      description = "Random interior starts besides the centre. Default: ${DEFAULT-VALUE}.")
  int starts;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the random starts. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--gain",
      defaultValue = "1.0",
      description = "Gain beta of eq. (24). Default: ${DEFAULT-VALUE}.")
  double gain;

  @Override
  public Integer call() throws Exception {
    Topology t = topology.load(spec.commandLine().getErr());
    StabilityConfig config;
    try {
      config = StabilityConfig.defaults().withGain(gain).withRandomStarts(starts).withSeed(seed);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    StabilityReport r = new StabilityAnalysis(config).analyse(t);
    PrintWriter o = spec.commandLine().getOut();
    if (json) {
      o.println(Outputs.JSON.writeValueAsString(r));
    } else {
      print(r, o);
    }
    o.flush();
    return 0;
  }

  static void print(StabilityReport r, PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "Condition (28), sum_{j!=i} C_ji A_j <= T_i: %s%n",
        r.inStabilityRegion()
            ? "holds at every node (A is in the stability region)"
            : r.atRisk().size()
                + " of "
                + r.ids().size()
                + " nodes at risk of locally uncontrollable overload");
    o.printf(Locale.ROOT, "  %-12s %14s %12s  %s%n", "node", "from others", "T", "verdict");
    for (StabilityReport.NodeCondition c : r.conditions()) {
      o.printf(
          Locale.ROOT,
          "  %-12s %14.6g %12.6g  %s%n",
          c.id(),
          c.inflowFromOthers(),
          c.capacity(),
          c.risk() == StabilityReport.Risk.SAFE ? "safe" : "AT RISK");
    }
    if (r.twoNode() != null) {
      StabilityReport.TwoNode two = r.twoNode();
      o.printf(
          Locale.ROOT,
          "%nTheorem 4.3 (two nodes, alpha = C_11 = %.4g, beta = C_22 = %.4g): %s%n",
          two.alpha(),
          two.beta(),
          switch (two.theoremCase()) {
            case ALL_DEMANDS_CONTROLLABLE ->
                "part 2, alpha and beta > 1/2: controllable for every demand"
                    + (two.equalCapacities()
                        ? ""
                        : " (the theorem assumes equal capacities; these differ)");
            case DEMAND_BOUNDED ->
                String.format(
                    Locale.ROOT,
                    "part 3, alpha and beta < 1/2: controllable if A_1 < %.4g and A_2 < %.4g: %s",
                    two.demandBounds().first(),
                    two.demandBounds().second(),
                    two.demandBounds().satisfied() ? "satisfied" : "NOT satisfied");
            case SILENT -> "the theorem says nothing for this (alpha, beta)";
          });
      o.printf(
          Locale.ROOT,
          "  corner (0,1): %s; corner (1,0): %s%n",
          two.corner01().verdict(),
          two.corner10().verdict());
    }
    o.printf(
        Locale.ROOT,
        "%nFixed points of the greedy ODE from %d starts (%d did not settle):%n",
        r.starts(),
        r.unsettledStarts());
    int k = 1;
    for (StabilityReport.FixedPoint p : r.fixedPoints()) {
      o.printf(
          Locale.ROOT,
          "  #%d reached from %d start(s), %s; overloaded %s; locally uncontrollable %s%n",
          k++,
          p.starts(),
          p.verdict(),
          p.overloaded(),
          p.locallyUncontrollable());
      double[] x = p.x();
      double[] s = p.load();
      if (x.length <= 12) {
        for (int i = 0; i < x.length; i++) {
          o.printf(Locale.ROOT, "     %-10s x = %.6f  S = %.6g%n", r.ids().get(i), x[i], s[i]);
        }
      }
      o.printf(
          Locale.ROOT,
          "     largest eigenvalue real parts: %s%n",
          p.eigenvalues().stream()
              .limit(4)
              .map(StabilityCommand::format)
              .collect(Collectors.joining(", ")));
    }
  }

  private static String format(Eigenvalue e) {
    return e.imaginary() == 0
        ? String.format(Locale.ROOT, "%.4g", e.real())
        : String.format(Locale.ROOT, "%.4g%+.4gi", e.real(), e.imaginary());
  }
}
