package dev.alm.cluster;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One customer's counts in 1 s windows per PoP, as its users saw them: requests sent, served (2xx),
 * rejected by the customer's limit (429) and shed by the PoP's load control (503), plus the PoP's
 * share sampled once per window. What the limiters let through ({@link #admitted}) is what was
 * served or shed: shedding is load control's doing, after the limit. Written by the users' threads
 * and the cluster's thread, read once the run is over.
 */
public final class CustomerWindows {

  private final int pops;
  private final int windows;
  private final AtomicLongArray sent;
  private final AtomicLongArray served;
  private final AtomicLongArray rejected;
  private final AtomicLongArray shed;
  private final double[] share;

  /** The most latencies kept (the first ones of the run); enough for a p99 of a long run. */
  static final int MAX_LATENCIES = 200_000;

  private final long[] latencies = new long[MAX_LATENCIES];
  private int latencyCount;

  /**
   * @param pops the fleet's size
   * @param windows 1 s windows in the run
   */
  public CustomerWindows(int pops, int windows) {
    this.pops = pops;
    this.windows = windows;
    this.sent = new AtomicLongArray(pops * windows);
    this.served = new AtomicLongArray(pops * windows);
    this.rejected = new AtomicLongArray(pops * windows);
    this.shed = new AtomicLongArray(pops * windows);
    this.share = new double[pops * windows];
    Arrays.fill(share, Double.NaN);
  }

  /** The fleet's size. */
  public int pops() {
    return pops;
  }

  /** 1 s windows in the run. */
  public int windows() {
    return windows;
  }

  private int at(int window, int pop) {
    return window * pops + pop;
  }

  private boolean inRange(int window) {
    return window >= 0 && window < windows;
  }

  /** Counts one request sent to PoP {@code pop} in {@code window} and how it ended. */
  public void record(int window, int pop, boolean wasServed, boolean wasRejected) {
    record(window, pop, wasServed ? 200 : wasRejected ? 429 : -1);
  }

  /**
   * Counts one request sent to PoP {@code pop} in {@code window} that ended with HTTP {@code
   * status} (-1: no answer).
   */
  public void record(int window, int pop, int status) {
    if (!inRange(window)) {
      return;
    }
    sent.incrementAndGet(at(window, pop));
    if (status >= 200 && status < 300) {
      served.incrementAndGet(at(window, pop));
    } else if (status == 429) {
      rejected.incrementAndGet(at(window, pop));
    } else if (status == 503) {
      shed.incrementAndGet(at(window, pop));
    }
  }

  public long shed(int window, int pop) {
    return shed.get(at(window, pop));
  }

  /** What the limiters let through at the PoP in the window: served or shed after the limit. */
  public long admitted(int window, int pop) {
    return served(window, pop) + shed(window, pop);
  }

  /** What the limiters let through at every PoP in {@code window}. */
  public long admittedTotal(int window) {
    long s = 0;
    for (int i = 0; i < pops; i++) {
      s += admitted(window, i);
    }
    return s;
  }

  /** Notes one request's latency as its user saw it, ns (the first {@link #MAX_LATENCIES}). */
  public synchronized void latency(long nanos) {
    if (latencyCount < latencies.length) {
      latencies[latencyCount++] = nanos;
    }
  }

  /** The {@code q} quantile of the latencies noted, ms; NaN when none. */
  public synchronized double latencyMillis(double q) {
    if (latencyCount == 0) {
      return Double.NaN;
    }
    long[] v = Arrays.copyOf(latencies, latencyCount);
    Arrays.sort(v);
    int rank = (int) Math.ceil(q * v.length);
    return v[Math.max(0, Math.min(v.length - 1, rank - 1))] / 1e6;
  }

  /** Notes PoP {@code pop}'s share (requests/s) in {@code window}. */
  public synchronized void share(int window, int pop, double rate) {
    if (inRange(window)) {
      share[at(window, pop)] = rate;
    }
  }

  public long sent(int window, int pop) {
    return sent.get(at(window, pop));
  }

  public long served(int window, int pop) {
    return served.get(at(window, pop));
  }

  public long rejected(int window, int pop) {
    return rejected.get(at(window, pop));
  }

  public synchronized double share(int window, int pop) {
    return share[at(window, pop)];
  }

  /** Requests served by every PoP in {@code window}. */
  public long servedTotal(int window) {
    long s = 0;
    for (int i = 0; i < pops; i++) {
      s += served(window, i);
    }
    return s;
  }

  /** Requests sent to every PoP in {@code window}. */
  public long sentTotal(int window) {
    long s = 0;
    for (int i = 0; i < pops; i++) {
      s += sent(window, i);
    }
    return s;
  }
}
