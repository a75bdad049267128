package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.io.Clocks;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.CsvBytes;
import dev.alm.traces.PolledLineLog;
import dev.alm.traces.RingLog;
import dev.alm.traces.RingSlots;
import java.util.concurrent.Executor;

/**
 * The access-log fields of the responses one event loop sent, waiting for the log writer: a
 * single-producer, single-consumer ring of parallel arrays. The event loop stores the raw fields
 * (the connection's PoP, client and Host fields already encoded, {@link
 * AccessLogRecord#encodePopClientHost}; the request's path; the status, the byte count and two
 * monotonic times) and publishes them with one ordered store: no object, no lock, no wake-up per
 * response. The writer thread turns them into lines ({@link AccessLogRecord}) when it drains the
 * ring ({@link PolledLineLog}); a full ring drops the response's line and counts it.
 *
 * <p>Times are monotonic nanoseconds ({@code clocks.nanos()}); the writer converts the time a
 * response was written to wall-clock milliseconds from one reading of both clocks per drain, so a
 * line's {@code ts} is the wall clock as of that drain minus the time since the response (the
 * clocks may drift apart by microseconds within a drain period).
 */
final class AccessLogRing extends RingLog {
  private final long[] arrival;
  private final long[] done;
  private final long[] bytes;
  private final int[] status;
  private final byte[][] popClientHost;
  private final String[] path;
  private final ProbeName[] probe;

  /** A stamp task is queued on the producing event loop (producer only). */
  private boolean stampQueued;

  private final Runnable stampTask;

  /**
   * @param capacity responses that may wait (rounded up to a power of two)
   * @param clocks the monotonic and the wall clock
   */
  AccessLogRing(int capacity, Clocks clocks) {
    super(capacity, clocks);
    int n = slots.capacity();
    arrival = new long[n];
    done = new long[n];
    bytes = new long[n];
    status = new int[n];
    popClientHost = new byte[n][];
    path = new String[n];
    probe = new ProbeName[n];
    stampTask =
        () -> {
          stampQueued = false;
          stamp(clocks.nanos());
        };
  }

  /**
   * Stores one response's fields but its completion time, and holds the slot until the next {@link
   * #stamp}: the event loop stamps every response it held with one clock reading per pass ({@link
   * #stampLater}) instead of one per response. Returns false (and counts a drop) when the ring is
   * full. Producer only.
   */
  boolean hold(
      byte[] popClientHost,
      String path,
      int status,
      long bytes,
      long arrivalNanos,
      ProbeName probe) {
    int i = slots.claim();
    if (i < 0) {
      return false;
    }
    this.popClientHost[i] = popClientHost;
    this.path[i] = path;
    this.status[i] = status;
    this.bytes[i] = bytes;
    this.arrival[i] = arrivalNanos;
    if (probe != null) { // the slot's is null: the writer cleared it
      this.probe[i] = probe;
    }
    return true;
  }

  /**
   * Gives every held response the completion time {@code doneNanos} and publishes them. Producer
   * only.
   */
  void stamp(long doneNanos) {
    for (long k = slots.firstHeld(), end = slots.claimed(); k < end; k++) {
      done[slots.index(k)] = doneNanos;
    }
    slots.publish();
  }

  /**
   * Arranges for the held responses to be stamped with one clock reading once the event loop has
   * handled the I/O of its current pass (a task on {@code loop}, queued at most once per pass).
   * Producer only, on {@code loop}.
   */
  void stampLater(Executor loop) {
    if (!stampQueued) {
      stampQueued = true;
      loop.execute(stampTask);
    }
  }

  @Override
  protected void line(CsvBytes out, int i, long anchorMillis, long anchorNanos) {
    ProbeName p = probe[i];
    AccessLogRecord.appendCsv(
        out,
        RingSlots.epochMillis(anchorMillis, anchorNanos, done[i]),
        popClientHost[i],
        path[i],
        status[i],
        bytes[i],
        (done[i] - arrival[i]) / 1000,
        p == null ? "" : p.category(),
        p == null ? "" : p.origin());
    popClientHost[i] = null; // let the connection's and the request's objects go
    path[i] = null;
    if (p != null) {
      probe[i] = null;
    }
  }
}
