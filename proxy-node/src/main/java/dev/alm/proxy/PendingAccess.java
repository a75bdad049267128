package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.traces.AccessLogRecord;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.util.concurrent.Executor;

/**
 * The responses of one connection that are being written and will be logged once their last byte
 * is: a FIFO of parallel arrays (grown, never shrunk), so that logging a response allocates nothing
 * and adds no listener of its own. The handler calls {@link #collect()} after each flush: the
 * responses whose writes have completed go to the event loop's {@link AccessLogRing}, which gives
 * all the responses the event loop completed in its current pass one completion time, read once the
 * pass has handled its I/O (a task queued on the event loop, at most one per pass): one reading of
 * the clock per pass rather than one per response. If the oldest write is still in progress (a slow
 * reader), one listener on it collects again when it completes. Netty completes a channel's writes
 * in order; one that completes out of order (a failed encode) is logged when the writes before it
 * are.
 *
 * <p>The line's PoP, client and Host fields are encoded once per connection (again when its Host
 * changes), so the event loop and the log writer handle one reference for the three ({@link
 * AccessLogRecord#encodePopClientHost}).
 *
 * <p>{@code latency_us} thus runs from the request's arrival to the end of the event loop's pass in
 * which the flush that wrote the response's last byte was made (the pass's remaining I/O adds at
 * most its own length, typically tens of microseconds). Used on the connection's event loop only.
 */
final class PendingAccess implements ChannelFutureListener {
  private final AccessLogRing ring;

  /** Runs the ring's stamp after the event loop's current pass: the event loop itself. */
  private final Executor stamper;

  private final String pop;
  private final String client;

  /**
   * The last Host logged (by identity: a connection's requests share one string) and its encoded
   * fields, which slots keep after their line is collected (they belong to this connection).
   */
  private String lastHost;

  private byte[] lastPopClientHost;

  /**
   * The last path logged: a request for the same path logs this string instead of its own, so that
   * the lines waiting for the writer hold one string per connection rather than one per request
   * (fewer objects for the young collection to copy while they wait).
   */
  private String lastPath;

  private ChannelFuture[] future = new ChannelFuture[4];
  private byte[][] popClientHost = new byte[4][];
  private String[] path = new String[4];
  private int[] status = new int[4];
  private long[] bytes = new long[4];
  private long[] arrival = new long[4];
  private ProbeName[] probe = new ProbeName[4];
  private int head;
  private int size;

  /** The write a listener waits on, if any. */
  private ChannelFuture armed;

  PendingAccess(AccessLogRing ring, Executor stamper, String pop, String client) {
    this.ring = ring;
    this.stamper = stamper;
    this.pop = pop;
    this.client = client;
  }

  /**
   * Remembers the response whose write is {@code f}; it is logged by a {@link #collect()} once
   * {@code f} is done.
   */
  void add(
      ChannelFuture f,
      String host,
      String path,
      int status,
      long bytes,
      long arrivalNanos,
      ProbeName probe) {
    if (size == future.length) {
      grow();
    }
    if (host != lastHost) {
      lastPopClientHost = AccessLogRecord.encodePopClientHost(pop, client, host);
      lastHost = host;
    }
    int i = (head + size) & (future.length - 1);
    this.future[i] = f;
    if (popClientHost[i]
        != lastPopClientHost) { // mostly the same: spare the store (and its GC barrier)
      popClientHost[i] = lastPopClientHost;
    }
    if (path.equals(lastPath)) {
      path = lastPath;
    } else {
      lastPath = path;
    }
    this.path[i] = path;
    this.status[i] = status;
    this.bytes[i] = bytes;
    this.arrival[i] = arrivalNanos;
    if (probe != null) { // the slot's is null: collect cleared it
      this.probe[i] = probe;
    }
    size++;
  }

  /** Responses not logged yet. */
  int size() {
    return size;
  }

  /**
   * Logs, oldest first, every response whose write is done; if one is not, leaves it and the later
   * ones and arranges to be called again when it completes.
   */
  void collect() {
    int n = future.length - 1;
    boolean held = false;
    while (size > 0) {
      ChannelFuture f = future[head];
      if (!f.isDone()) {
        if (armed != f) {
          armed = f;
          f.addListener(this);
        }
        break;
      }
      ring.hold(
          popClientHost[head], path[head], status[head], bytes[head], arrival[head], probe[head]);
      held = true;
      future[head] = null;
      path[head] = null;
      if (probe[head] != null) {
        probe[head] = null;
      }
      head = (head + 1) & n;
      size--;
    }
    if (held) {
      ring.stampLater(stamper);
    }
  }

  /** The oldest pending write completed after a flush had left it in progress. */
  @Override
  public void operationComplete(ChannelFuture f) {
    if (armed == f) {
      armed = null;
    }
    collect();
  }

  private void grow() {
    int n = future.length;
    future = unroll(future, new ChannelFuture[2 * n]);
    popClientHost = unroll(popClientHost, new byte[2 * n][]);
    path = unroll(path, new String[2 * n]);
    probe = unroll(probe, new ProbeName[2 * n]);
    int[] s = new int[2 * n];
    long[] b = new long[2 * n];
    long[] a = new long[2 * n];
    for (int k = 0; k < size; k++) {
      int i = (head + k) & (n - 1);
      s[k] = status[i];
      b[k] = bytes[i];
      a[k] = arrival[i];
    }
    status = s;
    bytes = b;
    arrival = a;
    head = 0;
  }

  private <T> T[] unroll(T[] from, T[] to) {
    int n = from.length;
    for (int k = 0; k < size; k++) {
      to[k] = from[(head + k) & (n - 1)];
    }
    return to;
  }
}
