package dev.alm.app;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.builtin.PaperSection5;
import dev.alm.controller.cost.Objective;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SimulationResult;
import dev.alm.controller.sim.Simulator;
import dev.alm.controller.sim.StopRule;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.compare.CompareConfig;
import dev.alm.optimum.compare.ComparisonSweep;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm bench}: the speed figures of the control core, measured on this machine. */
@Command(
    name = "bench",
    header =
        "Speed figures of the control core (dual iterations to 1%% of the optimum, sweep time).",
    mixinStandardHelpOptions = true,
    description = {
      "Measure and print: (1) iterations and time for the dual algorithm to come within 1%% of the optimum",
      "(W(x_k) <= 1.01 W_opt, no proxy overloaded) with the default step and with the Theorem 3.3 step",
      "(epsilon = 1%% of W_opt), on builtin:paper-sec5 at each load; (2) the same on a 1,000-node synthetic",
      "topology, where 'within 1%%' is certified by the dual bound D(mu) instead of an LP; (3) the wall time",
      "of the full compare sweep (100 runs x 6 loads x 48 nodes). Times include JIT warm-up of one pass."
    })
public final class BenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--runs",
      defaultValue = "20",
      description = "Draws per load in part 1. Default: ${DEFAULT-VALUE}.")
  int runs;

  @Option(
      names = "--theorem-cap",
      defaultValue = "100000",
      description = "Iteration cap for the Theorem 3.3 step. Default: ${DEFAULT-VALUE}.")
  int theoremCap;

  @Option(
      names = "--large-nodes",
      defaultValue = "1000",
      description = "Nodes of part 2. Default: ${DEFAULT-VALUE}.")
  int largeNodes;

  @Option(names = "--skip-sweep", description = "Skip part 3.")
  boolean skipSweep;

  private static final StepSize DEFAULT_STEP = StepSize.defaultStep();

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    o.printf(
        "java %s, %d processors%n",
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
    section5(o);
    large(o);
    if (!skipSweep) {
      sweep(o);
    }
    return 0;
  }

  /** Iterations and time to 1% of the optimum; -1 iterations when the cap is hit first. */
  record Reach(int iterations, double millis) {}

  static Reach reach(Topology t, StepSize step, double target, int cap) {
    int[] hit = {-1};
    long[] at = {0};
    long start = System.nanoTime();
    Simulator.dual(
        t,
        step,
        new StopRule(cap, 1e-12, true),
        (k, x, s, mu) -> {
          if (hit[0] < 0
              && Simulator.overloaded(t, s).isEmpty()
              && Objective.cost(t, x, s) <= target) {
            hit[0] = k + 1;
            at[0] = System.nanoTime();
          }
        });
    return new Reach(hit[0], hit[0] < 0 ? Double.NaN : (at[0] - start) / 1e6);
  }

  private void section5(PrintWriter o) {
    o.println();
    o.println(
        "(1) dual on builtin:paper-sec5 (48 nodes): iterations / ms to W <= 1.01 W_opt, "
            + runs
            + " draws per load");
    o.printf(
        Locale.ROOT,
        "%6s | %24s | %32s%n",
        "load",
        "default step: mean max ms",
        "theorem 3.3 step: mean max ms miss");
    PaperSection5 setup = PaperSection5.standard();
    CentralOptimum opt = new CentralOptimum();
    for (double load : CompareConfig.DEFAULT_LOADS) {
      SummaryStatistics di = new SummaryStatistics();
      SummaryStatistics dm = new SummaryStatistics();
      SummaryStatistics ti = new SummaryStatistics();
      SummaryStatistics tm = new SummaryStatistics();
      int miss = 0;
      for (int r = 0; r < runs; r++) {
        Topology t = setup.draw(load, new Well19937c(7919L * r + 13));
        double w = opt.solve(t).upperBound();
        Reach d = reach(t, DEFAULT_STEP, 1.01 * w, 1000);
        Reach th = reach(t, new StepSize.Theorem33(0.01 * w), 1.01 * w, theoremCap);
        di.addValue(d.iterations() < 0 ? 1000 : d.iterations());
        dm.addValue(d.millis());
        if (th.iterations() < 0) {
          miss++;
        } else {
          ti.addValue(th.iterations());
          tm.addValue(th.millis());
        }
      }
      o.printf(
          Locale.ROOT,
          "%6.2g | %9.1f %6d %7.3f | %9.0f %9.0f %8.1f %4d%n",
          load,
          di.getMean(),
          (int) di.getMax(),
          dm.getMean(),
          ti.getN() == 0 ? Double.NaN : ti.getMean(),
          ti.getN() == 0 ? Double.NaN : ti.getMax(),
          tm.getN() == 0 ? Double.NaN : tm.getMean(),
          miss);
      o.flush();
    }
    o.println(
        "  miss = draws where the Theorem 3.3 step did not get within 1% in "
            + theoremCap
            + " iterations");
  }

  private void large(PrintWriter o) throws Exception {
    o.println();
    Topology t = BuiltinTopologies.resolve("builtin:synthetic?n=" + largeNodes + "&load=2&seed=1");
    o.println(
        "(2) dual on builtin:synthetic?n="
            + largeNodes
            + "&load=2&seed=1: certified gap (W - D)/W <= 1%");
    long start = System.nanoTime();
    SimulationResult d =
        Simulator.dual(t, DEFAULT_STEP, new StopRule(2000, 1e-2, true), (k, x, s, mu) -> {});
    double ms = (System.nanoTime() - start) / 1e6;
    o.printf(
        Locale.ROOT,
        "  default step:     %s iterations, %.0f ms (%.2f ms per iteration), %d overloaded%n",
        d.converged() ? Integer.toString(d.iterations()) : "> " + d.iterations(),
        ms,
        ms / d.iterations(),
        d.overloaded().size());
    int cap = Math.min(theoremCap, 5000);
    Reach th = reach(t, new StepSize.Theorem33(0.01 * d.cost()), d.dualBound() * 1.01, cap);
    o.printf(
        Locale.ROOT,
        "  theorem 3.3 step: %s%n",
        th.iterations() < 0
            ? "not within 1% of the optimum after " + cap + " iterations"
            : th.iterations() + " iterations, " + Math.round(th.millis()) + " ms");
  }

  private void sweep(PrintWriter o) throws Exception {
    o.println();
    o.println(
        "(3) compare sweep: 100 runs x 6 loads on builtin:paper-sec5, both controllers and the optimum");
    Topology base = BuiltinTopologies.resolve("builtin:paper-sec5");
    CompareConfig config =
        new CompareConfig(
            CompareConfig.DEFAULT_LOADS,
            CompareConfig.DEFAULT_RUNS,
            1,
            DEFAULT_STEP,
            new StopRule(20000, StopRule.DEFAULT_DUAL_TOLERANCE, true),
            new StopRule(20000, StopRule.DEFAULT_GREEDY_TOLERANCE, true));
    PrintWriter quiet = new PrintWriter(Writer.nullWriter());
    long start = System.nanoTime();
    int threads = Runtime.getRuntime().availableProcessors();
    int n =
        CompareCommand.sweep(
                new ComparisonSweep(base, config, new CentralOptimum()), threads, quiet, start)
            .size();
    o.printf(
        Locale.ROOT,
        "  %d runs in %.2f s on %d threads%n",
        n,
        (System.nanoTime() - start) / 1e9,
        Runtime.getRuntime().availableProcessors());
  }
}
