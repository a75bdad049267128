package dev.alm.dns;

import dev.alm.traces.CsvBytes;
import dev.alm.traces.PolledLineLog;
import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The query-log fields of the responses one thread sent, waiting for the log writer: a single-producer,
 * single-consumer ring of parallel arrays. The answering thread stores the raw fields (the monotonic time the
 * response was built, the resolver's address and the query's {@link Outcome}, which the hot path shares between
 * queries) and publishes them with one ordered store: no object, no lock, no wake-up per response. The writer
 * thread turns them into lines ({@link QueryLineEncoder}) when it drains the ring ({@link PolledLineLog}); a full
 * ring drops the response's line and counts it.
 *
 * <p>The writer converts a monotonic time to wall-clock milliseconds from one reading of both clocks per drain, so
 * a line's {@code ts} is the wall clock as of that drain minus the time since the response.
 */
final class QueryLogRing implements PolledLineLog.Source {
  private final QueryLineEncoder encoder;
  private final LongSupplier nanoClock;
  private final LongSupplier millisClock;
  private final int mask;
  private final long[] nanos;
  private final InetAddress[] resolver;
  private final Outcome[] outcome;
  /** Next slot the producer fills (producer only). */
  private long tail;
  /** The producer's last reading of {@link #consumed}. */
  private long headSeen;
  private final AtomicLong published = new AtomicLong();
  private final AtomicLong consumed = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();

  /**
   * @param capacity responses that may wait (rounded up to a power of two)
   * @param encoder turns one response's fields into a line (the writer thread's, shared by its rings)
   * @param nanoClock the monotonic clock the producer's times come from
   * @param millisClock the wall clock, milliseconds since the epoch
   */
  QueryLogRing(int capacity, QueryLineEncoder encoder, LongSupplier nanoClock, LongSupplier millisClock) {
    if (capacity < 1 || capacity > 1 << 24) {
      throw new IllegalArgumentException("capacity must be in [1, 2^24], got " + capacity);
    }
    int n = Integer.highestOneBit(capacity);
    n = n < capacity ? n << 1 : n;
    this.encoder = encoder;
    this.nanoClock = nanoClock;
    this.millisClock = millisClock;
    this.mask = n - 1;
    nanos = new long[n];
    resolver = new InetAddress[n];
    outcome = new Outcome[n];
  }

  /** Slots in the ring. */
  int capacity() {
    return mask + 1;
  }

  /**
   * Stores one response's fields; call from the one producing thread only. Returns false (and counts a drop) when
   * the ring is full.
   *
   * @param doneNanos when the response was built ({@code nanoClock})
   */
  boolean add(long doneNanos, InetAddress resolver, Outcome outcome) {
    long t = tail;
    if (t - headSeen > mask) {
      headSeen = consumed.get();
      if (t - headSeen > mask) {
        dropped.lazySet(dropped.get() + 1); // single writer
        return false;
      }
    }
    int i = (int) t & mask;
    nanos[i] = doneNanos;
    this.resolver[i] = resolver;
    this.outcome[i] = outcome;
    tail = t + 1;
    published.lazySet(t + 1); // release: the slot's fields are visible before the new tail
    return true;
  }

  @Override
  public long dropped() {
    return dropped.get();
  }

  /** Formats every published response into {@code out}, frees the slots, and returns how many. */
  @Override
  public int drainTo(CsvBytes out) {
    long end = published.get(); // acquire
    long h = consumed.get();
    if (h == end) {
      return 0;
    }
    long anchorMillis = millisClock.getAsLong();
    long anchorNanos = nanoClock.getAsLong();
    for (long k = h; k < end; k++) {
      int i = (int) k & mask;
      encoder.append(out, anchorMillis + Math.floorDiv(nanos[i] - anchorNanos, 1_000_000L), resolver[i],
          outcome[i]);
      resolver[i] = null; // let the packet's address and the query's outcome go
      outcome[i] = null;
    }
    consumed.lazySet(end); // release: the producer may reuse the slots
    return (int) (end - h);
  }
}
