package dev.alm.correlation.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.DriftOutputs;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.Smoothing;
import dev.alm.correlation.TimeWindow;
import dev.alm.correlation.VantageDrift;
import dev.alm.traces.ReadReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --compare} on Spark writes what {@code alm correlate --compare} writes in process, with
 * the same classes: each window's C.csv, counts.csv and intervals.csv byte for byte, the same
 * report, and the same drift.json (per-row drift and, for paired observations, the vantage points'
 * own changes), on the Quad9 trace between its two dates and on generated beacon logs with samples
 * outside both windows or a window held back; with {@code --parquet} each window's estimate as
 * Parquet too.
 */
class SparkCompareTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;

  /** Both engines' outputs of one comparison, in {@code dir/inprocess} and {@code dir/spark}. */
  static SparkCorrelation.Result compareBoth(
      String name, CorrelationInputs in, SparkCorrelation.Job job, LabelFolding folding)
      throws Exception {
    List<TimeWindow> windows = job.windows();
    LabelIndex labels = new LabelIndex(folding, Set.of());
    VantageDrift vantages =
        in.kind() == CorrelationInputs.Kind.PAIRED ? new VantageDrift(windows, folding) : null;
    CorrelationRun.Result run =
        CorrelationRun.run(in, labels, windows, new ReadReport(false), vantages);
    List<CorrelationEstimate> es = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      es.add(CorrelationEstimate.of(run.tally().counts(k), labels, new Smoothing(1), 0.95));
    }
    Path a = dir.resolve(name).resolve("inprocess");
    DriftOutputs.write(
        a, windows, es, labels, run.stats(), 0.01, vantages == null ? null : vantages.result());

    SparkCorrelation.Result r = SparkCorrelation.run(LocalSpark.session(), job);
    Path b = dir.resolve(name).resolve("spark");
    SparkOutputs.write(LocalSpark.session(), b.toString(), r, windows, 0.01, true);

    for (String w : List.of("window1", "window2")) {
      for (String f : List.of("C.csv", "counts.csv", "intervals.csv")) {
        assertEquals(
            Files.readString(a.resolve(w).resolve(f)),
            Files.readString(b.resolve(w).resolve(f)),
            w + "/" + f);
      }
      Map<?, ?> ra = JSON.readValue(a.resolve(w).resolve("report.json").toFile(), Map.class);
      Map<?, ?> rb = JSON.readValue(b.resolve(w).resolve("report.json").toFile(), Map.class);
      @SuppressWarnings("unchecked")
      Map<String, Object> ia = (Map<String, Object>) ra.remove("inputs");
      @SuppressWarnings("unchecked")
      Map<String, Object> ib = (Map<String, Object>) rb.remove("inputs");
      assertEquals(ra, rb, w + "/report.json");
      assertEquals(
          SparkCorrelationTest.comparable(ia), SparkCorrelationTest.comparable(ib), w + " inputs");
    }
    assertEquals(
        Files.readString(a.resolve("drift.json")), Files.readString(b.resolve("drift.json")));
    return r;
  }

  @Test
  void quad9BetweenItsTwoDatesGivesTheInProcessDrift() throws Exception {
    long window = SparkPairedTest.WINDOW;
    List<TimeWindow> windows =
        List.of(
            TimeWindow.parse("2021-05-15T09:45:00Z", window),
            TimeWindow.parse("2021-05-22T09:45:00Z", window));
    Path quad9 = SparkPairedTest.quad9();
    SparkCorrelation.Job job =
        SparkPairedTest.job(
                List.of(quad9), SparkPairedTest.V4, SparkPairedTest.V6, LabelFolding.metro())
            .withWindows(windows);
    SparkCorrelation.Result r =
        compareBoth(
            "quad9",
            CorrelationInputs.paired(
                List.of(quad9), SparkPairedTest.V4, SparkPairedTest.V6, window),
            job,
            LabelFolding.metro());
    // docs/correlation/drift.md: 10,591 vantage points in both; 13.4% changed site, 5.0% metro
    assertEquals(10_591, r.vantages().vantages());
    assertEquals(0.134, r.vantages().share(), 0.0005);
    assertEquals(0.050, r.vantages().shareFolded(), 0.0005);
    Map<?, ?> drift = JSON.readValue(dir.resolve("quad9/spark/drift.json").toFile(), Map.class);
    assertEquals(49, drift.get("rowsTested"));
    assertEquals(0, drift.get("rowsFlagged"));
    // --parquet: each window's estimate as Parquet too
    for (int k = 0; k < 2; k++) {
      HeldBackTest.assertParquetIsTheCsv(
          dir.resolve("quad9/spark/window" + (k + 1)), r.estimates().get(k));
    }
  }

  /** {@link #compareBoth} over the generated beacon logs {@code logs} in two windows. */
  static SparkCorrelation.Result compareBeacons(
      String name, GeneratedLogs logs, List<TimeWindow> windows) throws Exception {
    return compareBoth(
        name,
        CorrelationInputs.beacon(
            List.of(logs.dns()), List.of(logs.http()), SparkCorrelationTest.WINDOW),
        SparkCorrelationTest.job(
                TraceFile.Kind.DNS, List.of(logs.dns()), List.of(logs.http()), List.of(), Set.of())
            .withWindows(windows),
        LabelFolding.identity());
  }

  @Test
  void beaconWindowsLeaveTheRestOutsideAsInProcess() throws Exception {
    Path gen = dir.resolve("gen");
    GeneratedLogs logs = GeneratedLogs.write(gen);
    long third = (logs.lastMillis() - logs.firstMillis()) / 3;
    List<TimeWindow> windows =
        List.of(
            new TimeWindow(logs.firstMillis(), logs.firstMillis() + third),
            new TimeWindow(logs.firstMillis() + third, logs.firstMillis() + 2 * third));
    SparkCorrelation.Result r = compareBeacons("beacons", logs, windows);
    // the last third of the logs is in neither window: a report line, the same in both engines
    long outside = (Long) r.inputs().get("outsideWindows");
    long joined = (Long) r.inputs().get("joined");
    assertTrue(outside > joined / 4 && outside < joined / 2, outside + " of " + joined);
    assertEquals(
        List.of(windows.get(0).toString(), windows.get(1).toString()),
        JSON.readValue(dir.resolve("beacons/spark/drift.json").toFile(), Map.class).get("windows"));
  }

  @Test
  void aHeldBackWindowIsAnEstimateOfEmptyRowsInBothEngines() throws Exception {
    GeneratedLogs logs = GeneratedLogs.write(dir.resolve("gen-held"));
    long hour = 3_600_000;
    // the second window's logs are not there (held back): after the end of the traces
    List<TimeWindow> windows =
        List.of(
            new TimeWindow(logs.firstMillis(), logs.lastMillis() + 1),
            new TimeWindow(logs.lastMillis() + hour, logs.lastMillis() + 2 * hour));
    SparkCorrelation.Result r = compareBeacons("held-back", logs, windows);
    Path out = dir.resolve("held-back/spark");
    Map<?, ?> second = JSON.readValue(out.resolve("window2/report.json").toFile(), Map.class);
    assertEquals(0, ((Number) second.get("samples")).intValue());
    assertEquals(second.get("nodes"), second.get("emptyRows"));
    Map<?, ?> drift = JSON.readValue(out.resolve("drift.json").toFile(), Map.class);
    assertEquals(
        List.of(r.estimates().get(0).samples(), 0L),
        ((List<?>) drift.get("windowSamples"))
            .stream().map(v -> ((Number) v).longValue()).toList());
    assertEquals(0, drift.get("rowsTested"));
  }
}
