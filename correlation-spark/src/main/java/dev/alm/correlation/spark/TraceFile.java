package dev.alm.correlation.spark;

import java.io.Serializable;

/**
 * One input file of a Spark run: its place in the order {@code alm correlate} reads files (DNS logs
 * first, then HTTP logs, each in the order given and directories' files sorted by path), its path
 * on any Hadoop file system, and what it holds.
 *
 * @param index the file's place in that order; ties between equal timestamps go to the lower one
 * @param path a Hadoop path ({@code /data/dns.csv.gz}, {@code
 *     hdfs://nn/logs/dt=.../part-0.parquet})
 * @param source the name used in reports: the path as given, or as listed for a directory's files
 * @param kind which log it is
 */
public record TraceFile(int index, String path, String source, Kind kind) implements Serializable {

  /** What a file holds. */
  public enum Kind {
    DNS,
    HTTP,
    PROBES,
    PAIRED
  }

  /** Whether the file is Parquet (by its name); otherwise it is CSV, plain or gzip. */
  public boolean parquet() {
    return path.endsWith(".parquet") || path.endsWith(".parq");
  }
}
