package dev.alm.traces.synthetic;

import dev.alm.traces.PartFiles;
import dev.alm.traces.PartitionedWriter;
import dev.alm.traces.RecordWriter;
import dev.alm.traces.TraceFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.ToLongFunction;

/**
 * How generated traces are laid out: one file per trace ({@code DIR/dns.csv}), or one directory per
 * trace partitioned by hour ({@code DIR/dns/dt=YYYY-MM-DD/hour=HH/part-NNNNN.csv.gz}, at most
 * {@code chunkLines} lines a part), in a file format ({@link PartFiles}).
 *
 * @param partitioned whether traces are partitioned directories
 * @param chunkLines the most lines of one part file (partitioned), &gt; 0
 * @param parts the file format
 */
public record TraceLayout(boolean partitioned, long chunkLines, PartFiles parts) {

  /** The default number of lines per part file: 5 million. */
  public static final long DEFAULT_CHUNK_LINES = 5_000_000;

  public TraceLayout {
    if (chunkLines <= 0) {
      throw new IllegalArgumentException("--chunk-lines must be > 0, got " + chunkLines);
    }
  }

  /** One CSV file per trace, gzip if {@code gzip}. */
  public static TraceLayout files(boolean gzip) {
    return new TraceLayout(false, DEFAULT_CHUNK_LINES, PartFiles.csv(gzip));
  }

  /** Where trace {@code name} goes in {@code dir}: a file or a partitioned directory. */
  public Path path(Path dir, String name) {
    return partitioned ? dir.resolve(name) : dir.resolve(name + parts.extension());
  }

  /** Starts writing trace {@code name} into {@code dir}. */
  public <T> RecordWriter<T> open(
      Path dir, String name, TraceFormat<T> format, ToLongFunction<T> time) throws IOException {
    Path p = path(dir, name);
    return partitioned
        ? new PartitionedWriter<>(p, format, time, chunkLines, parts)
        : parts.open(p, format, time);
  }
}
