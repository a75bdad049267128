package dev.alm.traces;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * A {@link PolledLineLog.Source} that any thread may offer whole records to, for logs written at a
 * low rate from many threads (the proxy's probe log). {@link #offer} never blocks and never wakes
 * the writer: when the queue is full the record is dropped and counted in {@link #dropped()}, so
 * logging can never slow answering, and no drop is silent. The writer thread formats the records it
 * drains ({@link CsvBytes}). Hot logs written at every request keep a single-producer ring per
 * event loop instead (the access log, the query log).
 *
 * @param <T> the record type
 */
public final class LineQueue<T> implements PolledLineLog.Source {
  private final ArrayBlockingQueue<T> queue;
  private final BiConsumer<T, CsvBytes> format;
  private final LongAdder dropped = new LongAdder();

  /**
   * An empty queue.
   *
   * @param capacity how many records may wait for the writer; beyond this, records are dropped
   * @param format appends one record's line, newline included (for instance {@code
   *     ProbeLogRecord::appendCsv})
   */
  public LineQueue(int capacity, BiConsumer<T, CsvBytes> format) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
    }
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.format = format;
  }

  /** Queues a record; returns false (and counts a drop) if the queue is full. */
  public boolean offer(T record) {
    if (!queue.offer(record)) {
      dropped.increment();
      return false;
    }
    return true;
  }

  @Override
  public int drainTo(CsvBytes out) {
    int n = 0;
    T r;
    while ((r = queue.poll()) != null) {
      format.accept(r, out);
      n++;
    }
    return n;
  }

  @Override
  public long dropped() {
    return dropped.sum();
  }
}
