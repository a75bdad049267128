package dev.alm.controller.io;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.io.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The matrix CSV file: a header row whose first cell is empty or a label and whose other cells are
 * the node ids; then one row per node: its id and N numbers. Rows may come in any order but every
 * id appears once. Rows must sum to 1 within {@link CorrelationMatrix#ROW_SUM_TOLERANCE} unless
 * normalisation is asked for. Blank lines and lines starting with {@code #} are ignored.
 */
public final class MatrixCsv {

  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT
          .builder()
          .setIgnoreEmptyLines(true)
          .setCommentMarker('#')
          .setTrim(true)
          .build();

  private MatrixCsv() {}

  /** A matrix read from a file, and what was done to it (rows that were normalised). */
  public record Result(CorrelationMatrix matrix, List<String> notes) {
    public Result {
      notes = List.copyOf(notes);
    }
  }

  /** Reads and checks a matrix file; nothing is returned unless the whole file is valid. */
  public static Result read(Path file, boolean normalize) throws InputException {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(r, file.toString(), normalize);
    } catch (CharacterCodingException e) {
      throw new InputException(file.toString(), "", "not UTF-8 text (a CSV file is expected)");
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof CharacterCodingException) {
        throw new InputException(file.toString(), "", "not UTF-8 text (a CSV file is expected)");
      }
      throw new InputException(file.toString(), "", "cannot read: " + e.getCause().getMessage());
    } catch (IOException e) {
      String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage();
      throw new InputException(file.toString(), "", "cannot read: " + why);
    }
  }

  /** Reads and checks a matrix from {@code in}; {@code source} names it in errors. */
  public static Result read(Reader in, String source, boolean normalize)
      throws InputException, IOException {
    try (CSVParser parser = FORMAT.parse(in)) {
      List<String> ids = null;
      Map<String, double[]> rows = new HashMap<>();
      Map<String, Long> rowLine = new HashMap<>();
      for (CSVRecord rec : parser) {
        String line = "line " + lineOf(parser, rec);
        if (ids == null) {
          ids = header(rec, source, line);
          continue;
        }
        int n = ids.size();
        if (rec.size() != n + 1) {
          throw new InputException(
              source,
              line,
              "expected a node id and " + n + " numbers, got " + rec.size() + " fields");
        }
        String id = rec.get(0);
        if (!ids.contains(id)) {
          throw new InputException(
              source, line, "unknown node id '" + id + "' (not in the header)");
        }
        if (rows.containsKey(id)) {
          throw new InputException(
              source,
              line,
              "row '" + id + "' appears twice (first at line " + rowLine.get(id) + ")");
        }
        double[] row = new double[n];
        for (int j = 0; j < n; j++) {
          row[j] = number(rec.get(j + 1), source, line, ids.get(j));
        }
        rows.put(id, row);
        rowLine.put(id, lineOf(parser, rec));
      }
      if (ids == null) {
        throw new InputException(
            source, "line 1", "empty file: expected a header row with node ids");
      }
      List<String> missing = ids.stream().filter(id -> !rows.containsKey(id)).toList();
      if (!missing.isEmpty()) {
        throw new InputException(source, "", "no row for node(s) " + missing);
      }
      return finish(ids, rows, rowLine, source, normalize);
    }
  }

  private static Result finish(
      List<String> ids,
      Map<String, double[]> rows,
      Map<String, Long> rowLine,
      String source,
      boolean normalize)
      throws InputException {
    int n = ids.size();
    double[][] m = new double[n][];
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double[] row = rows.get(ids.get(i));
      double sum = 0;
      for (double v : row) {
        sum += v;
      }
      if (Math.abs(sum - 1) > CorrelationMatrix.ROW_SUM_TOLERANCE) {
        String line = "line " + rowLine.get(ids.get(i));
        if (!normalize) {
          throw new InputException(
              source,
              line,
              String.format(
                  Locale.ROOT,
                  "row '%s' sums to %.9g, not 1 (use --normalize to rescale rows)",
                  ids.get(i),
                  sum));
        }
        if (sum <= 0) {
          throw new InputException(
              source, line, "row '" + ids.get(i) + "' sums to 0 and cannot be normalised");
        }
        for (int j = 0; j < n; j++) {
          row[j] /= sum;
        }
        notes.add(
            String.format(
                Locale.ROOT,
                "%s: row '%s' summed to %.6g and was normalised",
                source + ":" + line,
                ids.get(i),
                sum));
      }
      m[i] = row;
    }
    try {
      return new Result(CorrelationMatrix.of(ids, m), notes);
    } catch (IllegalArgumentException e) {
      throw new InputException(source, "", e.getMessage());
    }
  }

  private static List<String> header(CSVRecord rec, String source, String line)
      throws InputException {
    if (rec.size() < 2) {
      throw new InputException(source, line, "header needs a first cell and at least one node id");
    }
    List<String> ids = new ArrayList<>();
    for (int j = 1; j < rec.size(); j++) {
      String id = rec.get(j);
      if (id.isEmpty()) {
        throw new InputException(source, line, "empty node id in header column " + (j + 1));
      }
      if (ids.contains(id)) {
        throw new InputException(source, line, "node id '" + id + "' appears twice in the header");
      }
      ids.add(id);
    }
    return ids;
  }

  private static double number(String text, String source, String line, String column)
      throws InputException {
    double v;
    try {
      v = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new InputException(
          source, line, "column '" + column + "': not a number: '" + text + "'");
    }
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new InputException(
          source, line, "column '" + column + "': entry must be finite, got " + text);
    }
    if (v < 0) {
      throw new InputException(
          source, line, "column '" + column + "': entry must be >= 0, got " + text);
    }
    return v;
  }

  private static long lineOf(CSVParser parser, CSVRecord rec) {
    // getCurrentLineNumber counts the line breaks read so far; a record ends on its own line.
    return Math.max(1, parser.getCurrentLineNumber());
  }

  /** Writes a matrix in the same format (header cell {@code C}). */
  public static void write(CorrelationMatrix c, Writer out) throws IOException {
    CSVPrinter p =
        new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build());
    List<Object> header = new ArrayList<>();
    header.add("C");
    header.addAll(c.ids());
    p.printRecord(header);
    for (int i = 0; i < c.size(); i++) {
      List<Object> row = new ArrayList<>();
      row.add(c.ids().get(i));
      for (int j = 0; j < c.size(); j++) {
        row.add(Double.toString(c.get(i, j)));
      }
      p.printRecord(row);
    }
    p.flush();
  }
}
