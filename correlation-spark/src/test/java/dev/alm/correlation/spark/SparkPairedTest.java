package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.Smoothing;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFiles;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.io.BufferedReader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paired estimator as a Spark job gives the in-process answers: on the Quad9 trace
 * (../shared/data/quad9-v4v6, kept as a test resource of module correlation), with and without
 * metro folding, whole and split into gzip {@code dt=} partitions; and on generated paired
 * observations with a known C. Counts equal, C and intervals within 1e-9, the same report inputs.
 */
class SparkPairedTest {
  static final String V4 = "quad9_ipv4_msm12016241";
  static final String V6 = "quad9_ipv6_msm12016229";
  static final long WINDOW = 300_000;

  @TempDir static Path dir;

  static Path quad9() {
    return Path.of("..", "correlation", "src", "test", "resources", "quad9", "observations.csv.gz");
  }

  /** A job over paired observations, without windows. */
  static SparkCorrelation.Job job(List<Path> files, String dns, String http, LabelFolding f) {
    return new SparkCorrelation.Job(
        TraceFile.Kind.PAIRED,
        List.of(),
        List.of(),
        List.of(),
        SparkCorrelationTest.strings(files),
        dns,
        http,
        WINDOW,
        f,
        Set.of(),
        new Smoothing(1),
        0.95,
        List.of());
  }

  record Both(CorrelationEstimate a, Map<String, Object> aInputs, SparkCorrelation.Result b) {}

  static Both both(
      List<Path> inProcess, List<Path> onSpark, String dns, String http, LabelFolding f)
      throws Exception {
    LabelIndex labels = new LabelIndex(f, Set.of());
    CorrelationRun.Result r =
        CorrelationRun.run(
            CorrelationInputs.paired(inProcess, dns, http, WINDOW),
            labels,
            List.of(),
            new ReadReport(false),
            null);
    CorrelationEstimate a =
        CorrelationEstimate.of(r.tally().counts(0), labels, new Smoothing(1), 0.95);
    SparkCorrelation.Result b =
        SparkCorrelation.run(LocalSpark.session(), job(onSpark, dns, http, f));
    SparkCorrelationTest.assertSameEstimate(a, b.estimate());
    return new Both(a, r.stats(), b);
  }

  @Test
  void quad9GivesTheInProcessAnswers() throws Exception {
    Both s = both(List.of(quad9()), List.of(quad9()), V4, V6, LabelFolding.identity());
    assertEquals(
        SparkCorrelationTest.comparable(s.aInputs()),
        SparkCorrelationTest.comparable(s.b().inputs()));
    // the README's facts: 8,668 paired samples of 93 site labels
    assertEquals(8668L, s.b().inputs().get("pairs"));
    assertEquals(93, s.b().estimate().size());

    Both m = both(List.of(quad9()), List.of(quad9()), V4, V6, LabelFolding.metro());
    assertEquals(87, m.b().estimate().size());
    assertEquals(
        SparkCorrelationTest.comparable(m.aInputs()),
        SparkCorrelationTest.comparable(m.b().inputs()));
  }

  @Test
  void quad9SplitIntoGzipPartitionsByDayGivesTheSameCounts() throws Exception {
    Path root = dir.resolve("quad9-lake");
    List<String> lines;
    try (BufferedReader r = TraceFiles.open(quad9())) {
      lines = r.lines().toList();
    }
    for (String day : List.of("2021-05-15", "2021-05-22")) {
      Path f = root.resolve("dt=" + day).resolve("hour=09").resolve("part-0.csv.gz");
      Files.createDirectories(f.getParent());
      try (Writer w = TraceFiles.create(f)) {
        w.write(lines.get(0) + "\n");
        for (String l : lines.subList(1, lines.size())) {
          if (l.startsWith(day)) {
            w.write(l + "\n");
          }
        }
      }
    }
    Files.createDirectories(root.resolve("dt=2021-05-29"));
    Both s = both(List.of(quad9()), List.of(root), V4, V6, LabelFolding.identity());
    for (String k : List.of("observations", "otherService", "pairs", "unpaired")) {
      assertEquals(s.aInputs().get(k), s.b().inputs().get(k), k);
    }
    assertEquals(
        List.of(root.resolve("dt=2021-05-29").toString()), s.b().inputs().get("emptyPartitions"));
  }

  @Test
  void generatedPairsGiveTheInProcessAnswersAndTheKnownC() throws Exception {
    SyntheticTraces t =
        new SyntheticTraces(SyntheticConfig.defaults(11).withSizes(6, 2_000, 100, 3_000));
    Path paired = dir.resolve("gen/paired.csv");
    Files.createDirectories(paired.getParent());
    t.writePaired(paired);
    Both s =
        both(
            List.of(paired),
            List.of(paired),
            SyntheticTraces.DNS_SERVICE,
            SyntheticTraces.HTTP_SERVICE,
            LabelFolding.identity());
    assertEquals(3_000L, s.b().inputs().get("pairs"));
    assertEquals(0L, s.b().inputs().get("unpaired"));
    assertTrue(s.b().estimate().size() <= 6);
  }
}
