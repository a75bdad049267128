package dev.alm.traces;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * Writes a trace in time order as a data lake holds it: {@code
 * ROOT/dt=YYYY-MM-DD/hour=HH/part-NNNNN.ext} (UTC), a new part when the hour changes or the part
 * holds {@code chunkLines} records. Each part is written under a temporary name and moved into
 * place when it is full, so memory does not grow with the trace and a reader never sees half a
 * part; a failure leaves the parts already completed.
 *
 * @param <T> the record type
 */
public final class PartitionedWriter<T> implements RecordWriter<T> {
  private final Path root;
  private final TraceFormat<T> format;
  private final ToLongFunction<T> time;
  private final long chunkLines;
  private final PartFiles parts;
  private RecordWriter<T> current;
  private long hour = Long.MIN_VALUE;
  private int part;
  private long inPart;
  private long written;
  private long files;

  /**
   * @param time a record's time, epoch milliseconds; records come in time order
   * @param chunkLines the most records in one part, &gt; 0
   */
  public PartitionedWriter(
      Path root, TraceFormat<T> format, ToLongFunction<T> time, long chunkLines, PartFiles parts)
      throws IOException {
    if (chunkLines <= 0) {
      throw new IllegalArgumentException("the lines per part must be > 0, got " + chunkLines);
    }
    this.root = root;
    this.format = format;
    this.time = time;
    this.chunkLines = chunkLines;
    this.parts = parts;
    Files.createDirectories(root);
  }

  /** The directory of the hour of {@code epochMillis}, relative to the root. */
  public static String partition(long epochMillis) {
    ZonedDateTime t = Instant.ofEpochMilli(epochMillis).atZone(ZoneOffset.UTC);
    return String.format(
        Locale.ROOT,
        "dt=%04d-%02d-%02d/hour=%02d",
        t.getYear(),
        t.getMonthValue(),
        t.getDayOfMonth(),
        t.getHour());
  }

  @Override
  public void write(T record) throws IOException {
    long t = time.applyAsLong(record);
    long h = Math.floorDiv(t, 3_600_000L);
    if (current == null || h != hour || inPart >= chunkLines) {
      if (h != hour) {
        part = 0;
      }
      hour = h;
      next(t);
    }
    current.write(record);
    inPart++;
    written++;
  }

  private void next(long t) throws IOException {
    if (current != null) {
      current.commit();
      current = null;
    }
    Path f =
        root.resolve(partition(t))
            .resolve(String.format(Locale.ROOT, "part-%05d%s", part++, parts.extension()));
    Files.createDirectories(f.getParent());
    current = parts.open(f, format, time);
    inPart = 0;
    files++;
  }

  @Override
  public long written() {
    return written;
  }

  /** Part files started so far. */
  public long files() {
    return files;
  }

  @Override
  public void commit() throws IOException {
    if (current != null) {
      current.commit();
      current = null;
    }
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}
