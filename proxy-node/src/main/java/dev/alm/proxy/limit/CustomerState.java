package dev.alm.proxy.limit;

import io.netty.handler.traffic.GlobalTrafficShapingHandler;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a customer's enforcement at this PoP keeps across config changes: its counters (served,
 * rejected, bytes, arrived units), its measured demand, its current share and the one traffic
 * shaper its connections share. Kept by name, so a {@code POST /customers} that changes a
 * customer's limit keeps its counters and paces its open connections at the new rate.
 */
public final class CustomerState {

  /** How often a shaper recomputes its rate accounting, ms. */
  static final long SHAPER_CHECK_MS = 100;

  /** The longest a shaper delays one chunk, ms. */
  static final long SHAPER_MAX_DELAY_MS = 15_000;

  private final String name;
  final LongAdder served = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder bytes = new LongAdder();
  final LongAdder arrived = new LongAdder();
  final LongAdder centralFailures = new LongAdder();
  private long lastArrived;
  private long lastTickNanos = Long.MIN_VALUE;
  private volatile double demand;
  volatile double share;
  volatile double limit;
  volatile double byteRate;
  private volatile GlobalTrafficShapingHandler shaper;

  CustomerState(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  public long served() {
    return served.sum();
  }

  public long rejected() {
    return rejected.sum();
  }

  /** Response bytes served. */
  public long bytes() {
    return bytes.sum();
  }

  /** Central-store answers that failed or timed out. */
  public long centralFailures() {
    return centralFailures.sum();
  }

  /** The demand in the customer's unit per second over the last tick's interval. */
  public double demand() {
    return demand;
  }

  /** The current local share, in the customer's unit per second. */
  public double share() {
    return share;
  }

  /** The global limit in the customer's unit per second. */
  public double limit() {
    return limit;
  }

  /** Measures the demand since the previous tick (called once per control interval). */
  synchronized void tick(long nowNanos) {
    long a = arrived.sum();
    if (lastTickNanos != Long.MIN_VALUE && nowNanos > lastTickNanos) {
      demand = (a - lastArrived) / ((nowNanos - lastTickNanos) / 1e9);
    }
    lastArrived = a;
    lastTickNanos = nowNanos;
  }

  /**
   * The shaper shared by this customer's connections, made on first use with {@code executor} for
   * its accounting, paced at the current byte rate.
   */
  public GlobalTrafficShapingHandler shaper(ScheduledExecutorService executor) {
    GlobalTrafficShapingHandler s = shaper;
    if (s == null) {
      synchronized (this) {
        s = shaper;
        if (s == null) {
          s =
              new GlobalTrafficShapingHandler(
                  executor, writeLimit(byteRate), 0, SHAPER_CHECK_MS, SHAPER_MAX_DELAY_MS);
          shaper = s;
        }
      }
    }
    return s;
  }

  /** Sets the byte rate the shaper paces to (and will be made with). */
  void pace(double rate) {
    double old = byteRate;
    byteRate = rate;
    GlobalTrafficShapingHandler s = shaper;
    if (s != null && Math.abs(rate - old) > RateBucket.RELATIVE_STEP * Math.max(rate, old)) {
      s.setWriteLimit(writeLimit(rate));
    }
  }

  private static long writeLimit(double rate) {
    return Math.max(1, Math.round(rate));
  }

  /** Stops the shaper's accounting task. */
  synchronized void release() {
    if (shaper != null) {
      shaper.release();
    }
  }
}
