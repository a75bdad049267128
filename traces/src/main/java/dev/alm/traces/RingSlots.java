package dev.alm.traces;

import dev.alm.io.Clocks;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sequence numbers of a single-producer, single-consumer ring of log lines whose fields live in
 * the caller's parallel arrays (the proxy's access log, the DNS query log): the producer claims a
 * slot, fills the arrays at its index and publishes it with one ordered store; the consumer reads
 * the slots between {@link #consumed()} and {@link #published()} and releases them. A full ring
 * refuses the claim and counts a drop. No object, no lock and no wake-up per line.
 *
 * <p>The arrays are split into at most 64 chunks, and a sequence's chunk is taken from a pool when
 * the producer starts it, lowest-numbered free chunk first, and returned when the consumer has
 * released all of it. A consumer that keeps up (the usual case) thus leaves the producer cycling
 * through the same few chunks, while the whole capacity still absorbs a consumer that stalls. (A
 * plain ring sweeps the producer and the consumer through every slot of the arrays, megabytes for
 * the default capacities.)
 */
public final class RingSlots {
  private static final int MAX_CHUNKS = 64;

  private final int capacity;

  /** log2 of the slots per chunk. */
  private final int shift;

  private final int chunkMask;

  /**
   * Sequence chunk (modulo the chunk count) -> the chunk of the arrays holding it; written by the
   * producer.
   */
  private final int[] chunkOf;

  private final int chunksMask;

  /** Bit c set: chunk c of the arrays is free. */
  private final AtomicLong free = new AtomicLong();

  /**
   * Next slot the producer claims (producer only); the slots before it and after the published ones
   * are held.
   */
  private long tail;

  /**
   * The sequence chunk whose array chunk the producer holds, or -1; and where that array chunk
   * starts.
   */
  private long heldChunk = -1;

  private int heldBase;
  private final AtomicLong published = new AtomicLong();
  private final AtomicLong consumed = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();

  /**
   * @param capacity lines that may wait, in [1, 2^24] (rounded up to a power of two)
   */
  public RingSlots(int capacity) {
    if (capacity < 1 || capacity > 1 << 24) {
      throw new IllegalArgumentException("capacity must be in [1, 2^24], got " + capacity);
    }
    int n = Integer.highestOneBit(capacity);
    this.capacity = n < capacity ? n << 1 : n;
    int chunks = Math.min(MAX_CHUNKS, this.capacity);
    this.shift = Integer.numberOfTrailingZeros(this.capacity / chunks);
    this.chunkMask = (1 << shift) - 1;
    this.chunkOf = new int[chunks];
    this.chunksMask = chunks - 1;
    free.set(chunks == 64 ? -1L : (1L << chunks) - 1);
  }

  /** Slots in the ring: the length the caller's arrays must have. */
  public int capacity() {
    return capacity;
  }

  /**
   * Producer only: the index of the next slot to fill, or -1 (and one more drop counted) when the
   * ring is full. The slot is held, unseen by the consumer, until the next {@link #publish()}; a
   * producer may hold several.
   */
  public int claim() {
    long t = tail;
    long c = t >>> shift;
    if (c != heldChunk) {
      int chunk = takeFree();
      if (chunk < 0) {
        dropped.lazySet(dropped.get() + 1); // single writer
        return -1;
      }
      chunkOf[(int) c & chunksMask] = chunk; // published with the slot (publish is a release)
      heldChunk = c;
      heldBase = chunk << shift;
    }
    tail = t + 1;
    return heldBase + ((int) t & chunkMask);
  }

  /**
   * Producer only: publishes every slot claimed so far (release: their fields are visible before
   * the new tail).
   */
  public void publish() {
    published.lazySet(tail);
  }

  /** Producer only: the sequence of the first held slot (claimed, not yet published). */
  public long firstHeld() {
    return published.get();
  }

  /** Producer only: the sequence after the last slot claimed. */
  public long claimed() {
    return tail;
  }

  /**
   * Reads one published slot for the consumer; {@code anchorMillis} and {@code anchorNanos} are as
   * in {@link #drain}.
   */
  public interface SlotReader {
    void read(int index, long anchorMillis, long anchorNanos);
  }

  /**
   * Consumer: hands every published slot to {@code reader}, oldest first, with one reading of both
   * clocks for the whole drain (for {@link #epochMillis}), then releases them; returns how many.
   */
  public int drain(Clocks clocks, SlotReader reader) {
    long end = published.get();
    long h = consumed.get();
    if (h == end) {
      return 0;
    }
    long anchorMillis = clocks.millis();
    long anchorNanos = clocks.nanos();
    for (long k = h; k < end; k++) {
      reader.read(index(k), anchorMillis, anchorNanos);
    }
    release(end);
    return (int) (end - h);
  }

  /** Consumer: the sequence after the last published slot (acquire). */
  public long published() {
    return published.get();
  }

  /** Consumer: the sequence of the first slot not yet released. */
  public long consumed() {
    return consumed.get();
  }

  /**
   * The array index of sequence {@code seq}: for the consumer a published one, for the producer one
   * it claimed (between {@link #firstHeld()} and {@link #claimed()}).
   */
  public int index(long seq) {
    return (chunkOf[(int) (seq >>> shift) & chunksMask] << shift) + ((int) seq & chunkMask);
  }

  /**
   * Consumer: frees every slot before {@code end} for the producer; the chunks all of whose slots
   * are now released go back to the pool.
   */
  public void release(long end) {
    long from = consumed.get();
    for (long c = from >>> shift; (c + 1) << shift <= end; c++) {
      long bit = 1L << chunkOf[(int) c & chunksMask];
      free.getAndUpdate(f -> f | bit);
    }
    consumed.lazySet(end);
  }

  private int takeFree() {
    while (true) {
      long f = free.get();
      if (f == 0) {
        return -1;
      }
      long lowest = f & -f;
      if (free.compareAndSet(f, f & ~lowest)) {
        return Long.numberOfTrailingZeros(lowest);
      }
    }
  }

  /** Lines refused because the ring was full. */
  public long dropped() {
    return dropped.get();
  }

  /**
   * Wall-clock milliseconds of a monotonic time, from one reading of both clocks (per drain): the
   * wall clock at the anchor minus the time since {@code nanos}.
   */
  public static long epochMillis(long anchorMillis, long anchorNanos, long nanos) {
    return anchorMillis + Math.floorDiv(nanos - anchorNanos, 1_000_000L);
  }
}
