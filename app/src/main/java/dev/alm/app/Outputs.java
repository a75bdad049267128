package dev.alm.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.alm.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * Writes a command's output files. Every file is written to a temporary name and moved into place
 * when complete, so a reader never sees a half-written file, even if the command is interrupted.
 */
public final class Outputs {

  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Outputs() {}

  /**
   * Creates the output directory (and parents). An empty path (which would write into the current
   * directory) and an existing file are refused.
   */
  public static Path directory(Path dir) {
    if (dir == null || dir.toString().isBlank()) {
      throw new UserError("--out: must name a directory, got an empty path");
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UserError("--out " + dir + ": exists and is not a directory");
    }
    try {
      Files.createDirectories(dir);
      return dir;
    } catch (AccessDeniedException e) {
      throw new UserError("--out " + dir + ": permission denied");
    } catch (FileAlreadyExistsException e) {
      throw new UserError("--out " + dir + ": " + e.getFile() + " exists and is not a directory");
    } catch (IOException e) {
      throw new UserError("--out " + dir + ": cannot create the directory (" + e + ")");
    }
  }

  /** Prints a CSV file's records after its header. */
  public interface CsvRows {
    void print(CSVPrinter p) throws IOException;
  }

  /** Writes a CSV file atomically: the header, then the records, with \n line ends. */
  public static void csv(Path file, List<String> header, CsvRows rows) throws IOException {
    write(
        file,
        w -> {
          CSVPrinter p =
              new CSVPrinter(w, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build());
          p.printRecord(header);
          rows.print(p);
          p.flush();
        });
  }

  /** A body that writes a file's content. */
  public interface Body extends AtomicFiles.Body {}

  /** Writes {@code file} atomically. */
  public static void write(Path file, Body body) throws IOException {
    AtomicFiles.write(file, body);
  }

  /** Writes charts side by side to a PNG file atomically. */
  public static void png(Path png, List<XYChart> charts) throws IOException {
    AtomicFiles.writeAt(
        png,
        tmp ->
            BitmapEncoder.saveBitmap(
                charts, 1, charts.size(), tmp.toString(), BitmapEncoder.BitmapFormat.PNG));
  }

  /** Writes a JSON value atomically. */
  public static void json(Path file, Object value) throws IOException {
    write(file, w -> JSON.writeValue(w, value));
  }

  /** {id: value} in node order; non-finite values become null. */
  /** A matrix as rows keyed by id, each row a map from column id to value. */
  public static Map<String, Object> byIdRows(List<String> ids, double[][] rows) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      m.put(ids.get(i), byId(ids, rows[i]));
    }
    return m;
  }

  public static Map<String, Object> byId(List<String> ids, double[] values) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      m.put(ids.get(i), finiteOrNull(values[i]));
    }
    return m;
  }

  /** The value, or null when it is NaN or infinite (JSON has no infinity). */
  public static Object finiteOrNull(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
