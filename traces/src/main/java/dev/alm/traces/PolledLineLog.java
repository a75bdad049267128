package dev.alm.traces;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A CSV log whose writer thread collects lines from its {@link Source}s on a timer, for loggers
 * that must cost their callers next to nothing (the proxy's access log, the DNS query log). The
 * callers never hand over anything and never wake the writer: each keeps its own source (for
 * instance a single-producer ring of raw fields per event loop), and every {@code periodNanos} the
 * writer drains all sources, encoding lines straight to bytes ({@link CsvBytes}), and writes them
 * with one call per pass (or per 256 KiB). Lines reach the file within about one period.
 *
 * <p>A pass that finds no line doubles the writer's sleep, up to {@link #IDLE_PERIODS} periods; the
 * first line found brings it back to one period. Each wake-up of a sleeping thread costs tens of
 * microseconds of CPU on a virtual machine (64-86 us on the development VM:
 * bench/LogWriterCost.java), so an idle log should not wake fifty times a second; after an idle
 * spell the first lines reach the file within {@code IDLE_PERIODS} periods.
 *
 * <p>Drops are never silent: a source counts what it could not hold, and after a write error the
 * writer counts every line it formatted but could not write, and every line it drains afterwards,
 * in {@link #dropped()}.
 *
 * <p>This is the one log writer of the daemons: the access and query logs drain a ring per event
 * loop, the probe log a {@link LineQueue} that any thread offers records to.
 */
public final class PolledLineLog implements AutoCloseable {
  private static final int WRITE_CHUNK = 256 * 1024;

  /** The longest sleep of an idle writer, in periods. */
  public static final int IDLE_PERIODS = 16;

  /** Where lines come from: drained by the writer thread only. */
  public interface Source {
    /** Appends every line waiting (newlines included) and returns how many. */
    int drainTo(CsvBytes out);

    /** Lines this source had to drop (it was full), counted by whoever produces into it. */
    long dropped();
  }

  private final OutputStream out;
  private final long periodNanos;
  private final List<Source> sources = new CopyOnWriteArrayList<>();
  private final CsvBytes lines = new CsvBytes(2 * WRITE_CHUNK);
  private final Thread writer;
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private volatile boolean closing;
  private volatile IOException failure;

  /**
   * Writes the header row and starts the writer thread.
   *
   * @param out where lines go (unbuffered is best: the log writes large blocks); closed by {@link
   *     #close()}
   * @param header the CSV header, or {@code null} to write none
   * @param periodNanos how often the writer drains its sources
   * @param name the writer thread's name
   */
  public PolledLineLog(OutputStream out, List<String> header, long periodNanos, String name)
      throws IOException {
    if (periodNanos <= 0) {
      throw new IllegalArgumentException("periodNanos must be > 0, got " + periodNanos);
    }
    this.out = out;
    this.periodNanos = periodNanos;
    if (header != null) {
      lines.line(header).writeTo(out);
    }
    this.writer = new Thread(this::run, name);
    writer.setDaemon(true);
    writer.start();
  }

  /**
   * A log writing to {@code file} ({@link #fileStream}), the header first unless appending.
   *
   * @param append add to the file (else it is truncated)
   */
  public static PolledLineLog open(
      Path file, boolean append, List<String> header, long periodNanos, String name)
      throws IOException {
    return new PolledLineLog(fileStream(file, append), append ? null : header, periodNanos, name);
  }

  /**
   * Opens a log file for writing bytes (no buffering of its own: the log hands it large blocks).
   */
  public static OutputStream fileStream(Path file, boolean append) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    return Files.newOutputStream(
        file,
        StandardOpenOption.CREATE,
        StandardOpenOption.WRITE,
        append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
  }

  /**
   * Adds a source; the writer drains it from its next pass on (and a last time on {@link
   * #close()}).
   */
  public void add(Source s) {
    sources.add(s);
  }

  /** Lines written to the file so far. */
  public long written() {
    return written.get();
  }

  /** Lines lost: dropped by full sources, and formatted or drained after a write error. */
  public long dropped() {
    long d = lost.get();
    for (Source s : sources) {
      d += s.dropped();
    }
    return d;
  }

  /** The write error that stopped the file, or {@code null}. */
  public IOException failure() {
    return failure;
  }

  private void run() {
    long sleep = periodNanos;
    while (!closing) {
      LockSupport.parkNanos(sleep);
      sleep = pass() > 0 ? periodNanos : Math.min(2 * sleep, IDLE_PERIODS * periodNanos);
    }
  }

  /** Drains every source once, writes what it got, and returns how many lines that was. */
  private long pass() {
    long pending = 0;
    long drained = 0;
    for (Source s : sources) {
      int n = s.drainTo(lines);
      pending += n;
      drained += n;
      if (lines.length() >= WRITE_CHUNK) {
        pending = write(pending);
      }
    }
    write(pending);
    return drained;
  }

  /**
   * Writes the lines held, which count as written once the stream took them; returns the lines
   * still held (0).
   */
  private long write(long pending) {
    if (lines.length() == 0) {
      return 0;
    }
    if (failure != null) {
      lost.addAndGet(pending);
      lines.clear();
      return 0;
    }
    try {
      lines.writeTo(out);
      written.addAndGet(pending);
    } catch (IOException e) {
      failure = e;
      lost.addAndGet(pending);
      lines.clear();
    }
    return 0;
  }

  /** Stops the writer, drains every source a last time, writes, and closes the stream. */
  @Override
  public void close() throws IOException {
    closing = true;
    LockSupport.unpark(writer);
    try {
      writer.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      if (!writer.isAlive()) {
        pass();
      }
    } finally {
      out.close();
    }
    if (failure != null) {
      throw failure;
    }
  }
}
