package dev.alm.fastcontrol;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A lock-free sliding-window event counter: the sub-window scheme of paper 002 section 3.2 (a
 * window split into {@code buckets} time buckets of {@code bucketNanos} each, sliding by one bucket
 * at a time), with a striped counter ({@link LongAdder}) per bucket so that many threads can count
 * at once without contention.
 *
 * <p>Buckets live in a ring. A thread that counts into a bucket whose slot still holds an older
 * bucket replaces it with a fresh one by compare-and-set; nothing ever blocks. Reads sum only
 * <em>completed</em> buckets (those before the bucket that holds {@code now}), so a rate read never
 * sees a partly filled bucket: the window is the {@code buckets} whole buckets just before the
 * current one. Events older than the ring (a thread stalled for longer than the window, or a clock
 * that stepped back) are not counted and are reported by {@link #late()}.
 *
 * <p>Time is an argument (any monotonic nanosecond clock, e.g. {@link System#nanoTime()}), so the
 * counter is deterministic under a test clock.
 */
public final class SlidingWindowCounter {

  private static final class Bucket {
    final long epoch;
    final LongAdder count = new LongAdder();

    Bucket(long epoch) {
      this.epoch = epoch;
    }
  }

  /** How many events a window held and how long it was. */
  public record Window(long count, double seconds) {
    /** Events per second, or NaN when the window is empty of time (no completed bucket yet). */
    public double rate() {
      return seconds > 0 ? count / seconds : Double.NaN;
    }
  }

  private final long bucketNanos;
  private final int buckets;
  private final long startEpoch;
  private final AtomicReferenceArray<Bucket> ring;
  private final LongAdder total = new LongAdder();
  private final LongAdder late = new LongAdder();

  /**
   * @param bucketNanos length of one bucket, nanoseconds, &gt; 0
   * @param buckets buckets per window, &ge; 1
   * @param startNanos the clock reading at creation: buckets before it are not reported as part of
   *     a window
   */
  public SlidingWindowCounter(long bucketNanos, int buckets, long startNanos) {
    if (bucketNanos <= 0) {
      throw new IllegalArgumentException("bucket length must be > 0 ns, got " + bucketNanos);
    }
    if (buckets < 1) {
      throw new IllegalArgumentException("buckets per window must be >= 1, got " + buckets);
    }
    this.bucketNanos = bucketNanos;
    this.buckets = buckets;
    this.ring = new AtomicReferenceArray<>(buckets + 2);
    this.startEpoch = epoch(startNanos);
  }

  /** Length of one bucket, nanoseconds. */
  public long bucketNanos() {
    return bucketNanos;
  }

  /** Buckets per window. */
  public int buckets() {
    return buckets;
  }

  /** The bucket index of a clock reading. */
  public long epoch(long nowNanos) {
    return Math.floorDiv(nowNanos, bucketNanos);
  }

  /** Counts one event at {@code nowNanos}. */
  public void record(long nowNanos) {
    add(nowNanos, 1);
  }

  /** Counts {@code n} events at {@code nowNanos}. */
  public void add(long nowNanos, long n) {
    long e = epoch(nowNanos);
    int slot = (int) Math.floorMod(e, (long) ring.length());
    while (true) {
      Bucket b = ring.get(slot);
      if (b != null && b.epoch == e) {
        b.count.add(n);
        break;
      }
      if (b != null && b.epoch > e) {
        late.add(n);
        return;
      }
      Bucket fresh = new Bucket(e);
      fresh.count.add(n);
      if (ring.compareAndSet(slot, b, fresh)) {
        break;
      }
    }
    total.add(n);
  }

  /**
   * The completed buckets before the one holding {@code nowNanos}: at most {@link #buckets()}, none
   * before start.
   */
  public Window window(long nowNanos) {
    return window(nowNanos, buckets);
  }

  /**
   * The last {@code k} completed buckets (k &le; {@link #buckets()}), excluding the bucket in which
   * the counter started (it is only partly covered).
   */
  public Window window(long nowNanos, int k) {
    if (k < 1 || k > buckets) {
      throw new IllegalArgumentException("k must be in [1, " + buckets + "], got " + k);
    }
    long cur = epoch(nowNanos);
    long lo = Math.max(cur - k, startEpoch + 1);
    long sum = 0;
    for (long e = lo; e < cur; e++) {
      Bucket b = ring.get((int) Math.floorMod(e, (long) ring.length()));
      if (b != null && b.epoch == e) {
        sum += b.count.sum();
      }
    }
    long covered = Math.max(0, cur - lo);
    return new Window(sum, covered * (double) bucketNanos / 1e9);
  }

  /** The count of one completed bucket by its epoch, or 0 if it has left the ring. */
  public long bucketCount(long epoch) {
    Bucket b = ring.get((int) Math.floorMod(epoch, (long) ring.length()));
    return b != null && b.epoch == epoch ? b.count.sum() : 0;
  }

  /** How many buckets the ring keeps (readable history). */
  public int ringSize() {
    return ring.length();
  }

  /** Every event counted since creation. */
  public long total() {
    return total.sum();
  }

  /** Events that arrived too late for the ring and were not counted. */
  public long late() {
    return late.sum();
  }
}
