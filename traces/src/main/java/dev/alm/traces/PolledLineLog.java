package dev.alm.traces;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
 * <p>A log opened on a file ({@link #open}) can be reopened for logrotate ({@link #reopen()}): the
 * writer finishes its pass into the file it has (renamed or not), then opens the name anew,
 * appending, with the header when the file is new; a line is written to one file or the other,
 * never lost, and the sources never wait. A file that cannot be opened leaves the log on the file
 * it had, counted in {@link #reopenFailures()}. A successful reopen also ends an earlier write
 * error: the log writes again.
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

  /** How long {@link #reopen()} waits for the writer to answer. */
  static final long REOPEN_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** Where lines go: the writer thread's, swapped by a reopen. */
  private volatile OutputStream out;

  /** The log's file, reopened by {@link #reopen()}; null for a log on a stream. */
  private final Path file;

  private final List<String> header;
  private final long periodNanos;
  private final List<Source> sources = new CopyOnWriteArrayList<>();
  private final CsvBytes lines = new CsvBytes(2 * WRITE_CHUNK);
  private final Thread writer;
  private final AtomicLong written = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final AtomicLong reopenFailures = new AtomicLong();
  private final AtomicReference<CompletableFuture<LogReopen>> reopenAsked = new AtomicReference<>();
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
    this(out, null, header, header, periodNanos, name);
  }

  private PolledLineLog(
      OutputStream out,
      Path file,
      List<String> first,
      List<String> header,
      long periodNanos,
      String name)
      throws IOException {
    if (periodNanos <= 0) {
      throw new IllegalArgumentException("periodNanos must be > 0, got " + periodNanos);
    }
    this.out = out;
    this.file = file;
    this.header = header;
    this.periodNanos = periodNanos;
    if (first != null) {
      lines.line(first).writeTo(out);
    }
    this.writer = new Thread(this::run, name);
    writer.setDaemon(true);
    writer.start();
  }

  /**
   * A log writing to {@code file} ({@link #fileStream}) that {@link #reopen()} can open anew: the
   * header first when the file is truncated, or appended to while new or empty.
   *
   * @param append add to the file (else it is truncated)
   */
  public static PolledLineLog open(
      Path file, boolean append, List<String> header, long periodNanos, String name)
      throws IOException {
    boolean fresh = !append || isEmpty(file);
    OutputStream out = fileStream(file, append);
    try {
      return new PolledLineLog(out, file, fresh ? header : null, header, periodNanos, name);
    } catch (IOException | RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private static boolean isEmpty(Path file) throws IOException {
    return !Files.exists(file) || Files.size(file) == 0;
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

  /** Reopens that failed since start: the log kept the file it had. */
  public long reopenFailures() {
    return reopenFailures.get();
  }

  /** The log's file, or null for a log on a stream (which {@link #reopen()} cannot reopen). */
  public Path file() {
    return file;
  }

  /**
   * Opens the log's file anew (after logrotate renamed it): the writer writes what it holds to the
   * file it has, then opens the name, appending (the header first when the file is new or empty),
   * and writes every later line there; the old file is closed. When the name cannot be opened, the
   * log keeps its file and the failure is counted ({@link #reopenFailures()}). Called from any
   * thread but the writer's; waits for the writer's answer (at most {@link #REOPEN_WAIT_NANOS}),
   * never for the sources, which go on adding lines meanwhile. Calls at once share one reopen.
   *
   * @throws IllegalStateException for a log on a stream, which has no file to reopen
   */
  public LogReopen reopen() {
    if (file == null) {
      throw new IllegalStateException("a log on a stream has no file to reopen");
    }
    CompletableFuture<LogReopen> asked =
        reopenAsked.updateAndGet(f -> f != null ? f : new CompletableFuture<>());
    if (closing) {
      reopenAsked.compareAndSet(asked, null);
      asked.complete(LogReopen.failed(file, "the log is closed"));
    }
    LockSupport.unpark(writer);
    try {
      return asked.get(REOPEN_WAIT_NANOS, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      reopenFailures.incrementAndGet();
      return LogReopen.failed(file, "the log's writer did not answer within 5 s");
    } catch (ExecutionException e) {
      reopenFailures.incrementAndGet();
      return LogReopen.failed(file, String.valueOf(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return LogReopen.failed(file, "interrupted");
    }
  }

  private void run() {
    long sleep = periodNanos;
    while (!closing) {
      LockSupport.parkNanos(sleep);
      long drained = pass();
      reopenIfAsked();
      sleep = drained > 0 ? periodNanos : Math.min(2 * sleep, IDLE_PERIODS * periodNanos);
    }
  }

  /** The writer's side of {@link #reopen()}, after a pass: nothing is held. */
  private void reopenIfAsked() {
    CompletableFuture<LogReopen> asked = reopenAsked.getAndSet(null);
    if (asked != null) {
      asked.complete(swap());
    }
  }

  private LogReopen swap() {
    OutputStream next;
    try {
      boolean fresh = isEmpty(file);
      next = fileStream(file, true);
      if (fresh && header != null) {
        try {
          new CsvBytes(256).line(header).writeTo(next);
        } catch (IOException e) {
          next.close();
          throw e;
        }
      }
    } catch (IOException | RuntimeException e) {
      reopenFailures.incrementAndGet();
      return LogReopen.failed(file, e.toString());
    }
    OutputStream old = out;
    out = next;
    failure = null;
    try {
      old.close();
    } catch (IOException e) {
      // its lines were written (or counted as lost) before: nothing more to do with it
    }
    return LogReopen.reopened(file);
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
      CompletableFuture<LogReopen> asked = reopenAsked.getAndSet(null);
      if (asked != null) {
        asked.complete(LogReopen.failed(file, "the log is closed"));
      }
      out.close();
    }
    if (failure != null) {
      throw failure;
    }
  }
}
