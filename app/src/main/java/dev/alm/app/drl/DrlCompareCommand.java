package dev.alm.app.drl;

import dev.alm.app.OutputDirectoryOption;
import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import dev.alm.ratelimit.sim.Simulator;
import dev.alm.ratelimit.sim.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code alm drl compare}: several algorithms over several seeds on one scenario. */
@Command(
    name = "compare",
    header = "Compare allocation algorithms on a scenario over several seeded runs.",
    mixinStandardHelpOptions = true,
    description = {
      "Run each algorithm on the scenario with seeds SEED, SEED+1, ... (RUNS runs) and write one row",
      "per algorithm to DIR/compare.csv: the summary fields of alm drl simulate, mean and standard",
      "deviation over the runs (fields: algorithm, runs, then <metric>Mean and <metric>Std), and",
      "DIR/compare.png. Progress goes to stderr."
    })
public final class DrlCompareCommand implements Callable<Integer> {

  /** The metrics of compare.csv, in order. */
  static final List<String> METRICS =
      List.of(
          "servedOverLimit",
          "jainFlows",
          "aggregateErrorP95",
          "aggregateMaxOverLimit",
          "jainLimiters",
          "convergenceSeconds",
          "messagesPerLimiterPerSecond",
          "bytesPerLimiterPerSecond");

  @Spec CommandSpec spec;

  @Option(
      names = {"-s", "--scenario"},
      required = true,
      description = "A scenario JSON file or a builtin (see alm drl simulate --help).")
  String scenario;

  @Option(
      names = {"-a", "--algorithms"},
      required = true,
      split = ",",
      description =
          "Comma-separated: share (the live agent's default), ctb, gtb, grd, fps, gdrl, dst, static,"
              + " independent.")
  List<String> algorithms;

  @Option(
      names = {"-n", "--runs"},
      defaultValue = "10",
      description = "Seeded runs per algorithm. Default: ${DEFAULT-VALUE}.")
  int runs;

  @Option(
      names = "--seed",
      description = "First seed (default: the scenario's); run k uses seed + k.")
  Long seed;

  @Mixin OutputDirectoryOption output;

  @Override
  public Integer call() throws Exception {
    if (runs < 1) {
      throw new UserError("--runs must be >= 1, got " + runs);
    }
    for (String a : algorithms) {
      DrlRuns.checkName(a, "--algorithms");
    }
    Scenario base = ScenarioReader.read(scenario);
    long first = seed != null ? seed : base.seed();
    PrintWriter err = spec.commandLine().getErr();
    List<Allocator<?, ?>> allocs = new ArrayList<>();
    for (String a : algorithms) {
      Optional<Allocator<?, ?>> al =
          DrlRuns.availableOrSay(a, base, err, "alm drl compare", "--algorithms");
      if (al.isEmpty()) {
        return DrlRuns.NOT_AVAILABLE;
      }
      allocs.add(al.get());
    }
    Path out = output.create();
    long start = System.nanoTime();
    List<CompareRow> rows = new ArrayList<>();
    for (String name : algorithms) {
      rows.add(row(name, base, first, start, err));
    }
    compareCsv(rows, out.resolve("compare.csv"));
    DrlPlots.compare(rows, out.resolve("compare.png"));
    PrintWriter o = spec.commandLine().getOut();
    for (CompareRow row : rows) {
      o.printf(
          Locale.ROOT,
          "%-12s served/limit %.3f ± %.3f  Jain flows %.3f ± %.3f  p95 error %.3f%n",
          row.algorithm(),
          row.mean()[0],
          row.std()[0],
          row.mean()[1],
          row.std()[1],
          row.mean()[2]);
    }
    o.flush();
    return 0;
  }

  /** One algorithm's row: {@code runs} seeded runs from {@code first}, mean and deviation. */
  private CompareRow row(String name, Scenario base, long first, long start, PrintWriter err)
      throws InputException {
    double[][] values = new double[METRICS.size()][runs];
    for (int r = 0; r < runs; r++) {
      Scenario sc = base.withSeed(first + r);
      Allocator<?, ?> alloc = DrlRuns.allocator(name, sc).orElseThrow();
      Summary s = Summary.of(Simulator.run(sc, alloc, null, null));
      double[] v = {
        s.servedOverLimit(),
        s.jainFlows(),
        s.aggregateErrorP95(),
        s.aggregateMaxOverLimit(),
        s.jainLimiters(),
        s.convergenceSeconds(),
        s.messagesPerLimiterPerSecond(),
        s.bytesPerLimiterPerSecond()
      };
      for (int m = 0; m < v.length; m++) {
        values[m][r] = v[m];
      }
      double elapsed = DrlRuns.secondsSince(start);
      if (elapsed > 2) {
        err.printf(
            Locale.ROOT,
            "alm drl compare: %s run %d/%d done (%.1f s wall)%n",
            name,
            r + 1,
            runs,
            elapsed);
        err.flush();
      }
    }
    double[] mean = new double[METRICS.size()];
    double[] std = new double[METRICS.size()];
    for (int m = 0; m < METRICS.size(); m++) {
      mean[m] = mean(values[m]);
      std[m] = std(values[m], mean[m]);
    }
    return new CompareRow(name, runs, mean, std);
  }

  /** compare.csv: algorithm, runs, then each metric's mean and standard deviation. */
  private static void compareCsv(List<CompareRow> rows, Path file) throws IOException {
    Outputs.write(
        file,
        w -> {
          StringBuilder h = new StringBuilder("algorithm,runs");
          for (String m : METRICS) {
            h.append(',').append(m).append("Mean,").append(m).append("Std");
          }
          w.write(h.append('\n').toString());
          for (CompareRow row : rows) {
            StringBuilder b = new StringBuilder(row.algorithm()).append(',').append(row.runs());
            for (int m = 0; m < METRICS.size(); m++) {
              b.append(',').append(cell(row.mean()[m])).append(',').append(cell(row.std()[m]));
            }
            w.write(b.append('\n').toString());
          }
        });
  }

  private static String cell(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
  }

  /** The mean of the finite values (NaN when none). */
  static double mean(double[] x) {
    double s = 0;
    int n = 0;
    for (double v : x) {
      if (Double.isFinite(v)) {
        s += v;
        n++;
      }
    }
    return n == 0 ? Double.NaN : s / n;
  }

  static double std(double[] x, double mean) {
    double s = 0;
    int n = 0;
    for (double v : x) {
      if (Double.isFinite(v)) {
        s += (v - mean) * (v - mean);
        n++;
      }
    }
    return n < 2 ? 0 : Math.sqrt(s / (n - 1));
  }
}
