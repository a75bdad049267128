package dev.alm.traces;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * A CSV log written by a background thread through a bounded queue, as the probe log of proxy-node
 * is. {@link #offer} never blocks: when the queue is full the record is dropped and counted in
 * {@link #dropped()}, so logging can never slow answering, and no drop is silent. The proxy's
 * access log and the DNS query log, written at every request or query, use {@link PolledLineLog}
 * instead.
 *
 * @param <T> the record type
 */
public final class AsyncLineLog<T> implements AutoCloseable {
  private static final Object POISON = new Object();
  private static final int WRITE_CHUNK = 64 * 1024;

  /**
   * How long the writer sleeps when the queue is empty: lines reach the file within about this
   * long.
   */
  private static final long IDLE_NANOS = 5_000_000L;

  /** Appends one record's CSV fields and newline to a line buffer (see {@link CsvLine}). */
  @FunctionalInterface
  public interface LineFormat<T> {
    void append(T record, StringBuilder out);
  }

  private final BlockingQueue<Object> queue;
  private final LineFormat<T> format;
  private final Writer printer;
  private final StringBuilder lines = new StringBuilder(2 * WRITE_CHUNK);
  private long pending;
  private final Thread drainer;
  private final LongAdder dropped = new LongAdder();
  private final AtomicLong written = new AtomicLong();
  private volatile IOException failure;

  /**
   * Starts the writer thread; the header row is written first.
   *
   * @param out where lines go; closed by {@link #close()}
   * @param header the CSV header, or {@code null} to write none (appending to a file that has one)
   * @param values the values of one line, in header order
   * @param capacity how many records may wait; beyond this, records are dropped and counted
   * @param name the writer thread's name
   */
  public AsyncLineLog(
      Writer out, List<String> header, Function<T, List<String>> values, int capacity, String name)
      throws IOException {
    this(out, header, (LineFormat<T>) (r, sb) -> CsvLine.line(sb, values.apply(r)), capacity, name);
  }

  /**
   * Starts the writer thread with a direct line format (cheaper: no list of values per line).
   *
   * @param format appends one record's line, newline included
   */
  public AsyncLineLog(
      Writer out, List<String> header, LineFormat<T> format, int capacity, String name)
      throws IOException {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
    }
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.format = format;
    this.printer = out;
    if (header != null) {
      StringBuilder h = new StringBuilder();
      CsvLine.line(h, header);
      printer.write(h.toString());
    }
    this.drainer = new Thread(this::drain, name);
    drainer.setDaemon(true);
    drainer.start();
  }

  /**
   * A writer onto a log file with a large byte buffer, so that the writer thread makes one write
   * call per 256 KiB rather than per 8 KiB (the cost of a log line is mostly that call at high
   * rates).
   *
   * @param append add to the file (else it is truncated)
   */
  public static Writer fileWriter(java.nio.file.Path file, boolean append) throws IOException {
    java.nio.file.Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      java.nio.file.Files.createDirectories(parent);
    }
    java.io.OutputStream out =
        java.nio.file.Files.newOutputStream(
            file,
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.WRITE,
            append
                ? java.nio.file.StandardOpenOption.APPEND
                : java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
    return new java.io.OutputStreamWriter(
        new java.io.BufferedOutputStream(out, 256 * 1024), java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Queues a record; returns false (and counts a drop) if the queue is full or the log is closed.
   */
  public boolean offer(T record) {
    if (failure != null || !queue.offer(record)) {
      dropped.increment();
      return false;
    }
    return true;
  }

  /** Records dropped because the queue was full, the log closed or the file failed. */
  public long dropped() {
    return dropped.sum();
  }

  /** Records written to the file so far. */
  public long written() {
    return written.get();
  }

  /** The write error that stopped the log, or {@code null}. */
  public IOException failure() {
    return failure;
  }

  /**
   * The writer loop. It never blocks on the queue, so {@link #offer} never has to wake it (a
   * wake-up per line would cost the answering thread a syscall): it drains what is there, then
   * sleeps 5 ms.
   */
  @SuppressWarnings("unchecked")
  private void drain() {
    List<Object> batch = new ArrayList<>(4096);
    boolean stop = false;
    try {
      while (!stop) {
        queue.drainTo(batch, 4096);
        if (batch.isEmpty()) {
          if (pending > 0) {
            writeLines();
            printer.flush();
          }
          LockSupport.parkNanos(IDLE_NANOS);
          continue;
        }
        for (int k = 0; k < batch.size() && !stop; k++) {
          Object o = batch.get(k);
          if (o == POISON) {
            stop = true;
            break;
          }
          format.append((T) o, lines);
          pending++;
          batch.set(k, null);
          if (lines.length() >= WRITE_CHUNK) {
            writeLines();
          }
        }
        batch.clear();
      }
      writeLines();
      printer.flush();
    } catch (IOException e) {
      // the lines formatted but not written, and the rest of the batch, are lost; later offers are
      // refused
      failure = e;
      dropped.add(pending + batch.stream().filter(x -> x != null && x != POISON).count());
      pending = 0;
      drainAfterFailure();
    }
  }

  /** Hands the formatted lines to the writer; they count as written once it took them. */
  private void writeLines() throws IOException {
    if (lines.length() > 0) {
      printer.append(lines);
      lines.setLength(0);
      written.addAndGet(pending);
      pending = 0;
    }
  }

  /**
   * After a write error: counts what is still queued as dropped, so {@link #close()} never waits on
   * a full queue.
   */
  private void drainAfterFailure() {
    List<Object> rest = new ArrayList<>();
    queue.drainTo(rest);
    dropped.add(rest.stream().filter(o -> o != POISON).count());
  }

  /** Writes what is queued, then closes the file. */
  @Override
  public void close() throws IOException {
    try {
      // the drainer may have stopped after a write error with the queue full: never block on it
      boolean queued = false;
      while (!queued && drainer.isAlive()) {
        queued = queue.offer(POISON, 100, TimeUnit.MILLISECONDS);
      }
      drainer.join(10_000);
      if (!drainer.isAlive()) {
        // an offer that raced with a write failure may have queued after the drainer stopped: count
        // it
        drainAfterFailure();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      printer.close();
    }
    if (failure != null) {
      throw failure;
    }
  }
}
