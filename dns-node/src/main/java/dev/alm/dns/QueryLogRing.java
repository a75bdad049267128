package dev.alm.dns;

import dev.alm.io.Clocks;
import dev.alm.traces.CsvBytes;
import dev.alm.traces.PolledLineLog;
import dev.alm.traces.RingLog;
import dev.alm.traces.RingSlots;
import java.net.InetAddress;

/**
 * The query-log fields of the responses one thread sent, waiting for the log writer: a
 * single-producer, single-consumer ring of parallel arrays. The answering thread stores the raw
 * fields (the monotonic time the response was built, the resolver's address and the query's {@link
 * Outcome}, which the hot path shares between queries) and publishes them with one ordered store:
 * no object, no lock, no wake-up per response. The writer thread turns them into lines ({@link
 * QueryLineEncoder}) when it drains the ring ({@link PolledLineLog}); a full ring drops the
 * response's line and counts it.
 *
 * <p>The writer converts a monotonic time to wall-clock milliseconds from one reading of both
 * clocks per drain, so a line's {@code ts} is the wall clock as of that drain minus the time since
 * the response.
 */
final class QueryLogRing extends RingLog {
  private final QueryLineEncoder encoder;
  private final long[] nanos;
  private final InetAddress[] resolver;
  private final Outcome[] outcome;

  /**
   * @param capacity responses that may wait (rounded up to a power of two)
   * @param encoder turns one response's fields into a line (the writer thread's, shared by its
   *     rings)
   * @param clocks the monotonic and the wall clock
   */
  QueryLogRing(int capacity, QueryLineEncoder encoder, Clocks clocks) {
    super(capacity, clocks);
    int n = slots.capacity();
    this.encoder = encoder;
    nanos = new long[n];
    resolver = new InetAddress[n];
    outcome = new Outcome[n];
  }

  /** Slots in the ring. */
  int capacity() {
    return slots.capacity();
  }

  /**
   * Stores one response's fields; call from the one producing thread only. Returns false (and
   * counts a drop) when the ring is full.
   *
   * @param doneNanos when the response was built ({@code clocks.nanos()})
   */
  boolean add(long doneNanos, InetAddress resolver, Outcome outcome) {
    int i = slots.claim();
    if (i < 0) {
      return false;
    }
    nanos[i] = doneNanos;
    this.resolver[i] = resolver;
    this.outcome[i] = outcome;
    slots.publish();
    return true;
  }

  @Override
  protected void line(CsvBytes out, int i, long anchorMillis, long anchorNanos) {
    encoder.append(
        out, RingSlots.epochMillis(anchorMillis, anchorNanos, nanos[i]), resolver[i], outcome[i]);
    resolver[i] = null; // let the packet's address and the query's outcome go
    outcome[i] = null;
  }
}
