package dev.alm.traces;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The sequence numbers of a single-producer, single-consumer ring of log lines whose fields live in the caller's
 * parallel arrays (the proxy's access log, the DNS query log): the producer claims a slot, fills the arrays at its
 * index and publishes it with one ordered store; the consumer reads the slots between {@link #consumed()} and
 * {@link #published()} and releases them. A full ring refuses the claim and counts a drop. No object, no lock and
 * no wake-up per line.
 */
public final class RingSlots {
    private final int mask;
    /** Next slot the producer fills (producer only). */
    private long tail;
    /** The producer's last reading of {@link #consumed}. */
    private long headSeen;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** @param capacity lines that may wait, in [1, 2^24] (rounded up to a power of two) */
    public RingSlots(int capacity) {
        if (capacity < 1 || capacity > 1 << 24) {
            throw new IllegalArgumentException("capacity must be in [1, 2^24], got " + capacity);
        }
        int n = Integer.highestOneBit(capacity);
        this.mask = (n < capacity ? n << 1 : n) - 1;
    }

    /** Slots in the ring: the length the caller's arrays must have. */
    public int capacity() {
        return mask + 1;
    }

    /** Producer only: the index of the slot to fill, or -1 (and one more drop counted) when the ring is full. */
    public int claim() {
        long t = tail;
        if (t - headSeen > mask) {
            headSeen = consumed.get();
            if (t - headSeen > mask) {
                dropped.lazySet(dropped.get() + 1); // single writer
                return -1;
            }
        }
        return (int) t & mask;
    }

    /** Producer only: publishes the slot last claimed (release: its fields are visible before the new tail). */
    public void publish() {
        tail++;
        published.lazySet(tail);
    }

    /** Consumer: the sequence after the last published slot (acquire). */
    public long published() {
        return published.get();
    }

    /** Consumer: the sequence of the first slot not yet released. */
    public long consumed() {
        return consumed.get();
    }

    /** The array index of sequence {@code seq}. */
    public int index(long seq) {
        return (int) seq & mask;
    }

    /** Consumer: frees every slot before {@code end} for the producer (release). */
    public void release(long end) {
        consumed.lazySet(end);
    }

    /** Lines refused because the ring was full. */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Wall-clock milliseconds of a monotonic time, from one reading of both clocks (per drain): the wall clock at
     * the anchor minus the time since {@code nanos}.
     */
    public static long epochMillis(long anchorMillis, long anchorNanos, long nanos) {
        return anchorMillis + Math.floorDiv(nanos - anchorNanos, 1_000_000L);
    }
}
