package dev.alm.traces;

import dev.alm.io.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes one trace file in a {@link TraceFormat}: the header, then one line per record, exactly as
 * {@link CsvBytes} writes the daemons' logs. The file is written under a temporary name and moved
 * into place by {@link #commit()}, so a reader never sees half a trace; {@link #close()} without a
 * commit (an exception left the try block) removes it instead. gzip when the name ends in {@code
 * .gz}.
 *
 * <pre>
 * {@code try (TraceWriter<ProbeLogRecord> w = TraceWriter.create(file, TraceFormats.PROBE_LOG)) {
 *     for (...) w.write(record);
 *     w.commit();
 * }}</pre>
 *
 * @param <T> the record type
 */
public final class TraceWriter<T> implements RecordWriter<T> {
  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();

  private final Path file;
  private final Path tmp;
  private final TraceFormat<T> format;
  private final CSVPrinter printer;
  private long written;
  private boolean closed;

  private TraceWriter(Path file, Path tmp, TraceFormat<T> format, Writer out) throws IOException {
    this.file = file;
    this.tmp = tmp;
    this.format = format;
    this.printer = new CSVPrinter(out, FORMAT);
    printer.printRecord(format.header());
  }

  /** Starts writing {@code file}. */
  public static <T> TraceWriter<T> create(Path file, TraceFormat<T> format) throws IOException {
    Path tmp = AtomicFiles.temporarySibling(file);
    return new TraceWriter<>(file, tmp, format, TraceFiles.create(tmp));
  }

  /** Writes one record. */
  public void write(T record) throws IOException {
    printer.printRecord(format.values().apply(record));
    written++;
  }

  /** Records written so far. */
  public long written() {
    return written;
  }

  /** Removes the partial file; nothing is written to the final name. */
  public void abort() throws IOException {
    if (!closed) {
      closed = true;
      try {
        printer.close();
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /** Aborts the file unless it was committed. */
  @Override
  public void close() throws IOException {
    abort();
  }

  /** Completes the file and moves it into place. */
  public void commit() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      printer.close();
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    AtomicFiles.moveIntoPlace(tmp, file);
  }
}
