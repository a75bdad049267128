package dev.alm.app;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.EstimateFiles;
import dev.alm.correlation.LabelIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The files of an {@code alm correlate} output directory (docs/correlation/estimate.md), each
 * written atomically; a comparison's are written by {@link dev.alm.correlation.DriftOutputs}.
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
}
