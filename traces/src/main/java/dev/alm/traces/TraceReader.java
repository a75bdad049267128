package dev.alm.traces;

import dev.alm.io.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Streams the records of one trace file, in file order, in constant memory. A bad line (wrong
 * column count, unparseable field, broken quoting) is reported to the {@link ReadReport} with its
 * line number and skipped; a truncated or corrupt gzip stream ends the file after the last whole
 * line, reported the same way. An empty file is reported and yields no records. In strict mode the
 * first such problem throws. A header that is not the format's header means the file is of another
 * kind: that always throws.
 *
 * @param <T> the record type
 */
public final class TraceReader<T> implements AutoCloseable {
  private final String source;
  private final TraceFormat<T> format;
  private final ReadReport report;
  private final BufferedReader in;
  private final String[] fields;
  private long line;
  private long records;
  private boolean done;

  private TraceReader(String source, TraceFormat<T> format, ReadReport report, BufferedReader in) {
    this.source = source;
    this.format = format;
    this.report = report;
    this.in = in;
    this.fields = new String[format.header().size()];
  }

  /**
   * Opens a trace file and checks its header.
   *
   * @throws InputException if the file cannot be opened, its header is not the format's, or
   *     (strict) it is empty
   */
  public static <T> TraceReader<T> open(Path file, TraceFormat<T> format, ReadReport report)
      throws InputException {
    String source = file.toString();
    BufferedReader in;
    try {
      in = TraceFiles.open(file);
    } catch (IOException e) {
      throw new InputException(
          source,
          "",
          "cannot read: " + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()));
    }
    return start(source, format, report, in);
  }

  /**
   * Opens a trace read from a stream (a file of another file system, named {@code source} in
   * reports) and checks its header, as {@link #open(Path, TraceFormat, ReadReport)} does.
   *
   * @throws InputException if the stream cannot be read, its header is not the format's, or
   *     (strict) it is empty
   */
  public static <T> TraceReader<T> open(
      String source, InputStream stream, TraceFormat<T> format, ReadReport report)
      throws InputException {
    BufferedReader in;
    try {
      in = TraceFiles.open(stream);
    } catch (IOException e) {
      throw new InputException(source, "", "cannot read: " + e.getMessage());
    }
    return start(source, format, report, in);
  }

  private static <T> TraceReader<T> start(
      String source, TraceFormat<T> format, ReadReport report, BufferedReader in)
      throws InputException {
    report.opened(source, format.name());
    TraceReader<T> r = new TraceReader<>(source, format, report, in);
    try {
      r.header();
    } catch (InputException | RuntimeException e) {
      r.close();
      throw e;
    }
    return r;
  }

  private void header() throws InputException {
    String first = readLine();
    if (first == null) {
      if (line == 0) {
        report.bad(
            source, 1, "empty file: expected the header " + String.join(",", format.header()));
      }
      done = true;
      return;
    }
    if (!first.isEmpty() && first.charAt(0) == '\uFEFF') {
      first = first.substring(1);
    }
    int n = CsvFields.split(first.toLowerCase(Locale.ROOT), fields);
    boolean ok = n == fields.length;
    for (int k = 0; ok && k < n; k++) {
      ok = fields[k].trim().equals(format.header().get(k));
    }
    if (!ok) {
      throw new InputException(
          source,
          "line 1",
          "not a "
              + format.name()
              + ": expected the header "
              + String.join(",", format.header())
              + ", got "
              + abbreviate(first));
    }
  }

  /** The file this reader reads. */
  public String source() {
    return source;
  }

  /** The line number of the record last returned (the header is line 1). */
  public long line() {
    return line;
  }

  /**
   * The next good record, or {@code null} at the end of the file.
   *
   * @throws InputException in strict mode, at the first bad line
   */
  public T next() throws InputException {
    while (!done) {
      String text = readLine();
      if (text == null) {
        done = true;
        report.counted(source, line, records);
        return null;
      }
      int n = CsvFields.split(text, fields);
      String reason;
      if (n == fields.length) {
        try {
          T rec = format.parser().parse(fields);
          records++;
          return rec;
        } catch (IllegalArgumentException e) {
          reason = e.getMessage();
        }
      } else if (n < 0) {
        reason = "broken CSV quoting";
      } else if (text.isBlank()) {
        reason = "blank line";
      } else {
        reason =
            "expected "
                + fields.length
                + " fields ("
                + String.join(",", format.header())
                + "), got "
                + n;
      }
      report.bad(source, line, reason);
    }
    return null;
  }

  /** One line, or null at the end; a stream that breaks off is reported and treated as the end. */
  private String readLine() throws InputException {
    try {
      String s = in.readLine();
      if (s != null) {
        line++;
      }
      return s;
    } catch (IOException e) {
      done = true;
      report.counted(source, line, records);
      report.truncated(source, line);
      report.bad(
          source,
          line + 1,
          "truncated or corrupt input after line "
              + line
              + " ("
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
              + "); the lines before it are used");
      return null;
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? "'" + s.substring(0, 80) + "...'" : "'" + s + "'";
  }

  @Override
  public void close() {
    if (!done) {
      report.counted(source, line, records);
    }
    try {
      in.close();
    } catch (IOException e) {
      // nothing was written; a failed close of a reader loses nothing
    }
  }
}
