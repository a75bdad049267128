package dev.alm.app;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.Drift;
import dev.alm.correlation.EstimateFiles;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.VantageDrift;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of an {@code alm correlate} output directory (docs/correlation.md), each written
 * atomically.
 */
final class CorrelateOutputs {

  private CorrelateOutputs() {}

  /**
   * Writes C.csv, counts.csv, intervals.csv and report.json into {@code dir}; returns the report.
   */
  static Map<String, Object> estimate(
      Path dir, CorrelationEstimate e, LabelIndex labels, Map<String, Object> inputs)
      throws IOException {
    Outputs.directory(dir);
    return EstimateFiles.write(dir, e, labels, inputs);
  }

  /** Writes drift.json; returns its content. */
  static Map<String, Object> drift(
      Path file, Drift.Result d, List<String> windows, VantageDrift.Result vantages)
      throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("windows", windows);
    m.put("alpha", d.alpha());
    m.put("test", "chi-square homogeneity per row, Bonferroni over the rows tested");
    m.put("rowsTested", d.tested());
    m.put("rowsFlagged", d.flagged());
    m.put("meanTv", Outputs.finiteOrNull(d.meanTv()));
    if (vantages != null) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("vantagesInBoth", vantages.vantages());
      v.put("changedSite", vantages.changed());
      v.put("changedSiteShare", Outputs.finiteOrNull(vantages.share()));
      v.put("changedAfterFolding", vantages.changedFolded());
      v.put("changedAfterFoldingShare", Outputs.finiteOrNull(vantages.shareFolded()));
      m.put("dnsSideVantageChanges", v);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Drift.Row r : d.rows()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", r.id());
      row.put("before", r.before());
      row.put("after", r.after());
      row.put("tv", Outputs.finiteOrNull(r.tv()));
      row.put("pValue", Outputs.finiteOrNull(r.pValue()));
      row.put("flagged", r.flagged());
      rows.add(row);
    }
    m.put("rows", rows);
    Outputs.json(file, m);
    return m;
  }
}
