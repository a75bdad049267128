package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.EstimateFiles;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.Smoothing;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFiles;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import dev.alm.traces.synthetic.TraceLayout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job gives the answers of the in-process estimator on the same generated traces (known
 * C): the same counts, C and intervals within 1e-9, and the same report, from plain CSV, gzip CSV
 * in partition directories and Parquet; bad lines, unknown PoP ids, a malformed file and an empty
 * partition are reported and do not fail the job; generated Parquet partitions give the answers of
 * the same traces in CSV.
 */
class SparkCorrelationTest {
  static final long WINDOW = 60_000;

  @TempDir static Path dir;

  static SparkSession spark;
  static SyntheticTraces.Written w;
  static Set<String> pops;

  @BeforeAll
  static void setUp() throws Exception {
    spark = LocalSpark.session();
    SyntheticTraces t =
        new SyntheticTraces(SyntheticConfig.defaults(7).withSizes(8, 20_000, 5_000, 0));
    w = t.writeAll(dir.resolve("gen"), false);
    pops = new TreeSet<>(t.world().ids());
  }

  record InProcess(CorrelationEstimate estimate, Map<String, Object> inputs) {}

  static InProcess inProcess(CorrelationInputs in, Set<String> known) throws Exception {
    LabelIndex labels = new LabelIndex(LabelFolding.identity(), known);
    CorrelationRun.Result r =
        CorrelationRun.run(in, labels, List.of(), new ReadReport(false), null);
    return new InProcess(
        CorrelationEstimate.of(r.tally().counts(0), labels, new Smoothing(1), 0.95), r.stats());
  }

  static SparkCorrelation.Result onSpark(
      TraceFile.Kind kind, List<Path> dns, List<Path> http, List<Path> probes, Set<String> known)
      throws Exception {
    return SparkCorrelation.run(LocalSpark.session(), job(kind, dns, http, probes, known));
  }

  /** A job over beacon-joined logs or probe logs, without windows. */
  static SparkCorrelation.Job job(
      TraceFile.Kind kind, List<Path> dns, List<Path> http, List<Path> probes, Set<String> known) {
    return new SparkCorrelation.Job(
        kind,
        strings(dns),
        strings(http),
        strings(probes),
        List.of(),
        null,
        null,
        WINDOW,
        LabelFolding.identity(),
        known,
        new Smoothing(1),
        0.95,
        List.of());
  }

  static List<String> strings(List<Path> ps) {
    return ps.stream().map(Path::toString).toList();
  }

  static void assertSameEstimate(CorrelationEstimate a, CorrelationEstimate b) {
    assertNotNull(b);
    assertEquals(a.ids(), b.ids());
    int n = a.size();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        assertEquals(a.count(i, j), b.count(i, j), "n_" + a.ids().get(i) + a.ids().get(j));
        assertEquals(a.matrix().get(i, j), b.matrix().get(i, j), 1e-9);
        assertEquals(a.lower(i, j), b.lower(i, j), 1e-9);
        assertEquals(a.upper(i, j), b.upper(i, j), 1e-9);
      }
    }
  }

  /** The in-process figures the Spark report must repeat (all but the memory of the join). */
  static Map<String, Object> comparable(Map<String, Object> inputs) {
    Map<String, Object> m = new LinkedHashMap<>(inputs);
    m.remove("maxPending");
    for (String k : List.of("engine", "badFiles", "emptyPartitions", "truncatedFiles")) {
      m.remove(k);
    }
    return m;
  }

  @Test
  void beaconJoinOnCsvGivesTheInProcessAnswers() throws Exception {
    InProcess a =
        inProcess(CorrelationInputs.beacon(List.of(w.dns()), List.of(w.http()), WINDOW), Set.of());
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.DNS, List.of(w.dns()), List.of(w.http()), List.of(), Set.of());
    assertSameEstimate(a.estimate(), b.estimate());
    assertEquals(comparable(a.inputs()), comparable(b.inputs()));
    assertTrue((Long) b.inputs().get("joined") > 4000);
    // the same files on disk as alm correlate writes them
    Path out = dir.resolve("out-spark");
    EstimateFiles.write(out, b.estimate(), b.labels(), b.inputs());
    assertTrue(Files.readString(out.resolve("counts.csv")).startsWith("n,"));
  }

  @Test
  void gzipPartitionsWithAnEmptyOneGiveTheSameCounts() throws Exception {
    Path dns = partitions(w.dns(), dir.resolve("lake/dns"), 3, ".csv.gz");
    Path http = partitions(w.http(), dir.resolve("lake/http"), 3, ".csv.gz");
    Path emptyHour = dns.resolve("dt=2026-01-01/hour=23");
    Files.createDirectories(emptyHour);
    Files.writeString(dns.resolve("_SUCCESS"), "");
    InProcess a =
        inProcess(CorrelationInputs.beacon(List.of(w.dns()), List.of(w.http()), WINDOW), Set.of());
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.DNS, List.of(dns), List.of(http), List.of(), Set.of());
    assertSameEstimate(a.estimate(), b.estimate());
    for (String k : List.of("joined", "unjoinedAnswers", "unjoinedRequests", "duplicates")) {
      assertEquals(a.inputs().get(k), b.inputs().get(k), k);
    }
    assertEquals(List.of(emptyHour.toString()), b.inputs().get("emptyPartitions"));
    assertEquals(6, ((List<?>) b.inputs().get("files")).size());
  }

  @Test
  void parquetGivesTheSameCounts() throws Exception {
    Path dns = dir.resolve("pq/dns");
    Path http = dir.resolve("pq/http");
    toParquet(w.dns(), dns);
    toParquet(w.http(), http);
    InProcess a =
        inProcess(CorrelationInputs.beacon(List.of(w.dns()), List.of(w.http()), WINDOW), Set.of());
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.DNS, List.of(dns), List.of(http), List.of(), Set.of());
    assertSameEstimate(a.estimate(), b.estimate());
    assertEquals(a.inputs().get("dnsRecords"), b.inputs().get("dnsRecords"));
    assertEquals(a.inputs().get("joined"), b.inputs().get("joined"));
  }

  @Test
  void probeLogsGiveTheInProcessAnswers() throws Exception {
    InProcess a = inProcess(CorrelationInputs.probes(List.of(w.probes())), Set.of());
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.PROBES, List.of(), List.of(), List.of(w.probes()), Set.of());
    assertSameEstimate(a.estimate(), b.estimate());
    assertEquals(comparable(a.inputs()), comparable(b.inputs()));
  }

  @Test
  void badLinesUnknownIdsAndAMalformedFileAreReportedNotFatal() throws Exception {
    // a copy of the DNS log with bad lines, and an HTTP "log" of another format
    Path bad = dir.resolve("bad/dns-bad.csv");
    Files.createDirectories(bad.getParent());
    List<String> lines = new ArrayList<>(Files.readAllLines(w.dns()));
    lines.set(5, "yesterday," + lines.get(5).substring(lines.get(5).indexOf(',') + 1));
    lines.set(9, "not,enough,fields");
    lines.add(12, "");
    Files.write(bad, lines);
    Path other = dir.resolve("bad/other.csv");
    Files.writeString(other, "ts,category,origin,pop\n2026-01-01T00:00:00.000Z,a,b,c\n");
    List<String> some = new ArrayList<>(pops);
    Set<String> known = new TreeSet<>(some.subList(0, some.size() - 2));

    InProcess a =
        inProcess(CorrelationInputs.beacon(List.of(bad), List.of(w.http()), WINDOW), known);
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.DNS, List.of(bad), List.of(w.http(), other), List.of(), known);
    assertSameEstimate(a.estimate(), b.estimate());
    assertTrue((Long) a.inputs().get("unknownPopSamples") > 0);
    assertEquals(comparable(a.inputs()), comparable(b.inputs()));
    List<?> badFiles = (List<?>) b.inputs().get("badFiles");
    assertEquals(1, badFiles.size());
    assertTrue(badFiles.get(0).toString().startsWith(other + ":line 1: not a HTTP access log"));
  }

  @Test
  void generatedParquetPartitionsGiveTheCsvAnswersAndHoldTheKnownC() throws Exception {
    // 8,000 queries at 2/s: a bit over an hour, so two hour partitions of parts of 3,000 lines
    SyntheticTraces t =
        new SyntheticTraces(
            SyntheticConfig.defaults(7).withSizes(8, 8_000, 1_000, 0).toBuilder()
                .queryRate(2)
                .build());
    SyntheticTraces.Written csv = t.writeAll(dir.resolve("gen-slow"), false);
    SyntheticTraces.Written pq =
        t.writeAll(dir.resolve("gen-pq"), new TraceLayout(true, 3_000, new ParquetParts()), null);
    assertTrue(Files.isDirectory(pq.dns().resolve("dt=2026-01-01").resolve("hour=01")));
    InProcess a =
        inProcess(
            CorrelationInputs.beacon(List.of(csv.dns()), List.of(csv.http()), WINDOW), Set.of());
    SparkCorrelation.Result b =
        onSpark(TraceFile.Kind.DNS, List.of(pq.dns()), List.of(pq.http()), List.of(), Set.of());
    assertSameEstimate(a.estimate(), b.estimate());
    for (String k :
        List.of("dnsRecords", "beaconAnswers", "httpRecords", "joined", "unjoinedAnswers")) {
      assertEquals(a.inputs().get(k), b.inputs().get(k), k);
    }
    assertEquals(0L, b.inputs().get("linesSkipped"));
    // the known C inside the 95% intervals
    CorrelationEstimate e = b.estimate();
    CorrelationMatrix truth = t.world().truth().reorder(e.ids());
    int inside = 0;
    for (int i = 0; i < e.size(); i++) {
      for (int j = 0; j < e.size(); j++) {
        if (e.lower(i, j) <= truth.get(i, j) && truth.get(i, j) <= e.upper(i, j)) {
          inside++;
        }
      }
    }
    assertTrue(inside >= 0.9 * e.size() * e.size(), inside + " of " + e.size() * e.size());
  }

  /** Splits a log into {@code parts} time-ordered files under dt=.../hour=... directories. */
  static Path partitions(Path log, Path root, int parts, String ext) throws IOException {
    List<String> lines;
    try (BufferedReader r = TraceFiles.open(log)) {
      lines = r.lines().toList();
    }
    String header = lines.get(0);
    int body = lines.size() - 1;
    for (int p = 0; p < parts; p++) {
      Path f =
          root.resolve("dt=2026-01-01")
              .resolve(String.format("hour=%02d", p))
              .resolve("part-0" + ext);
      Files.createDirectories(f.getParent());
      try (Writer out = TraceFiles.create(f)) {
        out.write(header + "\n");
        for (int k = 1 + p * body / parts; k < 1 + (p + 1) * body / parts; k++) {
          out.write(lines.get(k) + "\n");
        }
      }
    }
    return root;
  }

  /** The same columns as Parquet, as Spark writes them (all strings, in file order). */
  static void toParquet(Path csv, Path out) {
    Map<String, String> opts = new HashMap<>();
    opts.put("header", "true");
    spark.read().options(opts).csv(csv.toString()).coalesce(1).write().parquet(out.toString());
  }

  static {
    // the test writes gzip and reads with the traces module: nothing else to set up
    assert StandardCharsets.UTF_8 != null;
  }
}
