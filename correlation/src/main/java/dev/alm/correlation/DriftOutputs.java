package dev.alm.correlation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.alm.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The output of {@code alm correlate --compare} (docs/correlation/drift.md, "Drift between time
 * windows"): the estimate of each window in {@code DIR/window1/} and {@code DIR/window2/}, and
 * {@code DIR/drift.json} with the drift of every row ({@link Drift}) and, for paired observations,
 * the vantage points' own changes ({@link VantageDrift}); with the lines the command prints. One
 * writer for every engine ({@code alm correlate} in process and on Spark), so their comparisons
 * have one layout.
 */
public final class DriftOutputs {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DriftOutputs() {}

  /**
   * Writes the estimates of two windows and their drift into {@code out}; returns the lines to
   * print (a summary of each window, then of the drift).
   *
   * @param estimates the estimates of the two windows, in the order of {@code windows}
   * @param inputs what reading did, for each window's report {@code inputs}
   * @param vantages the vantage points' changes (paired observations), or {@code null}
   * @throws IllegalArgumentException if {@code alpha} is not in (0, 1)
   */
  public static List<String> write(
      Path out,
      List<TimeWindow> windows,
      List<CorrelationEstimate> estimates,
      LabelIndex labels,
      Map<String, Object> inputs,
      double alpha,
      VantageDrift.Result vantages)
      throws IOException {
    if (windows.size() != 2 || estimates.size() != 2) {
      throw new IllegalArgumentException("a comparison needs two windows");
    }
    CorrelationEstimate a = estimates.get(0);
    CorrelationEstimate b = estimates.get(1);
    Drift.Result drift =
        Drift.compare(a.ids(), a.counts(), b.ids(), b.counts(), alpha, EstimateReport.FEW_SAMPLES);
    List<String> lines = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      Path dir = out.resolve("window" + (k + 1));
      Map<String, Object> r = EstimateFiles.write(dir, estimates.get(k), labels, inputs);
      lines.add(EstimateReport.summaryLine(dir, r));
      if (estimates.get(k).samples() == 0) {
        lines.add(
            "window "
                + windows.get(k)
                + ": no samples (its logs held back, or outside the traces): every row empty, "
                + "none tested for drift");
      }
    }
    driftJson(
        out.resolve("drift.json"),
        drift,
        windows.stream().map(TimeWindow::toString).toList(),
        List.of(a.samples(), b.samples()),
        vantages);
    lines.addAll(summaryLines(drift, vantages));
    return lines;
  }

  /**
   * Writes {@code drift.json} atomically; returns its content.
   *
   * @param samples the samples of each window
   */
  public static Map<String, Object> driftJson(
      Path file,
      Drift.Result d,
      List<String> windows,
      List<Long> samples,
      VantageDrift.Result vantages)
      throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("windows", windows);
    m.put("windowSamples", samples);
    m.put("alpha", d.alpha());
    m.put("test", "chi-square homogeneity per row, Bonferroni over the rows tested");
    m.put("rowsTested", d.tested());
    m.put("rowsFlagged", d.flagged());
    m.put("meanTv", finiteOrNull(d.meanTv()));
    if (vantages != null) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("vantagesInBoth", vantages.vantages());
      v.put("changedSite", vantages.changed());
      v.put("changedSiteShare", finiteOrNull(vantages.share()));
      v.put("changedAfterFolding", vantages.changedFolded());
      v.put("changedAfterFoldingShare", finiteOrNull(vantages.shareFolded()));
      m.put("dnsSideVantageChanges", v);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Drift.Row r : d.rows()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", r.id());
      row.put("before", r.before());
      row.put("after", r.after());
      row.put("tv", finiteOrNull(r.tv()));
      row.put("pValue", finiteOrNull(r.pValue()));
      row.put("flagged", r.flagged());
      rows.add(row);
    }
    m.put("rows", rows);
    AtomicFiles.write(file, w -> JSON.writeValue(w, m));
    return m;
  }

  /**
   * The drift's summary: rows tested and flagged, each flagged row, the vantage points' changes.
   */
  public static List<String> summaryLines(Drift.Result d, VantageDrift.Result v) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "drift: %d rows tested, %d changed beyond sampling noise (alpha %.3g), mean TV %.3f",
            d.tested(),
            d.flagged(),
            d.alpha(),
            d.meanTv()));
    for (Drift.Row r : d.rows()) {
      if (r.flagged()) {
        lines.add(
            String.format(
                Locale.ROOT,
                "  %-12s TV %.3f  p %.2g  samples %d -> %d",
                r.id(),
                r.tv(),
                r.pValue(),
                r.before(),
                r.after()));
      }
    }
    if (v != null) {
      lines.add(
          String.format(
              Locale.ROOT,
              "vantage points on the DNS service in both windows: %d; %.1f%% changed site, "
                  + "%.1f%% after folding",
              v.vantages(),
              100 * v.share(),
              100 * v.shareFolded()));
    }
    return lines;
  }

  private static Object finiteOrNull(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
