package dev.alm.traces;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.ToLongFunction;

/**
 * Opens the files of a trace in one file format: CSV (plain or gzip) here; Parquet from module
 * correlation-spark, which carries the Parquet libraries that alm.jar does not.
 */
public interface PartFiles {
  /** The file name's ending, with its dot: {@code .csv}, {@code .csv.gz}, {@code .parquet}. */
  String extension();

  /**
   * Starts writing {@code file}.
   *
   * @param time a record's time, epoch milliseconds
   */
  <T> RecordWriter<T> open(Path file, TraceFormat<T> format, ToLongFunction<T> time)
      throws IOException;

  /** CSV, gzip-compressed if {@code gzip} (docs/trace-formats.md). */
  static PartFiles csv(boolean gzip) {
    return new PartFiles() {
      @Override
      public String extension() {
        return gzip ? ".csv.gz" : ".csv";
      }

      @Override
      public <T> RecordWriter<T> open(Path file, TraceFormat<T> format, ToLongFunction<T> time)
          throws IOException {
        return TraceWriter.create(file, format);
      }
    };
  }
}
