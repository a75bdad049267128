package dev.alm.app;

import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.StopRule;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.compare.CompareConfig;
import dev.alm.optimum.compare.CompareRow;
import dev.alm.optimum.compare.ComparisonSweep;
import dev.alm.optimum.compare.RunOutcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm compare}: greedy against dual against the optimum over a sweep of loads (paper 004
 * Fig. 5).
 */
@Command(
    name = "compare",
    header = "Greedy against dual against the optimum over a sweep of mean loads (Fig. 5).",
    mixinStandardHelpOptions = true,
    description = {
      "For each mean load, draw demands A_i ~ Poisson(load) and latencies d_i ~ U[0,1] as paper 004",
      "section V does (keeping the topology's matrix, capacities, eta and gamma), run the dual algorithm",
      "(until its certified gap is met) and the greedy law (until a fixed point) and solve the optimum.",
      "Writes DIR/compare.csv (one row per load), DIR/runs.csv (one row per draw) and DIR/compare.png",
      "(the two panels of Fig. 5). dual_gap is (W_dual - W_opt_upper) / W_opt_upper."
    })
public final class CompareCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TopologyOption topology;

  @Mixin ControllerOptions controller;

  /** The largest mean load swept: beyond it every PoP is far past capacity and costs overflow. */
  static final double MAX_LOAD = 100;

  @Option(
      names = "--loads",
      split = ",",
      defaultValue = "0.1,0.5,1,2,5,10",
      description = "Mean loads to sweep, comma separated. Default: ${DEFAULT-VALUE}.")
  double[] loads;

  @Option(
      names = "--runs",
      defaultValue = "100",
      description = "Draws per load. Default: ${DEFAULT-VALUE}.")
  int runs;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of the draws. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--dual-tolerance",
      defaultValue = "1e-3",
      description = "Certified relative gap at which a dual run stops. Default: ${DEFAULT-VALUE}.")
  double dualTolerance;

  @Option(
      names = "--max-steps",
      defaultValue = "2000",
      description = "Step cap for each controller run. Default: ${DEFAULT-VALUE}.")
  int maxSteps;

  @Option(names = "--threads", description = "Worker threads. Default: the number of processors.")
  Integer threads;

  @Mixin OutputDirectoryOption output;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    if (topology.spec == null) {
      topology.spec = "builtin:paper-sec5";
    }
    for (double l : loads) {
      if (!(l > 0 && l <= MAX_LOAD)) {
        throw new UserError(
            "--loads: each must be in (0, "
                + (int) MAX_LOAD
                + "] (mean demand over capacity), got "
                + BigDecimal.valueOf(l).stripTrailingZeros().toPlainString());
      }
    }
    if (runs < 1 || runs > 100_000) {
      throw new UserError("--runs: must be in 1..100000, got " + runs);
    }
    Topology base = topology.load(err);
    CompareConfig config;
    try {
      config =
          new CompareConfig(
              loads,
              runs,
              seed,
              controller.stepSize(),
              new StopRule(maxSteps, dualTolerance, true),
              new StopRule(maxSteps, StopRule.DEFAULT_GREEDY_TOLERANCE, true));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    Path out = output.create();
    long start = System.nanoTime();
    int workers = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    List<RunOutcome> outcomes =
        sweep(new ComparisonSweep(base, config, new CentralOptimum()), workers, err, start);
    double seconds = (System.nanoTime() - start) / 1e9;
    List<CompareRow> rows = new ArrayList<>();
    for (double load : config.loads()) {
      rows.add(
          ComparisonSweep.summarise(
              load, outcomes.stream().filter(o -> o.load() == load).toList()));
    }
    writeRows(rows, out.resolve("compare.csv"));
    writeRuns(outcomes, out.resolve("runs.csv"));
    ComparePlot.write(rows, base.size(), out.resolve("compare.png"));
    PrintWriter o = spec.commandLine().getOut();
    printTable(o, rows);
    o.printf(
        Locale.ROOT,
        "%d runs on %d nodes in %.2f s; wrote %s, %s, %s%n",
        outcomes.size(),
        base.size(),
        seconds,
        out.resolve("compare.csv"),
        out.resolve("runs.csv"),
        out.resolve("compare.png"));
    return 0;
  }

  /** The table: per load, the dual's cost, overload, gap and iterations, the greedy's overload. */
  private static void printTable(PrintWriter o, List<CompareRow> rows) {
    o.printf(
        Locale.ROOT,
        "%8s %14s %12s %12s %12s %10s %14s %12s%n",
        "load",
        "dual_cost",
        "dual_over",
        "dual_gap",
        "dual_iter",
        "dual_max",
        "greedy_over",
        "greedy_max");
    for (CompareRow r : rows) {
      o.printf(
          Locale.ROOT,
          "%8.3g %14.6g %12.3g %12.3g %12.1f %10d %14.3g %12d%n",
          r.load(),
          r.dualCostMean(),
          r.dualOverloadedMean(),
          r.dualGapMean(),
          r.dualIterationsMean(),
          r.dualIterationsMax(),
          r.greedyOverloadedMean(),
          r.greedyOverloadedMax());
    }
  }

  /** Runs every draw in parallel, reporting progress on {@code err}. */
  static List<RunOutcome> sweep(ComparisonSweep sweep, int workers, PrintWriter err, long start)
      throws Exception {
    int runs = sweep.config().runs();
    int total = sweep.config().loads().length * runs;
    if (workers < 1) {
      throw new UserError("--threads must be >= 1");
    }
    AtomicInteger done = new AtomicInteger();
    int every = Math.max(1, total / 20);
    ForkJoinPool pool = new ForkJoinPool(workers);
    try {
      RunOutcome[] result =
          pool.submit(
                  () ->
                      IntStream.range(0, total)
                          .parallel()
                          .mapToObj(
                              k -> {
                                RunOutcome r = sweep.run(k / runs, k % runs);
                                int n = done.incrementAndGet();
                                if (n % every == 0 || n == total) {
                                  synchronized (err) {
                                    err.printf(
                                        Locale.ROOT,
                                        "compare: %d/%d runs (%.0f%%), %.1f s%n",
                                        n,
                                        total,
                                        100.0 * n / total,
                                        (System.nanoTime() - start) / 1e9);
                                    err.flush();
                                  }
                                }
                                return r;
                              })
                          .toArray(RunOutcome[]::new))
              .get();
      return Arrays.asList(result);
    } finally {
      pool.shutdown();
    }
  }

  private static void writeRows(List<CompareRow> rows, Path file) throws IOException {
    Outputs.csv(
        file,
        List.of(
            "load",
            "runs",
            "dual_cost_mean",
            "dual_cost_std",
            "dual_overloaded_mean",
            "dual_gap_mean",
            "dual_gap_max",
            "dual_iterations_mean",
            "dual_iterations_max",
            "dual_unconverged",
            "greedy_overloaded_mean",
            "greedy_overloaded_max",
            "greedy_iterations_mean",
            "optimum_lower_mean",
            "optimum_upper_mean"),
        p -> {
          for (CompareRow r : rows) {
            p.printRecord(
                r.load(),
                r.runs(),
                r.dualCostMean(),
                r.dualCostStd(),
                r.dualOverloadedMean(),
                r.dualGapMean(),
                r.dualGapMax(),
                r.dualIterationsMean(),
                r.dualIterationsMax(),
                r.dualUnconverged(),
                r.greedyOverloadedMean(),
                r.greedyOverloadedMax(),
                r.greedyIterationsMean(),
                r.optimumLowerMean(),
                r.optimumUpperMean());
          }
        });
  }

  private static void writeRuns(List<RunOutcome> runs, Path file) throws IOException {
    Outputs.csv(
        file,
        List.of(
            "load",
            "run",
            "dual_cost",
            "dual_overloaded",
            "dual_iterations",
            "dual_converged",
            "dual_gap",
            "greedy_overloaded",
            "greedy_iterations",
            "optimum_lower",
            "optimum_upper"),
        p -> {
          for (RunOutcome r : runs) {
            p.printRecord(
                r.load(),
                r.run(),
                r.dualCost(),
                r.dualOverloaded(),
                r.dualIterations(),
                r.dualConverged(),
                r.dualGap(),
                r.greedyOverloaded(),
                r.greedyIterations(),
                r.optimumLower(),
                r.optimumUpper());
          }
        });
  }
}
