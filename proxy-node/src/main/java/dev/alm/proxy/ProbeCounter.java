package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.SlidingWindowCounter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the FastControl probes that reach this proxy (paper 004 section III-F): by category and by
 * origin PoP, since start, and the probes of this PoP's own category in a sliding window of one
 * control interval, whose rate is R_i of eq. 20 (beta_i = R_i / gamma). Counts by origin are a live
 * sample of the correlation matrix's column for this proxy.
 *
 * <p>Lock-free. The number of distinct (category, origin) pairs kept is capped, since both come
 * from the request's Host header; probes beyond the cap are counted in {@link #overflow()} only
 * (own-category probes still count toward R).
 */
public final class ProbeCounter {

  private final String pop;
  private final int maxPairs;
  private final ConcurrentHashMap<ProbeName, LongAdder> pairs = new ConcurrentHashMap<>();
  private final SlidingWindowCounter own;
  private final LongAdder total = new LongAdder();
  private final LongAdder overflow = new LongAdder();

  /**
   * @param pop this PoP's id: probes of this category give R_i
   * @param bucketNanos one bucket of the own-category window
   * @param buckets buckets per control interval
   * @param maxPairs the most (category, origin) pairs counted separately
   * @param startNanos the clock now
   */
  public ProbeCounter(String pop, long bucketNanos, int buckets, int maxPairs, long startNanos) {
    this.pop = pop;
    this.maxPairs = maxPairs;
    this.own = new SlidingWindowCounter(bucketNanos, buckets, startNanos);
  }

  /** Counts one probe arriving at {@code nowNanos}. */
  public void record(ProbeName probe, long nowNanos) {
    total.increment();
    if (probe.category().equals(pop)) {
      own.record(nowNanos);
    }
    LongAdder a = pairs.get(probe);
    if (a == null) {
      if (pairs.size() >= maxPairs) {
        overflow.increment();
        return;
      }
      a = pairs.computeIfAbsent(probe, k -> new LongAdder());
    }
    a.increment();
  }

  /**
   * R_i: own-category probes per second over the last control interval (NaN before one bucket
   * completed).
   */
  public SlidingWindowCounter.Window ownWindow(long nowNanos) {
    return own.window(nowNanos);
  }

  /** Own-category probes since start. */
  public long ownTotal() {
    return own.total();
  }

  /** Every probe since start. */
  public long total() {
    return total.sum();
  }

  /** Probes not counted by pair because the cap was reached. */
  public long overflow() {
    return overflow.sum();
  }

  /** Count of one (category, origin) pair since start. */
  public long count(String category, String origin) {
    LongAdder a = pairs.get(new ProbeName(category, origin));
    return a == null ? 0 : a.sum();
  }

  /** Counts since start by category, sorted. */
  public Map<String, Long> byCategory() {
    Map<String, Long> m = new TreeMap<>();
    pairs.forEach((k, v) -> m.merge(k.category(), v.sum(), Long::sum));
    return m;
  }

  /** Counts since start by origin PoP, sorted. */
  public Map<String, Long> byOrigin() {
    Map<String, Long> m = new TreeMap<>();
    pairs.forEach((k, v) -> m.merge(k.origin(), v.sum(), Long::sum));
    return m;
  }
}
