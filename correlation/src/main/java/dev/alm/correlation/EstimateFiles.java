package dev.alm.correlation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.alm.controller.io.MatrixCsv;
import dev.alm.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The files of an estimate's output directory (docs/correlation/estimate.md): {@code C.csv}, {@code
 * counts.csv}, {@code intervals.csv} and {@code report.json}, each written atomically. One writer
 * for every engine ({@code alm correlate} in process and on Spark), so their outputs have one
 * layout.
 */
public final class EstimateFiles {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();

  private EstimateFiles() {}

  /**
   * Writes the four files into {@code dir} (created if missing); returns the report.
   *
   * @param inputs what reading and joining did, for the report's {@code inputs}
   */
  public static Map<String, Object> write(
      Path dir, CorrelationEstimate e, LabelIndex labels, Map<String, Object> inputs)
      throws IOException {
    Files.createDirectories(dir);
    Map<String, Object> report = EstimateReport.build(e, labels, inputs);
    AtomicFiles.write(dir.resolve("C.csv"), w -> MatrixCsv.write(e.matrix(), w));
    AtomicFiles.write(dir.resolve("counts.csv"), w -> CountsCsv.write(e, w));
    AtomicFiles.write(
        dir.resolve("intervals.csv"),
        w -> {
          CSVPrinter p = new CSVPrinter(w, CSV);
          p.printRecord(
              "row", "column", "count", "row_samples", "frequency", "estimate", "lower", "upper");
          for (int i = 0; i < e.size(); i++) {
            for (int j = 0; j < e.size(); j++) {
              double f = e.frequency(i, j);
              p.printRecord(
                  e.ids().get(i),
                  e.ids().get(j),
                  e.count(i, j),
                  e.samples(i),
                  Double.isNaN(f) ? "" : f,
                  e.matrix().get(i, j),
                  e.lower(i, j),
                  e.upper(i, j));
            }
          }
          p.flush();
        });
    AtomicFiles.write(dir.resolve("report.json"), w -> JSON.writeValue(w, report));
    return report;
  }
}
