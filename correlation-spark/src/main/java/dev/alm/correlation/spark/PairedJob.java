package dev.alm.correlation.spark;

import dev.alm.correlation.TimeWindow;
import dev.alm.traces.PairedObservation;
import dev.alm.traces.TraceFormats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.CollectionAccumulator;
import scala.Tuple2;

/**
 * The paired estimator's part of {@link SparkCorrelation}: paired observations read by the
 * executors, each file's latest time to the driver, and each vantage point's observations paired by
 * the in-process rule ({@link VantagePairing}) into {@link Outcome}s, with the vantage point's move
 * between two compared windows.
 */
final class PairedJob {
  private PairedJob() {}

  /**
   * Paired observations: read once (kept in {@code kept} for the second pass, released by the
   * caller), the latest time of each file to the driver, then each vantage point's observations
   * paired with the clock the in-process estimator had at each ({@link VantagePairing}).
   */
  static Dataset<Outcome> outcomes(
      SparkSession spark,
      JavaSparkContext jsc,
      SparkCorrelation.Job job,
      JavaRDD<TraceFile> fileRdd,
      int fileCount,
      Broadcast<HashMap<String, String>> conf,
      CollectionAccumulator<FileResult> acc,
      List<JavaRDD<?>> kept) {
    String dnsService = job.dnsService();
    String httpService = job.httpService();
    JavaRDD<Sighting> seen =
        fileRdd
            .flatMap(f -> sightings(f, dnsService, httpService, conf.value(), acc))
            .persist(StorageLevel.MEMORY_AND_DISK_SER());
    kept.add(seen);
    Map<Integer, Long> latest =
        seen.mapToPair(s -> new Tuple2<>(s.getFile(), s.getClock()))
            .reduceByKey(Math::max)
            .collectAsMap();
    long[] before = new long[Math.max(1, fileCount)];
    long max = Long.MIN_VALUE;
    for (int k = 0; k < fileCount; k++) {
      before[k] = max;
      max = Math.max(max, latest.getOrDefault(k, Long.MIN_VALUE));
    }
    Broadcast<long[]> filesBefore = jsc.broadcast(before);
    long window = job.windowMillis();
    List<TimeWindow> windows = job.windows();
    boolean moves = windows.size() == 2;
    return spark
        .createDataset(seen.rdd(), Encoders.bean(Sighting.class))
        .groupByKey((MapFunction<Sighting, String>) Sighting::getVantage, Encoders.STRING())
        .flatMapGroups(
            (FlatMapGroupsFunction<String, Sighting, Outcome>)
                (key, it) -> {
                  List<Sighting> all = new ArrayList<>(2);
                  it.forEachRemaining(all::add);
                  List<Outcome> out =
                      VantagePairing.pair(all.iterator(), window, filesBefore.value());
                  if (moves) {
                    out.addAll(VantagePairing.moves(all, windows));
                  }
                  return out.iterator();
                },
            Encoders.bean(Outcome.class));
  }

  /** The observations of the two services in one file, each with its file's clock at it. */
  private static Iterator<Sighting> sightings(
      TraceFile f,
      String dnsService,
      String httpService,
      Map<String, String> conf,
      CollectionAccumulator<FileResult> acc) {
    long[] clock = {Long.MIN_VALUE};
    return FileScan.scan(
        f,
        TraceFormats.PAIRED,
        conf,
        (PairedObservation o, int file, long line) -> {
          boolean dns = o.service().equals(dnsService);
          if (!dns && !o.service().equals(httpService)) {
            return null;
          }
          clock[0] = Math.max(clock[0], o.epochMillis());
          return new Sighting(o.vantage(), o.epochMillis(), clock[0], file, line, dns, o.site());
        },
        acc);
  }
}
