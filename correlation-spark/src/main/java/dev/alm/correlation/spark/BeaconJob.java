package dev.alm.correlation.spark;

import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.AnswerKind;
import dev.alm.traces.BeaconName;
import dev.alm.traces.QueryLogRecord;
import dev.alm.traces.TraceFormats;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.CollectionAccumulator;

/**
 * The beacon join's part of {@link SparkCorrelation}: the DNS and HTTP logs read by the executors
 * into beacon halves, each with its file's join clock ({@link Half}), grouped by beacon name and
 * joined by the in-process rule ({@link KeyJoin}) into {@link Outcome}s.
 */
final class BeaconJob {
  private BeaconJob() {}

  /** What became of every beacon of the logs of {@code files}. */
  static Dataset<Outcome> outcomes(
      SparkSession spark,
      SparkCorrelation.Job job,
      JavaRDD<TraceFile> files,
      Broadcast<HashMap<String, String>> conf,
      CollectionAccumulator<FileResult> acc) {
    JavaRDD<Half> halves = files.flatMap(f -> halves(f, conf.value(), acc));
    long window = job.windowMillis();
    return spark
        .createDataset(halves.rdd(), Encoders.bean(Half.class))
        .groupByKey((MapFunction<Half, String>) Half::getKey, Encoders.STRING())
        .flatMapGroups(
            (FlatMapGroupsFunction<String, Half, Outcome>)
                (key, it) -> KeyJoin.join(it, window).iterator(),
            Encoders.bean(Outcome.class));
  }

  /** The beacon halves of one log, each with the join clock of its file at that record. */
  private static Iterator<Half> halves(
      TraceFile f, Map<String, String> conf, CollectionAccumulator<FileResult> acc) {
    long[] clock = {Long.MIN_VALUE};
    if (f.kind() == TraceFile.Kind.DNS) {
      return FileScan.scan(
          f,
          TraceFormats.QUERY_LOG,
          conf,
          (QueryLogRecord q, int file, long line) -> {
            clock[0] = Math.max(clock[0], q.epochMillis());
            String key = q.answer() == AnswerKind.L1 ? BeaconName.key(q.qname()) : null;
            return key == null
                ? null
                : new Half(key, q.epochMillis(), clock[0], file, line, true, q.pop());
          },
          acc);
    }
    return FileScan.scan(
        f,
        TraceFormats.ACCESS_LOG,
        conf,
        (AccessLogRecord a, int file, long line) -> {
          clock[0] = Math.max(clock[0], a.epochMillis());
          String key = BeaconName.key(a.host());
          return key == null
              ? null
              : new Half(key, a.epochMillis(), clock[0], file, line, false, a.pop());
        },
        acc);
  }
}
