package dev.alm.proxy;

import dev.alm.fastcontrol.SlidingWindowCounter;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The load meter of a proxy: S_i, the rate of HTTP requests arriving at the proxy (paper 004 eq.
 * 16, S_i^obs), in requests per second, the unit of the capacity T_i. Requests are counted in a
 * lock-free sliding window ({@link SlidingWindowCounter}, paper 002 section 3.2) whose length is
 * the control interval, so {@link #rate} is S_i over the last control interval (whole buckets
 * only). An exponentially weighted moving average of the per-bucket rates, with time constant
 * {@code tau}, smooths it for display and for controllers that want it.
 *
 * <p>Time is an argument. The average is folded in lazily, lock-free, on reads; buckets that left
 * the ring before any read (no read for longer than the window) count as the window's mean rate at
 * the next read. The proxy reads it at least once per control interval, so this does not happen in
 * service.
 */
public final class LoadMeter {

  /** One reading: S over the last window and its moving average, requests per second. */
  public record Reading(
      double rate, double ewma, long windowCount, double windowSeconds, long total) {}

  private record Ewma(long foldedEpoch, double value) {}

  private final SlidingWindowCounter counter;
  private final double alpha;
  private final AtomicReference<Ewma> ewma;

  /**
   * @param bucketNanos one bucket
   * @param buckets buckets per control interval
   * @param tauNanos time constant of the moving average, &gt; 0
   * @param startNanos the clock now
   */
  public LoadMeter(long bucketNanos, int buckets, long tauNanos, long startNanos) {
    if (tauNanos <= 0) {
      throw new IllegalArgumentException("EWMA time constant must be > 0, got " + tauNanos + " ns");
    }
    this.counter = new SlidingWindowCounter(bucketNanos, buckets, startNanos);
    this.alpha = 1 - Math.exp(-(double) bucketNanos / tauNanos);
    this.ewma = new AtomicReference<>(new Ewma(counter.epoch(startNanos), Double.NaN));
  }

  /** Counts one request arriving at {@code nowNanos}. */
  public void record(long nowNanos) {
    counter.record(nowNanos);
  }

  /**
   * S over the last control interval, requests per second (NaN before one bucket has completed).
   */
  public double rate(long nowNanos) {
    return counter.window(nowNanos).rate();
  }

  /** S, its EWMA, and the counts behind them at {@code nowNanos}. */
  public Reading read(long nowNanos) {
    SlidingWindowCounter.Window w = counter.window(nowNanos);
    return new Reading(w.rate(), foldEwma(nowNanos, w), w.count(), w.seconds(), counter.total());
  }

  private double foldEwma(long nowNanos, SlidingWindowCounter.Window w) {
    long last = counter.epoch(nowNanos) - 1;
    double bucketSeconds = counter.bucketNanos() / 1e9;
    long oldestReadable = last - counter.buckets() + 1;
    while (true) {
      Ewma e = ewma.get();
      if (e.foldedEpoch() >= last) {
        return e.value();
      }
      double v = e.value();
      // after a very long silence the average has long forgotten the past: fold at most 100,000
      // buckets
      for (long b = Math.max(e.foldedEpoch() + 1, last - 100_000); b <= last; b++) {
        double r =
            b >= oldestReadable
                ? counter.bucketCount(b) / bucketSeconds
                : (w.seconds() > 0 ? w.rate() : 0);
        v = Double.isNaN(v) ? r : v + alpha * (r - v);
      }
      if (ewma.compareAndSet(e, new Ewma(last, v))) {
        return v;
      }
    }
  }

  /** Every request counted since start. */
  public long total() {
    return counter.total();
  }

  /** The length of the window (the control interval), seconds. */
  public double windowSeconds() {
    return counter.buckets() * counter.bucketNanos() / 1e9;
  }
}
