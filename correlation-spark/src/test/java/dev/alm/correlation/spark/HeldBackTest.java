package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data lake as it is found: the last hour of the HTTP logs held back (not landed yet), a file of
 * another format among the HTTP partitions and an empty hour directory. Each is a line of
 * report.json, none fails the job, and the estimate is the in-process one of the good files: the
 * held-back hour's beacon answers are unjoined, as the in-process join leaves a half still waiting
 * at the end of its input. With {@code --parquet} the estimate is also written as Parquet, with the
 * values of the CSV files.
 */
class HeldBackTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;

  static List<Path> files(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }

  @Test
  void aHeldBackHourABadFileAndAnEmptyPartitionAreReportLines() throws Exception {
    GeneratedLogs logs = GeneratedLogs.write(dir.resolve("gen"));
    Path dns = SparkCorrelationTest.partitions(logs.dns(), dir.resolve("lake/dns"), 3, ".csv.gz");
    Path http =
        SparkCorrelationTest.partitions(logs.http(), dir.resolve("lake/http"), 3, ".csv.gz");
    // the last hour of HTTP logs is held back
    Path heldBack = http.resolve("dt=2026-01-01/hour=02/part-0.csv.gz");
    Files.delete(heldBack);
    Files.delete(heldBack.getParent());
    List<Path> goodDns = files(dns);
    List<Path> goodHttp = files(http);
    Path badFile = http.resolve("dt=2026-01-01/hour=01/part-1.csv");
    Files.writeString(badFile, "ts,category,origin,pop\n2026-01-01T01:00:00.000Z,a,b,c\n");
    Path emptyHour = dns.resolve("dt=2026-01-01/hour=03");
    Files.createDirectories(emptyHour);

    SparkCorrelationTest.InProcess whole =
        SparkCorrelationTest.inProcess(
            CorrelationInputs.beacon(
                List.of(logs.dns()), List.of(logs.http()), SparkCorrelationTest.WINDOW),
            Set.of());
    SparkCorrelationTest.InProcess a =
        SparkCorrelationTest.inProcess(
            CorrelationInputs.beacon(goodDns, goodHttp, SparkCorrelationTest.WINDOW), Set.of());
    SparkCorrelation.Result b =
        SparkCorrelationTest.onSpark(
            TraceFile.Kind.DNS, List.of(dns), List.of(http), List.of(), Set.of());
    SparkCorrelationTest.assertSameEstimate(a.estimate(), b.estimate());
    assertEquals(
        SparkCorrelationTest.comparable(a.inputs()), SparkCorrelationTest.comparable(b.inputs()));
    long unjoined = (Long) b.inputs().get("unjoinedAnswers");
    long unjoinedWhole = (Long) whole.inputs().get("unjoinedAnswers");
    assertTrue(
        unjoined > unjoinedWhole + 1000, "held back: " + unjoined + ", whole: " + unjoinedWhole);

    Path out = dir.resolve("out");
    List<String> lines =
        SparkOutputs.write(LocalSpark.session(), out.toString(), b, List.of(), 0.01, true);
    assertEquals(1, lines.size());
    Map<?, ?> inputs =
        (Map<?, ?>) JSON.readValue(out.resolve("report.json").toFile(), Map.class).get("inputs");
    assertEquals(unjoined, ((Number) inputs.get("unjoinedAnswers")).longValue());
    assertEquals(List.of(emptyHour.toString()), inputs.get("emptyPartitions"));
    List<?> bad = (List<?>) inputs.get("badFiles");
    assertEquals(1, bad.size());
    assertTrue(
        bad.get(0).toString().startsWith(badFile + ":line 1: not a HTTP access log"),
        bad.toString());
    assertParquetIsTheCsv(out, b.estimate());
  }

  /** The three Parquet files hold the estimate's entries, as Spark reads them. */
  static void assertParquetIsTheCsv(Path out, CorrelationEstimate e) {
    int n = e.size();
    List<Row> c =
        LocalSpark.session().read().parquet(out.resolve("C.parquet").toString()).collectAsList();
    List<Row> counts =
        LocalSpark.session()
            .read()
            .parquet(out.resolve("counts.parquet").toString())
            .collectAsList();
    List<Row> intervals =
        LocalSpark.session()
            .read()
            .parquet(out.resolve("intervals.parquet").toString())
            .collectAsList();
    assertEquals(n * n, c.size());
    assertEquals(n * n, counts.size());
    assertEquals(n * n, intervals.size());
    for (int k = 0; k < n * n; k++) {
      int i = k / n;
      int j = k % n;
      assertEquals(e.ids().get(i), c.get(k).getAs("row"));
      assertEquals(e.ids().get(j), c.get(k).getAs("column"));
      assertEquals(e.matrix().get(i, j), (double) c.get(k).getAs("c"));
      assertEquals(e.count(i, j), (long) counts.get(k).getAs("n"));
      Row r = intervals.get(k);
      assertEquals(e.count(i, j), (long) r.getAs("count"));
      assertEquals(e.samples(i), (long) r.getAs("row_samples"));
      if (e.samples(i) == 0) {
        assertNull(r.getAs("frequency"));
      } else {
        assertEquals(e.frequency(i, j), (double) r.getAs("frequency"));
      }
      assertEquals(e.matrix().get(i, j), (double) r.getAs("estimate"));
      assertEquals(e.lower(i, j), (double) r.getAs("lower"));
      assertEquals(e.upper(i, j), (double) r.getAs("upper"));
    }
  }
}
