package dev.alm.dns;

import dev.alm.io.Clocks;
import dev.alm.traces.LogReopen;
import dev.alm.traces.PolledLineLog;
import dev.alm.traces.QueryLogRecord;
import io.netty.util.concurrent.FastThreadLocal;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The query log (format in docs/trace-formats.md, {@link QueryLogRecord}): one CSV line per
 * response. Each answering thread (an event loop) stores the raw fields of its responses in its own
 * bounded ring ({@link QueryLogRing}); a writer thread drains every ring each {@link
 * #PERIOD_NANOS}, encodes the lines straight to bytes and writes them in large blocks ({@link
 * PolledLineLog}). Answering never waits for the log: a full ring drops the line and counts it
 * ({@link #dropped()}).
 */
public final class QueryLog implements AutoCloseable {
  /** How often the writer drains the rings: lines reach the file within about this long. */
  static final long PERIOD_NANOS = 20_000_000L;

  private final PolledLineLog log;
  private final FastThreadLocal<QueryLogRing> ring;

  /**
   * Opens the log's file anew after logrotate renamed it ({@link PolledLineLog#reopen()}): no line
   * is lost and answering never waits. Empty for a log on a stream ({@link #to}), which has no
   * file.
   */
  public Optional<LogReopen> reopen() {
    return log.file() == null ? Optional.empty() : Optional.of(log.reopen());
  }

  /** Reopens that failed since start. */
  public long reopenFailures() {
    return log.reopenFailures();
  }

  private QueryLog(PolledLineLog log, String pop, int capacity, Clocks clocks) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
    }
    this.log = log;
    QueryLineEncoder encoder = new QueryLineEncoder(pop);
    this.ring =
        new FastThreadLocal<>() {
          @Override
          protected QueryLogRing initialValue() {
            QueryLogRing r = new QueryLogRing(capacity, encoder, clocks);
            log.add(r);
            return r;
          }
        };
  }

  /**
   * Opens the log file for appending; the header is written when the file is new or empty.
   *
   * @param capacity lines each answering thread may hold for the writer; beyond this, lines are
   *     dropped and counted
   * @param clocks the monotonic and the wall clock
   */
  public static QueryLog open(Path file, String pop, int capacity, Clocks clocks)
      throws IOException {
    PolledLineLog log =
        PolledLineLog.open(file, true, QueryLogRecord.HEADER, PERIOD_NANOS, "alm-dns-query-log");
    return of(log, pop, capacity, clocks);
  }

  /** A log to any stream (closed with the log), with or without the header line. */
  public static QueryLog to(
      OutputStream out, String pop, int capacity, boolean header, Clocks clocks)
      throws IOException {
    PolledLineLog log =
        new PolledLineLog(
            out, header ? QueryLogRecord.HEADER : null, PERIOD_NANOS, "alm-dns-query-log");
    return of(log, pop, capacity, clocks);
  }

  private static QueryLog of(PolledLineLog log, String pop, int capacity, Clocks clocks)
      throws IOException {
    try {
      return new QueryLog(log, pop, capacity, clocks);
    } catch (RuntimeException e) {
      log.close();
      throw e;
    }
  }

  /**
   * Holds one line in the calling thread's ring; never blocks.
   *
   * @param doneNanos when the response was built, on the log's monotonic clock
   * @return false if the ring was full and the line was dropped (and counted)
   */
  public boolean record(long doneNanos, InetAddress resolver, Outcome outcome) {
    return ring.get().add(doneNanos, resolver, outcome);
  }

  /** Lines dropped because a ring was full or the file failed. */
  public long dropped() {
    return log.dropped();
  }

  /** Lines written. */
  public long written() {
    return log.written();
  }

  /** Writes every line held, then closes the file. */
  @Override
  public void close() throws IOException {
    log.close();
  }
}
