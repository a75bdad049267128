package dev.alm.traces;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Splits one CSV line into fields. Lines without a double quote, which is nearly every log line,
 * are split on commas by hand; a line with a quote goes through commons-csv, so quoted fields (as
 * {@link CsvBytes} writes them for values holding commas or quotes) read back exactly.
 *
 * <p>Why by hand: the beacon-join estimator must read at least 2 million lines per second per core
 * (docs/benchmarks.md). On the development machine commons-csv's {@code CSVParser} read and split
 * the generated 1-million-line DNS and HTTP log pair of {@code alm bench-correlate} (with the
 * timestamp parse) at 0.9 to 1.4 million lines per CPU second, before any joining; {@code
 * BufferedReader.readLine} and this splitter did 3.7 to 4.8 million.
 */
public final class CsvFields {
  private static final CSVFormat FORMAT = CSVFormat.DEFAULT;

  private CsvFields() {}

  /**
   * Splits {@code line} into {@code out}.
   *
   * @return the number of fields on the line (which may exceed {@code out.length}; fields beyond it
   *     are not stored), or -1 if the line's quoting is broken
   */
  public static int split(String line, String[] out) {
    if (line.indexOf('"') >= 0) {
      return quoted(line, out);
    }
    int count = 0;
    int start = 0;
    while (true) {
      int comma = line.indexOf(',', start);
      int end = comma < 0 ? line.length() : comma;
      if (count < out.length) {
        out[count] = line.substring(start, end);
      }
      count++;
      if (comma < 0) {
        return count;
      }
      start = comma + 1;
    }
  }

  private static int quoted(String line, String[] out) {
    try (CSVParser p = CSVParser.parse(line, FORMAT)) {
      List<CSVRecord> records = p.getRecords();
      if (records.size() != 1) {
        return -1;
      }
      CSVRecord r = records.get(0);
      for (int k = 0; k < r.size() && k < out.length; k++) {
        out[k] = r.get(k);
      }
      return r.size();
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      return -1;
    }
  }
}
