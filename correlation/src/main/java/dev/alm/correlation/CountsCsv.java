package dev.alm.correlation;

import dev.alm.io.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code counts.csv} of an {@code alm correlate} output: the measured sample counts n_ij in the
 * layout of the matrix CSV (header cell {@code n}, node ids in the header and first column, rows in
 * header order), so two outputs can be compared for drift without the traces.
 */
public final class CountsCsv {
  private static final CSVFormat OUT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();

  private CountsCsv() {}

  /** Node ids and counts read from a file. */
  public record Table(List<String> ids, long[][] counts) {
    public Table {
      ids = List.copyOf(ids);
    }

    /** The samples of every row. */
    public long samples() {
      long s = 0;
      for (long[] row : counts) {
        for (long v : row) {
          s += v;
        }
      }
      return s;
    }
  }

  /** Writes the counts of an estimate. */
  public static void write(CorrelationEstimate e, Writer out) throws IOException {
    CSVPrinter p = new CSVPrinter(out, OUT);
    List<String> header = new ArrayList<>();
    header.add("n");
    header.addAll(e.ids());
    p.printRecord(header);
    for (int i = 0; i < e.size(); i++) {
      List<String> row = new ArrayList<>();
      row.add(e.ids().get(i));
      for (int j = 0; j < e.size(); j++) {
        row.add(Long.toString(e.count(i, j)));
      }
      p.printRecord(row);
    }
    p.flush();
  }

  /** Reads a counts file; the whole file must be valid. */
  public static Table read(Path file) throws InputException {
    String source = file.toString();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        CSVParser p = CSVFormat.DEFAULT.parse(r)) {
      List<String> ids = null;
      List<long[]> rows = new ArrayList<>();
      for (CSVRecord rec : p) {
        String where = "line " + Math.max(1, p.getCurrentLineNumber());
        if (ids == null) {
          if (rec.size() < 2) {
            throw new InputException(source, where, "expected a header with node ids");
          }
          ids = new ArrayList<>();
          for (int j = 1; j < rec.size(); j++) {
            ids.add(rec.get(j));
          }
          continue;
        }
        int n = ids.size();
        if (rec.size() != n + 1) {
          throw new InputException(
              source, where, "expected " + (n + 1) + " fields, got " + rec.size());
        }
        if (!rec.get(0).equals(ids.get(rows.size()))) {
          throw new InputException(
              source,
              where,
              "expected the row of '" + ids.get(rows.size()) + "', got '" + rec.get(0) + "'");
        }
        long[] row = new long[n];
        for (int j = 0; j < n; j++) {
          try {
            row[j] = Long.parseLong(rec.get(j + 1));
          } catch (NumberFormatException e) {
            throw new InputException(source, where, "not a count: '" + rec.get(j + 1) + "'");
          }
          if (row[j] < 0) {
            throw new InputException(source, where, "negative count " + row[j]);
          }
        }
        rows.add(row);
        if (rows.size() > n) {
          throw new InputException(source, where, "more rows than node ids");
        }
      }
      if (ids == null || rows.size() != ids.size()) {
        throw new InputException(source, "", "expected a header and one row per node id");
      }
      return new Table(ids, rows.toArray(new long[0][]));
    } catch (IOException | UncheckedIOException e) {
      String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage();
      throw new InputException(source, "", "cannot read: " + why);
    }
  }
}
