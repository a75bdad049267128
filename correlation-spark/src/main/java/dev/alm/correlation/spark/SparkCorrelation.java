package dev.alm.correlation.spark;

import dev.alm.correlation.BeaconJoin;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.Counts;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.PairedEstimator;
import dev.alm.correlation.RunInputs;
import dev.alm.correlation.Smoothing;
import dev.alm.correlation.TimeWindow;
import dev.alm.correlation.VantageDrift;
import dev.alm.traces.BadLine;
import dev.alm.traces.ProbeLogRecord;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFormats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.CollectionAccumulator;
import scala.Tuple2;

/**
 * {@code alm correlate} as a Spark job (docs/correlation/spark.md, "On Spark"): executors read the
 * trace files (one task per file, with the traces module's readers), the beacon halves are grouped
 * by beacon name and joined by the in-process rule ({@link KeyJoin}), paired observations are
 * grouped by vantage point and paired by the in-process rule ({@link VantagePairing}), and the
 * samples are counted per (row label, column label). Only those counts and the files' summaries
 * reach the driver, which folds labels, smooths, computes intervals and builds the report with the
 * in-process classes, so the answers are those of {@code alm correlate} on the same files.
 */
public final class SparkCorrelation {

  /**
   * What to estimate from.
   *
   * @param kind {@link TraceFile.Kind#DNS} for the beacon join (with {@code dns} and {@code http}),
   *     {@link TraceFile.Kind#PROBES} for probe logs (with {@code probes}), {@link
   *     TraceFile.Kind#PAIRED} for paired observations (with {@code paired}, {@code dnsService} and
   *     {@code httpService})
   * @param windowMillis the join or pairing window
   * @param windows none, or the two windows to estimate and compare ({@code --compare})
   */
  public record Job(
      TraceFile.Kind kind,
      List<String> dns,
      List<String> http,
      List<String> probes,
      List<String> paired,
      String dnsService,
      String httpService,
      long windowMillis,
      LabelFolding folding,
      Set<String> pops,
      Smoothing smoothing,
      double confidence,
      List<TimeWindow> windows) {

    /** The same job over the two windows {@code w} ({@code --compare}), or the whole input. */
    public Job withWindows(List<TimeWindow> w) {
      return new Job(
          kind,
          dns,
          http,
          probes,
          paired,
          dnsService,
          httpService,
          windowMillis,
          folding,
          pops,
          smoothing,
          confidence,
          w);
    }

    public Job {
      dns = List.copyOf(dns);
      http = List.copyOf(http);
      probes = List.copyOf(probes);
      paired = List.copyOf(paired);
      pops = Set.copyOf(pops);
      windows = List.copyOf(windows);
      if (!windows.isEmpty() && windows.size() != 2) {
        throw new IllegalArgumentException("--compare takes two windows");
      }
      if (windowMillis < 0) {
        throw new IllegalArgumentException("the window must be >= 0 s");
      }
      if (kind == TraceFile.Kind.DNS && (dns.isEmpty() || http.isEmpty())) {
        throw new IllegalArgumentException(
            "the beacon join needs both DNS query logs and HTTP access logs");
      }
      if (kind == TraceFile.Kind.PROBES && probes.isEmpty()) {
        throw new IllegalArgumentException("the probe estimator needs probe log files");
      }
      if (kind == TraceFile.Kind.PAIRED) {
        if (paired.isEmpty() || dnsService == null || httpService == null) {
          throw new IllegalArgumentException(
              "paired observations need files, --dns-service and --http-service");
        }
        if (dnsService.equals(httpService)) {
          throw new IllegalArgumentException("--dns-service and --http-service must differ");
        }
      }
      if (kind == TraceFile.Kind.HTTP) {
        throw new IllegalArgumentException("a job is of kind DNS (beacon join), PROBES or PAIRED");
      }
      if (!(confidence > 0 && confidence < 1)) {
        throw new IllegalArgumentException("--confidence must be in (0, 1), got " + confidence);
      }
    }
  }

  /**
   * The outcome.
   *
   * @param estimates the estimate of the whole input, or of each compared window (of empty rows for
   *     a window without samples); {@code null} when there are no samples at all
   * @param labels the folding record
   * @param inputs the report's {@code inputs}
   * @param report the files read, with their bad lines
   * @param vantages the vantage points' changes between the windows (paired observations compared),
   *     else {@code null}
   */
  public record Result(
      List<CorrelationEstimate> estimates,
      LabelIndex labels,
      Map<String, Object> inputs,
      ReadReport report,
      VantageDrift.Result vantages) {

    /** The estimate of the whole input (of the first window), or {@code null} without samples. */
    public CorrelationEstimate estimate() {
      return estimates.get(0);
    }
  }

  private SparkCorrelation() {}

  /** Runs the job on {@code spark} and returns the estimate with its report. */
  public static Result run(SparkSession spark, Job job) throws IOException {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Configuration hconf = jsc.hadoopConfiguration();
    List<String> empty = new ArrayList<>();
    List<TraceFile> files = files(job, hconf, empty);
    HashMap<String, String> conf = new HashMap<>();
    hconf.forEach(e -> conf.put(e.getKey(), e.getValue()));
    Broadcast<HashMap<String, String>> bconf = jsc.broadcast(conf);
    CollectionAccumulator<FileResult> acc =
        spark.sparkContext().collectionAccumulator("alm correlate files");
    JavaRDD<TraceFile> fileRdd = jsc.parallelize(files, Math.max(1, files.size()));

    List<JavaRDD<?>> kept = new ArrayList<>();
    Dataset<Outcome> outcomes = outcomes(spark, jsc, job, fileRdd, files.size(), bconf, acc, kept);
    List<TimeWindow> windows = job.windows();
    List<OutcomeCounts.Counted> counted = counted(outcomes, windows);

    Map<Integer, FileResult> byFile = new TreeMap<>();
    for (FileResult r : acc.value()) {
      byFile.putIfAbsent(r.file().index(), r);
    }

    // labels, counts and the other outcomes, as Tally and the estimators count them in process
    LabelIndex labels = new LabelIndex(job.folding(), job.pops());
    OutcomeCounts tally = OutcomeCounts.of(counted, labels, windows.size());
    Map<Integer, FirstBad> unknownLines =
        tally.unknownLabels.isEmpty() ? Map.of() : unknownLines(outcomes, tally.unknownLabels, jsc);

    List<String> badFiles = new ArrayList<>();
    ReadReport report = report(byFile, unknownLines, badFiles);

    Map<String, Object> stats = stats(job, byFile, tally.kinds);
    RunInputs.leftOut(
        stats,
        tally.droppedSamples,
        tally.unknownSamples,
        windows.isEmpty() ? null : tally.outsideWindows,
        report);
    stats.put("engine", "spark");
    stats.put("badFiles", badFiles);
    stats.put("emptyPartitions", empty);
    stats.put("truncatedFiles", report.truncatedFiles());
    // as in process: a compared window without samples is an estimate of empty rows
    long samples = tally.counts.stream().mapToLong(Counts::total).sum();
    List<CorrelationEstimate> estimates = new ArrayList<>();
    for (Counts c : tally.counts) {
      estimates.add(
          samples == 0 || labels.size() == 0
              ? null
              : CorrelationEstimate.of(c, labels, job.smoothing(), job.confidence()));
    }
    VantageDrift.Result vantages =
        job.kind() == TraceFile.Kind.PAIRED && windows.size() == 2
            ? VantageDrift.of(tally.moves, job.folding())
            : null;
    kept.forEach(r -> r.unpersist(false));
    return new Result(Collections.unmodifiableList(estimates), labels, stats, report, vantages);
  }

  /** The trace files of the job, numbered; empty directories go to {@code empty}. */
  private static List<TraceFile> files(Job job, Configuration hconf, List<String> empty)
      throws IOException {
    List<TraceFile> files = new ArrayList<>();
    if (job.kind() == TraceFile.Kind.PROBES) {
      files.addAll(InputFiles.expand(job.probes(), TraceFile.Kind.PROBES, 0, hconf, empty));
    } else if (job.kind() == TraceFile.Kind.PAIRED) {
      files.addAll(InputFiles.expand(job.paired(), TraceFile.Kind.PAIRED, 0, hconf, empty));
    } else {
      files.addAll(InputFiles.expand(job.dns(), TraceFile.Kind.DNS, 0, hconf, empty));
      files.addAll(InputFiles.expand(job.http(), TraceFile.Kind.HTTP, files.size(), hconf, empty));
    }
    return files;
  }

  /**
   * The outcomes counted per (kind, window, row label, column label), each sample in its compared
   * window by its time.
   */
  private static List<OutcomeCounts.Counted> counted(
      Dataset<Outcome> outcomes, List<TimeWindow> windows) {
    Dataset<Outcome> windowed =
        windows.isEmpty()
            ? outcomes
            : outcomes.map(
                (MapFunction<Outcome, Outcome>)
                    o -> {
                      o.setWindow(TimeWindow.index(windows, o.getTime()));
                      return o;
                    },
                Encoders.bean(Outcome.class));
    List<OutcomeCounts.Counted> counted = new ArrayList<>();
    for (Row r : windowed.groupBy("kind", "window", "from", "to").count().collectAsList()) {
      counted.add(
          new OutcomeCounts.Counted(
              r.getInt(0), r.getInt(1), r.getString(2), r.getString(3), r.getLong(4)));
    }
    return counted;
  }

  /**
   * The files read with their bad lines, those naming an unknown PoP id added (as the in-process
   * Tally reports them); files that could not be read go to {@code badFiles}.
   */
  private static ReadReport report(
      Map<Integer, FileResult> byFile, Map<Integer, FirstBad> unknownLines, List<String> badFiles) {
    ReadReport report = new ReadReport(false);
    for (FileResult f : byFile.values()) {
      if (f.error() != null) {
        badFiles.add(f.error());
        continue;
      }
      FirstBad u = unknownLines.get(f.file().index());
      List<BadLine> examples = new ArrayList<>(f.examples());
      Map<String, Long> reasons = new TreeMap<>(f.reasons());
      ReadReport.FileSummary s = f.summary();
      if (u != null) {
        for (BadLine b : u.first()) {
          examples.add(new BadLine(f.file().source(), b.line(), b.reason()));
        }
        examples.sort(Comparator.comparingLong(BadLine::line));
        reasons.merge(BadLine.kind("unknown PoP id 'x'"), u.count(), Long::sum);
        s =
            new ReadReport.FileSummary(
                s.source(), s.format(), s.lines(), s.records(), s.skipped() + u.count());
      }
      report.addFile(s, examples, f.truncatedAfter(), reasons);
    }
    return report;
  }

  /** What reading, joining or pairing did, as the in-process estimator reports it. */
  private static Map<String, Object> stats(Job job, Map<Integer, FileResult> byFile, long[] kinds) {
    return switch (job.kind()) {
      case PROBES -> RunInputs.probes(sum(byFile, TraceFile.Kind.PROBES, false));
      case PAIRED -> {
        long observations = sum(byFile, TraceFile.Kind.PAIRED, true);
        long pairs = kinds[Outcome.SAMPLE];
        PairedEstimator.Stats s =
            new PairedEstimator.Stats(
                observations,
                observations - sum(byFile, TraceFile.Kind.PAIRED, false),
                pairs,
                kinds[Outcome.UNPAIRED]);
        yield RunInputs.paired(job.dnsService(), job.httpService(), job.windowMillis(), s);
      }
      default ->
          RunInputs.beacon(
              job.windowMillis(),
              new BeaconJoin.Stats(
                  sum(byFile, TraceFile.Kind.DNS, true),
                  sum(byFile, TraceFile.Kind.DNS, false),
                  sum(byFile, TraceFile.Kind.HTTP, true),
                  sum(byFile, TraceFile.Kind.HTTP, false),
                  kinds[Outcome.SAMPLE],
                  kinds[Outcome.UNJOINED_ANSWER],
                  kinds[Outcome.UNJOINED_REQUEST],
                  kinds[Outcome.DUPLICATE],
                  -1),
              false);
    };
  }

  private static Dataset<Outcome> outcomes(
      SparkSession spark,
      JavaSparkContext jsc,
      Job job,
      JavaRDD<TraceFile> fileRdd,
      int fileCount,
      Broadcast<HashMap<String, String>> conf,
      CollectionAccumulator<FileResult> acc,
      List<JavaRDD<?>> kept) {
    if (job.kind() == TraceFile.Kind.PAIRED) {
      return PairedJob.outcomes(spark, jsc, job, fileRdd, fileCount, conf, acc, kept);
    }
    if (job.kind() == TraceFile.Kind.PROBES) {
      JavaRDD<Outcome> probes =
          fileRdd.flatMap(
              f ->
                  FileScan.scan(
                      f,
                      TraceFormats.PROBE_LOG,
                      conf.value(),
                      (ProbeLogRecord p, int file, long line) ->
                          new Outcome(
                              Outcome.SAMPLE, p.origin(), p.pop(), file, line, p.epochMillis()),
                      acc));
      return spark.createDataset(probes.rdd(), Encoders.bean(Outcome.class));
    }
    return BeaconJob.outcomes(spark, job, fileRdd, conf, acc);
  }

  /**
   * The samples naming an unknown PoP id, per file: counted, the first lines kept, each reported as
   * the in-process Tally does ({@code unknown PoP id 'x'} at the line that completed the sample). A
   * second pass over the logs, made only when some sample named an unknown id.
   */
  private static Map<Integer, FirstBad> unknownLines(
      Dataset<Outcome> outcomes, Set<String> unknownRaw, JavaSparkContext jsc) {
    Broadcast<HashSet<String>> u = jsc.broadcast(new HashSet<>(unknownRaw));
    JavaPairRDD<Integer, FirstBad> bad =
        outcomes
            .javaRDD()
            .filter(o -> o.getKind() == Outcome.SAMPLE)
            .flatMapToPair(
                o -> {
                  String label =
                      u.value().contains(o.getFrom())
                          ? o.getFrom()
                          : u.value().contains(o.getTo()) ? o.getTo() : null;
                  if (label == null) {
                    return Collections.emptyIterator();
                  }
                  BadLine b = new BadLine("", o.getLine(), "unknown PoP id '" + label + "'");
                  return List.of(new Tuple2<>(o.getFile(), b)).iterator();
                })
            .aggregateByKey(new FirstBad(), FirstBad::add, FirstBad::merge);
    return new HashMap<>(bad.collectAsMap());
  }

  private static long sum(Map<Integer, FileResult> files, TraceFile.Kind kind, boolean records) {
    long s = 0;
    for (FileResult f : files.values()) {
      if (f.file().kind() == kind && f.error() == null) {
        s += records ? f.records() : f.halves();
      }
    }
    return s;
  }
}
