package dev.alm.correlation.spark;

import dev.alm.io.InputException;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFormat;
import dev.alm.traces.TraceReader;
import java.io.IOException;
import java.io.Serializable;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.util.CollectionAccumulator;

/**
 * Reads one trace file in an executor, in file order and in constant memory, and turns its records
 * into what the job needs (beacon halves, probe samples). CSV (plain or gzip) goes through the
 * traces module's {@link TraceReader}, so bad lines, their reasons and a broken gzip stream are
 * handled exactly as in process; Parquet through {@link ParquetTrace}. When the file ends, its
 * {@link FileResult} goes to the driver through an accumulator (deduplicated there by file, so a
 * re-run task counts once). A file that cannot be read at all (wrong header or columns, unreadable)
 * yields nothing and is named in its result; it does not fail the job.
 *
 * @param <T> the record type
 * @param <O> what each record becomes
 */
final class FileScan<T, O> implements Iterator<O> {

  /** The records of one file. */
  interface Records<T> extends AutoCloseable {
    /** The next good record, or null at the end; bad lines go to the file's report. */
    T next() throws InputException, IOException;

    /** The line of the record last returned. */
    long line();

    /** Lines read, a header included (valid at the end). */
    long lines();

    /** Good records (valid at the end). */
    long records();

    @Override
    void close() throws IOException;
  }

  /** What a record becomes; {@code null} passes it over. Holds the state of one file's scan. */
  interface Step<T, O> extends Serializable {
    O apply(T record, int file, long line);
  }

  private final TraceFile file;
  private final String formatName;
  private final ReadReport report;
  private final Records<T> in;
  private final Step<T, O> step;
  private final CollectionAccumulator<FileResult> results;
  private O next;
  private long produced;
  private boolean done;

  private FileScan(
      TraceFile file,
      String formatName,
      ReadReport report,
      Records<T> in,
      Step<T, O> step,
      CollectionAccumulator<FileResult> results) {
    this.file = file;
    this.formatName = formatName;
    this.report = report;
    this.in = in;
    this.step = step;
    this.results = results;
  }

  /** Opens {@code file} and scans it lazily; a file that cannot be opened yields nothing. */
  static <T, O> Iterator<O> scan(
      TraceFile file,
      TraceFormat<T> format,
      Map<String, String> hadoopConf,
      Step<T, O> step,
      CollectionAccumulator<FileResult> results) {
    Configuration conf = new Configuration(false);
    hadoopConf.forEach(conf::set);
    Path path = new Path(file.path());
    ReadReport report = new ReadReport(false);
    Records<T> in;
    try {
      if (file.parquet()) {
        in = new ParquetTrace<>(file.source(), path, conf, format, report);
      } else {
        in =
            csv(
                TraceReader.open(
                    file.source(), path.getFileSystem(conf).open(path), format, report),
                report);
      }
    } catch (InputException e) {
      results.add(failed(file, format.name(), e.getMessage()));
      return Collections.emptyIterator();
    } catch (IOException | RuntimeException e) {
      results.add(failed(file, format.name(), file.source() + ": cannot read: " + e));
      return Collections.emptyIterator();
    }
    return new FileScan<>(file, format.name(), report, in, step, results);
  }

  private static FileResult failed(TraceFile file, String format, String why) {
    return new FileResult(file, format, 0, 0, 0, List.of(), -1, Map.of(), 0, why);
  }

  private static <T> Records<T> csv(TraceReader<T> r, ReadReport report) {
    return new Records<>() {
      @Override
      public T next() throws InputException {
        return r.next();
      }

      @Override
      public long line() {
        return r.line();
      }

      @Override
      public long lines() {
        return report.lines();
      }

      @Override
      public long records() {
        return report.records();
      }

      @Override
      public void close() {
        r.close();
      }
    };
  }

  @Override
  public boolean hasNext() {
    while (next == null && !done) {
      T rec;
      try {
        rec = in.next();
      } catch (InputException e) {
        finish(e.getMessage());
        return false;
      } catch (IOException | RuntimeException e) {
        finish(file.source() + ":line " + (in.line() + 1) + ": cannot read: " + e);
        return false;
      }
      if (rec == null) {
        finish(null);
        return false;
      }
      next = step.apply(rec, file.index(), in.line());
      if (next != null) {
        produced++;
      }
    }
    return next != null;
  }

  @Override
  public O next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    O o = next;
    next = null;
    return o;
  }

  private void finish(String error) {
    done = true;
    try {
      in.close();
    } catch (IOException e) {
      // a failed close of a reader loses nothing
    }
    ReadReport r = report;
    String truncated = r.truncatedFiles().isEmpty() ? null : r.truncatedFiles().get(0);
    long after = -1;
    if (truncated != null) {
      after = Long.parseLong(truncated.substring(truncated.lastIndexOf(' ') + 1));
    }
    results.add(
        new FileResult(
            file,
            formatName,
            in.lines(),
            in.records(),
            r.skipped(),
            r.examples(),
            after,
            r.skippedByReason(),
            produced,
            error));
  }
}
