package dev.alm.proxy.limit;

import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyStateFile;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * What a customer's enforcement at this PoP keeps across config changes: its counters (served,
 * rejected, bytes, arrived units), its measured demand, its current share and the one byte bucket
 * its connections' paced responses draw from. Kept by name, so a {@code POST /customers} that
 * changes a customer's limit keeps its counters and paces its open connections at the new rate.
 */
public final class CustomerState {

  /**
   * Seconds of the byte rate a customer's paced connections may send at once: short, so that a flow
   * sees a rate rather than bursts, and TCP adapts to it as to a router's limiter.
   */
  static final double PACING_BURST_SECONDS = 0.05;

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
  private volatile RateBucket pacer;

  /** Paced response bodies being written now: the customer's active flows at this PoP. */
  final AtomicInteger activeFlows = new AtomicInteger();

  private long lastFlowReportNanos = Long.MIN_VALUE;

  /** The per-key counts, kept while the window and the bound stay the same. */
  private KeyedLimiter keyed;

  /** Requests refused by their key's limit. */
  final LongAdder keyRejected = new LongAdder();

  private KeyStateFile.Loaded keyStateLoaded;
  private long keysSavedAt = Long.MIN_VALUE / 2;
  final LongAdder keyStateWrites = new LongAdder();
  final LongAdder keyStateFailures = new LongAdder();

  CustomerState(String name) {
    this.name = name;
  }

  /**
   * The per-key table for {@code rule}: the one held when its window and bound are the same (a
   * {@code POST /customers} that changes a key's limit keeps every key's count), else a new one.
   */
  synchronized KeyedLimiter keyed(KeyRule rule) {
    if (keyed == null
        || !keyed.window().equals(rule.window())
        || keyed.settings().maxKeys() != rule.maxKeys()) {
      keyed =
          new KeyedLimiter(rule.window(), KeyShareSettings.DEFAULTS.withMaxKeys(rule.maxKeys()));
      if (rule.stateFile() != null) {
        keyStateLoaded =
            KeyStateFile.load(Path.of(rule.stateFile()), keyed, System.currentTimeMillis());
      }
    }
    return keyed;
  }

  /** What reading the per-key state file gave at start; null without one. */
  public synchronized KeyStateFile.Loaded keyStateLoaded() {
    return keyStateLoaded;
  }

  /**
   * Writes the per-key state file of {@code rule} when the last write is {@link
   * KeyRule#SAVE_MILLIS} old at {@code nowMillis} (or {@code force}); a failure is counted, never
   * thrown: the counts stay in memory.
   */
  void saveKeys(KeyRule rule, long nowMillis, boolean force) {
    KeyedLimiter k;
    synchronized (this) {
      k = keyed;
      if (k == null
          || rule.stateFile() == null
          || (!force && nowMillis - keysSavedAt < KeyRule.SAVE_MILLIS)) {
        return;
      }
      keysSavedAt = nowMillis;
    }
    try {
      KeyStateFile.save(Path.of(rule.stateFile()), k, nowMillis);
      keyStateWrites.increment();
    } catch (IOException | RuntimeException e) {
      keyStateFailures.increment();
    }
  }

  /** The per-key table, or null when the customer never had a per-key limit. */
  public synchronized KeyedLimiter keyed() {
    return keyed;
  }

  /** Requests refused by their key's limit. */
  public long keyRejected() {
    return keyRejected.sum();
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
   * The byte bucket this customer's paced responses at this PoP draw from, shared by its
   * connections and refilled at its current byte share; made on first use with {@code nanoClock}.
   */
  public RateBucket pacer(LongSupplier nanoClock) {
    RateBucket b = pacer;
    if (b == null) {
      synchronized (this) {
        b = pacer;
        if (b == null) {
          b = new RateBucket(byteRate, PACING_BURST_SECONDS, nanoClock);
          pacer = b;
        }
      }
    }
    return b;
  }

  /** A paced body starts ({@code +1}) or ends ({@code -1}). */
  public void flow(int delta) {
    activeFlows.addAndGet(delta);
  }

  /** The paced bodies being written now. */
  public int activeFlows() {
    return activeFlows.get();
  }

  /**
   * The seconds since the previous flow report, and marks {@code nowNanos} as the last (0 the first
   * time).
   */
  synchronized double flowReportSeconds(long nowNanos) {
    double s =
        lastFlowReportNanos == Long.MIN_VALUE || nowNanos <= lastFlowReportNanos
            ? 0
            : (nowNanos - lastFlowReportNanos) / 1e9;
    lastFlowReportNanos = nowNanos;
    return s;
  }

  /** Sets the byte rate the pacer refills at (and will be made with). */
  void pace(double rate) {
    byteRate = rate;
    RateBucket b = pacer;
    if (b != null) {
      b.setRate(rate);
    }
  }

  /** Nothing runs in the background any more; kept for the owner's close. */
  synchronized void release() {
    // the pacer is a bucket: no task to stop
  }
}
