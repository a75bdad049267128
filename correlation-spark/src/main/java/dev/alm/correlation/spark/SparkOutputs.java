package dev.alm.correlation.spark;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.DriftOutputs;
import dev.alm.correlation.EstimateFiles;
import dev.alm.correlation.EstimateReport;
import dev.alm.correlation.TimeWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.SparkSession;

/**
 * The job's output directory, as {@code alm correlate} writes it and with its classes ({@link
 * EstimateFiles}; with windows {@link DriftOutputs}), optionally with the estimate as Parquet
 * ({@link EstimateParquet}): on the local file system directly, on any other Hadoop file system
 * ({@code hdfs://}, {@code s3a://}) written locally first and then copied.
 */
final class SparkOutputs {
  private SparkOutputs() {}

  /**
   * Writes the outputs of {@code r} to {@code out}; returns the lines to print.
   *
   * @param windows none, or the two compared windows of {@code r}'s estimates
   * @param parquet whether to write the estimate as Parquet too
   */
  static List<String> write(
      SparkSession spark,
      String out,
      SparkCorrelation.Result r,
      List<TimeWindow> windows,
      double alpha,
      boolean parquet)
      throws IOException {
    org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(out);
    String scheme = target.toUri().getScheme();
    if (scheme == null || scheme.equals("file")) {
      return local(Path.of(target.toUri().getPath()), r, windows, alpha, parquet);
    }
    Path tmp = Files.createTempDirectory("alm-correlate");
    List<String> lines = new ArrayList<>();
    for (String l : local(tmp, r, windows, alpha, parquet)) {
      lines.add(l.replace(tmp.toString(), out));
    }
    FileSystem fs = target.getFileSystem(spark.sparkContext().hadoopConfiguration());
    copy(tmp, fs, target);
    return lines;
  }

  private static List<String> local(
      Path dir, SparkCorrelation.Result r, List<TimeWindow> windows, double alpha, boolean parquet)
      throws IOException {
    if (windows.isEmpty()) {
      Map<String, Object> report = EstimateFiles.write(dir, r.estimate(), r.labels(), r.inputs());
      if (parquet) {
        EstimateParquet.write(dir, r.estimate());
      }
      return List.of(EstimateReport.summaryLine(dir, report));
    }
    List<String> lines =
        DriftOutputs.write(
            dir, windows, r.estimates(), r.labels(), r.inputs(), alpha, r.vantages());
    if (parquet) {
      for (int k = 0; k < r.estimates().size(); k++) {
        CorrelationEstimate e = r.estimates().get(k);
        EstimateParquet.write(dir.resolve("window" + (k + 1)), e);
      }
    }
    return lines;
  }

  /** Moves the local directory {@code from}'s files below {@code to}, replacing files there. */
  private static void copy(Path from, FileSystem fs, org.apache.hadoop.fs.Path to)
      throws IOException {
    fs.mkdirs(to);
    List<Path> children;
    try (Stream<Path> s = Files.list(from)) {
      children = s.sorted().toList();
    }
    for (Path c : children) {
      org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path(to, c.getFileName().toString());
      if (Files.isDirectory(c)) {
        copy(c, fs, dst);
      } else {
        fs.copyFromLocalFile(true, true, new org.apache.hadoop.fs.Path(c.toUri()), dst);
      }
    }
    Files.deleteIfExists(from);
  }
}
