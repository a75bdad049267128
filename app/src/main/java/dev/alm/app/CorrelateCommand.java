package dev.alm.app;

import dev.alm.correlation.CorrelateOptions;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.CountsCsv;
import dev.alm.correlation.Drift;
import dev.alm.correlation.DriftOutputs;
import dev.alm.correlation.EstimateReport;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.Smoothing;
import dev.alm.correlation.TimeWindow;
import dev.alm.correlation.VantageDrift;
import dev.alm.traces.ReadReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code alm correlate}: estimate the correlation matrix C from traces, with intervals, drift and a
 * topology.
 */
@Command(
    name = "correlate",
    header =
        "Estimate the correlation matrix C from traces, with intervals; drift between windows.",
    mixinStandardHelpOptions = true,
    description = {
      "Estimate C (C_ij = P(HTTP request at proxy j | DNS answered at PoP i), paper 004 eq. 1) from one kind",
      "of trace: paired catchment observations (--paired), beacon-joined DNS and HTTP logs (--dns and --http)",
      "or FastControl probe logs (--probes). Writes DIR/C.csv (smoothed: every entry > 0, rows sum to 1),",
      "DIR/counts.csv (measured n_ij), DIR/intervals.csv (95%% interval per entry) and DIR/report.json.",
      "With --compare W1 W2 (time windows START[/END] of the traces, or two earlier output directories) it",
      "also writes DIR/drift.json (per-row total variation, rows changed beyond sampling noise), and for",
      "windows DIR/window1/ and DIR/window2/ in the layout above. Bad lines are reported with file, line and",
      "reason and skipped (--strict: the first one is fatal); a summary is always printed. See",
      "docs/correlation.md."
    })
public final class CorrelateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CorrelateOptions options;

  @Option(names = "--strict", description = "Fail at the first bad line instead of skipping it.")
  boolean strict;

  @Option(
      names = "--allow-truncated",
      description = {
        "Use the lines before the end of a truncated or corrupt compressed trace (said on stderr).",
        "Without it such a file is an error (exit 1): an estimate from part of a trace looks whole."
      })
  boolean allowTruncated;

  @Option(
      names = "--compare",
      arity = "2",
      paramLabel = "W",
      description =
          "Two windows START[/END] (ISO-8601 or epoch seconds; START alone means --window long), or "
              + "two output directories of earlier runs.")
  List<String> compare = new ArrayList<>();

  /** Where the estimate runs. */
  enum Engine {
    inprocess,
    spark
  }

  @Option(
      names = "--engine",
      paramLabel = "inprocess|spark",
      defaultValue = "inprocess",
      description = {
        "inprocess (default): this process. spark: a Spark job, started by the ./alm launcher through",
        "./alm-spark (module correlation-spark; Spark is not in alm.jar). See docs/correlation.md."
      })
  Engine engine;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description = "With --engine spark: the Spark master (local[*], yarn, k8s://...).")
  String master;

  @Option(
      names = {"-o", "--out"},
      required = true,
      paramLabel = "DIR",
      description = "Output directory.")
  Path out;

  @Mixin TopologyOutOptions topologyOut;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (engine == Engine.spark || master != null) {
      throw new UserError(
          "--engine spark runs Spark in its own process: use the ./alm launcher (it hands the "
              + "command to ./alm-spark) or spark-submit with alm-correlation-spark.jar "
              + "(docs/correlation/spark.md)");
    }
    Smoothing smoothing = checked(options::smoothing);
    double confidence = checked(options::confidence);
    double alpha = checked(options::alpha);
    if (!compare.isEmpty()
        && Files.isDirectory(Path.of(compare.get(0)))
        && Files.isDirectory(Path.of(compare.get(1)))) {
      return driftOfOutputs(o);
    }
    CorrelationInputs inputs = inputs();
    LabelFolding folding = options.folding();
    LabelIndex labels = new LabelIndex(folding, options.pops());
    List<TimeWindow> windows = new ArrayList<>();
    for (String w : compare) {
      windows.add(checked(() -> TimeWindow.parse(w, inputs.windowMillis())));
    }
    VantageDrift vantages =
        inputs.kind() == CorrelationInputs.Kind.PAIRED && windows.size() == 2
            ? new VantageDrift(windows, folding)
            : null;
    ReadReport report = new ReadReport(strict);
    CorrelationRun.Result run;
    try {
      run = CorrelationRun.run(inputs, labels, windows, report, vantages);
    } finally {
      report.summaryLines().forEach(err::println);
      err.flush();
    }
    refuseTruncated(report);
    Outputs.directory(out);
    if (windows.isEmpty()) {
      CorrelationEstimate e = estimate(run, labels, 0, smoothing, confidence);
      Map<String, Object> r = CorrelateOutputs.estimate(out, e, labels, run.stats());
      summary(o, out, r);
      if (topologyOut.wanted()) {
        ReadReport demandReport = new ReadReport(strict);
        String line = topologyOut.write(e, demandReport, err, this::refuseTruncated);
        spec.commandLine().getOut().println(line);
      }
      return 0;
    }
    List<CorrelationEstimate> es = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      es.add(estimate(run, labels, k, smoothing, confidence));
    }
    List<String> lines =
        DriftOutputs.write(
            out,
            windows,
            es,
            labels,
            run.stats(),
            alpha,
            vantages == null ? null : vantages.result());
    lines.forEach(o::println);
    return 0;
  }

  private CorrelationInputs inputs() {
    CorrelationInputs.Kind kind = checked(options::kind);
    long window = checked(options::windowMillis);
    return switch (kind) {
      case PAIRED ->
          checked(
              () ->
                  CorrelationInputs.paired(
                      paths(options.paired()),
                      options.dnsService(),
                      options.httpService(),
                      window));
      case PROBES -> CorrelationInputs.probes(paths(options.probes()));
      case BEACON ->
          checked(
              () -> CorrelationInputs.beacon(paths(options.dns()), paths(options.http()), window));
    };
  }

  private static List<Path> paths(List<String> names) {
    return names.stream().map(Path::of).toList();
  }

  /**
   * The estimate of the whole trace, or of window {@code k}. A compared window without samples (its
   * logs held back, or outside the traces) is an estimate of empty rows, reported as such, when the
   * other window has samples; with no samples at all there is nothing to estimate.
   */
  private CorrelationEstimate estimate(
      CorrelationRun.Result run, LabelIndex labels, int k, Smoothing smoothing, double confidence) {
    boolean none =
        compare.isEmpty()
            ? run.tally().counts(0).total() == 0
            : run.tally().counts(0).total() + run.tally().counts(1).total() == 0;
    if (none || labels.size() == 0) {
      throw new UserError(
          "no samples"
              + (compare.isEmpty() ? "" : " in either window")
              + ": nothing was paired or joined (see the summary above)");
    }
    return CorrelationEstimate.of(run.tally().counts(k), labels, smoothing, confidence);
  }

  private int driftOfOutputs(PrintWriter o) throws Exception {
    if (options.anyTrace()) {
      throw new UserError(
          "--compare with two output directories reads their counts.csv: give no traces");
    }
    CountsCsv.Table a = CountsCsv.read(Path.of(compare.get(0)).resolve("counts.csv"));
    CountsCsv.Table b = CountsCsv.read(Path.of(compare.get(1)).resolve("counts.csv"));
    double alpha = checked(options::alpha);
    Drift.Result drift =
        checked(
            () ->
                Drift.compare(
                    a.ids(), a.counts(), b.ids(), b.counts(), alpha, EstimateReport.FEW_SAMPLES));
    Outputs.directory(out);
    DriftOutputs.driftJson(
        out.resolve("drift.json"), drift, compare, List.of(a.samples(), b.samples()), null);
    DriftOutputs.summaryLines(drift, null).forEach(o::println);
    return 0;
  }

  private static void summary(PrintWriter o, Path dir, Map<String, Object> r) {
    o.println(EstimateReport.summaryLine(dir, r));
  }

  private interface Checked<T> {
    T get();
  }

  /** Turns a validation failure of a constructor into a one-line user error. */
  private static <T> T checked(Checked<T> s) {
    try {
      return s.get();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** A truncated trace is an error unless {@code --allow-truncated}; nothing is written then. */
  private void refuseTruncated(ReadReport report) {
    List<String> t = report.truncatedFiles();
    if (!t.isEmpty() && !allowTruncated) {
      throw new UserError(
          t.get(0)
              + (t.size() > 1 ? " (and " + (t.size() - 1) + " more)" : "")
              + "; nothing written (--allow-truncated uses the lines before the end)");
    }
  }
}
