package dev.alm.correlation.spark;

import dev.alm.correlation.CorrelateOptions;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.TimeWindow;
import dev.alm.io.InputException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The main class of {@code alm-correlation-spark.jar}: {@code alm correlate} for paired
 * observations, the beacon join and probe logs as a Spark job, with the same options and outputs
 * (docs/correlation/spark.md, "On Spark"). Run it with {@code spark-submit --class
 * dev.alm.correlation.spark.SparkCorrelate}, or through {@code ./alm correlate --engine spark} /
 * {@code ./alm-spark}.
 */
@Command(
    name = "alm-spark correlate",
    mixinStandardHelpOptions = true,
    description = {
      "Estimate C from paired catchment observations (--paired), beacon-joined DNS and HTTP logs (--dns",
      "with --http) or probe logs (--probes) as a Spark job; writes DIR/C.csv, counts.csv, intervals.csv",
      "and report.json as alm correlate does; with --compare W1 W2 the estimate of each window and",
      "DIR/drift.json.",
      "Paths are files or directories (partitions such as dt=.../hour=...) on any Hadoop file system;",
      "CSV plain or gzip, or Parquet (*.parquet) with the same columns. Bad lines are counted and",
      "reported, a file that cannot be read is named in the report; neither fails the job."
    })
public final class SparkCorrelate implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CorrelateOptions options;

  @Option(
      names = "--compare",
      arity = "2",
      paramLabel = "W",
      description =
          "Two windows START[/END] (ISO-8601 or epoch seconds; START alone means --window long): "
              + "DIR/window1/, DIR/window2/ and DIR/drift.json as alm correlate --compare writes them.")
  List<String> compare = new ArrayList<>();

  @Option(
      names = "--parquet",
      description =
          "Also write the estimate as Parquet beside the CSV files: C.parquet (row,column,c), "
              + "counts.parquet (row,column,n), intervals.parquet (the columns of intervals.csv).")
  boolean parquet;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description =
          "Spark master when not set by spark-submit (local[*], local[2], yarn, k8s://...). "
              + "Default: spark-submit's, else local[*].")
  String master;

  @Option(
      names = {"-o", "--out"},
      required = true,
      paramLabel = "DIR",
      description = "Output directory: a local path, or a Hadoop URI (hdfs://..., s3a://...).")
  String out;

  public static void main(String[] args) {
    System.exit(Cli.run(new SparkCorrelate(), args));
  }

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SparkCorrelation.Job job;
    try {
      job = job();
    } catch (IllegalArgumentException | InputException e) {
      err.println("alm-spark correlate: " + e.getMessage());
      return 2;
    }
    SparkSession.Builder b = SparkSession.builder().appName("alm correlate");
    if (master != null) {
      b.master(master);
    } else if (!new org.apache.spark.SparkConf().contains("spark.master")) {
      b.master("local[*]");
    }
    SparkSession spark = b.getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      SparkCorrelation.Result r;
      long t0 = System.nanoTime();
      try {
        r = SparkCorrelation.run(spark, job);
      } catch (IllegalArgumentException e) {
        err.println("alm-spark correlate: " + e.getMessage());
        return 2;
      }
      double s = (System.nanoTime() - t0) / 1e9;
      r.report().summaryLines().forEach(err::println);
      err.printf(
          Locale.ROOT,
          "read %,d lines of %d files in %.1f s: %,.0f lines/s (master %s)%n",
          r.report().lines(),
          r.report().files().size(),
          s,
          r.report().lines() / s,
          spark.sparkContext().master());
      @SuppressWarnings("unchecked")
      List<String> badFiles = (List<String>) r.inputs().get("badFiles");
      badFiles.forEach(f -> err.println("bad file, not read: " + f));
      @SuppressWarnings("unchecked")
      List<String> empty = (List<String>) r.inputs().get("emptyPartitions");
      empty.forEach(d -> err.println("empty partition: " + d));
      r.report().truncatedFiles().forEach(t -> err.println("used the lines before the end: " + t));
      err.flush();
      if (r.estimate() == null) {
        err.println(
            "alm-spark correlate: no samples"
                + (compare.isEmpty() ? "" : " in either window")
                + ": nothing was paired or joined (see the summary above)");
        return 1;
      }
      SparkOutputs.write(spark, out, r, job.windows(), options.alpha(), parquet)
          .forEach(o::println);
      o.flush();
      return 0;
    } finally {
      spark.stop();
    }
  }

  SparkCorrelation.Job job() throws InputException {
    CorrelationInputs.Kind inputs = options.kind();
    long window = options.windowMillis();
    options.alpha(); // checked before Spark starts
    List<TimeWindow> windows = new ArrayList<>();
    for (String w : compare) {
      try {
        windows.add(TimeWindow.parse(w, window));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--compare "
                + w
                + ": "
                + e.getMessage()
                + " (two output directories are compared by alm correlate --compare DIR1 DIR2,"
                + " without Spark)");
      }
    }
    TraceFile.Kind kind =
        switch (inputs) {
          case PAIRED -> TraceFile.Kind.PAIRED;
          case BEACON -> TraceFile.Kind.DNS;
          case PROBES -> TraceFile.Kind.PROBES;
        };
    return new SparkCorrelation.Job(
        kind,
        options.dns(),
        options.http(),
        options.probes(),
        options.paired(),
        options.dnsService(),
        options.httpService(),
        window,
        options.folding(),
        options.pops(),
        options.smoothing(),
        options.confidence(),
        windows);
  }
}
