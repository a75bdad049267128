package dev.alm.app;

import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SimulationResult;
import dev.alm.controller.sim.Simulator;
import dev.alm.controller.sim.StopRule;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm simulate}: one controller on one topology, offline, with exact measurements. */
@Command(
    name = "simulate",
    header = "Run the greedy law or the dual algorithm offline on a topology.",
    mixinStandardHelpOptions = true,
    description = {
      "Run the greedy law or the dual algorithm offline on a topology, every PoP stepping once per control",
      "interval with exact measurements (S = C^T diag(A) x; beta = C mu). Writes DIR/trajectory.csv",
      "(step,node,x,S,T,mu) and DIR/summary.json (algorithm, iterations, convergedAt, x, S, mu, overloaded,",
      "cost = W of eq. 5 or null when a proxy is overloaded, dualBound = D(mu) of eq. 12 for dual).",
      "Loads and capacities are in the topology's units; x is the probability of answering L1."
    })
public final class SimulateCommand implements Callable<Integer> {

  /** The two controllers. */
  public enum Algorithm {
    greedy,
    dual
  }

  @Spec CommandSpec spec;

  @Mixin TopologyOption topology;

  @Mixin ControllerOptions controller;

  @Option(
      names = {"-a", "--algorithm"},
      required = true,
      description = "greedy or dual.")
  Algorithm algorithm;

  @Option(
      names = {"-k", "--steps"},
      defaultValue = "500",
      description = "Control intervals to run. Default: ${DEFAULT-VALUE}.")
  int steps;

  @Option(
      names = "--stop-at-convergence",
      description = "Stop at the first converged step instead of running all steps.")
  boolean stopAtConvergence;

  @Option(
      names = "--tolerance",
      description =
          "Convergence: dual, certified relative gap (W - D)/W (default 1e-3); greedy, every proxy "
              + "within this relative distance of capacity or pinned at x = 0 or 1 (default 1e-3).")
  Double tolerance;

  @Option(
      names = "--x0",
      defaultValue = "0.5",
      description = "Greedy start, the same for every PoP, in [0, 1]. Default: ${DEFAULT-VALUE}.")
  double x0;

  @Mixin OutputDirectoryOption output;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    Topology t = topology.load(err);
    if (steps < 1) {
      throw new UserError("--steps must be >= 1, got " + steps);
    }
    if (!(x0 >= 0 && x0 <= 1)) {
      throw new UserError("--x0 must be in [0, 1], got " + x0);
    }
    double tol =
        tolerance != null
            ? tolerance
            : algorithm == Algorithm.dual
                ? StopRule.DEFAULT_DUAL_TOLERANCE
                : StopRule.DEFAULT_GREEDY_TOLERANCE;
    StopRule stop = new StopRule(steps, tol, stopAtConvergence);
    Path out = output.create();
    Path trajectory = out.resolve("trajectory.csv");
    SimulationResult[] result = new SimulationResult[1];
    Outputs.write(
        trajectory,
        w -> {
          try (TrajectoryCsv sink = new TrajectoryCsv(w, t.ids(), t.capacities())) {
            if (algorithm == Algorithm.dual) {
              result[0] = Simulator.dual(t, controller.stepSize(), stop, sink);
            } else {
              double dt = Simulator.stableGreedyDt(t, controller.gain);
              result[0] = Simulator.greedy(t, controller.greedy(dt), x0, stop, sink);
            }
          }
        });
    SimulationResult r = result[0];
    Outputs.json(out.resolve("summary.json"), summary(t, r));
    PrintWriter o = spec.commandLine().getOut();
    o.printf(
        Locale.ROOT,
        "%s on %d nodes: %d steps, %s, %d overloaded %s, cost %s%n",
        r.algorithm(),
        t.size(),
        r.iterations(),
        r.converged() ? "converged at step " + r.convergedAt() : "not converged",
        r.overloaded().size(),
        r.overloaded(),
        Double.isFinite(r.cost()) ? String.format(Locale.ROOT, "%.6g", r.cost()) : "infinite");
    o.println("wrote " + trajectory + " and " + out.resolve("summary.json"));
    return 0;
  }

  static Map<String, Object> summary(Topology t, SimulationResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("algorithm", r.algorithm());
    m.put("nodes", t.size());
    m.put("iterations", r.iterations());
    m.put("convergedAt", r.converged() ? r.convergedAt() : null);
    m.put("x", Outputs.byId(t.ids(), r.x()));
    m.put("S", Outputs.byId(t.ids(), r.s()));
    m.put("T", Outputs.byId(t.ids(), t.capacities()));
    m.put("A", Outputs.byId(t.ids(), t.demands()));
    if (r.mu() != null) {
      m.put("mu", Outputs.byId(t.ids(), r.mu()));
      double[] beta = new double[t.size()];
      for (int i = 0; i < beta.length; i++) {
        double[] row = t.correlation().row(i);
        for (int j = 0; j < row.length; j++) {
          beta[i] += row[j] * r.mu()[j];
        }
      }
      m.put("beta", Outputs.byId(t.ids(), beta));
    }
    m.put("overloaded", r.overloaded());
    m.put("cost", Outputs.finiteOrNull(r.cost()));
    if (r.mu() != null) {
      m.put("dualBound", Outputs.finiteOrNull(r.dualBound()));
    }
    return m;
  }
}
