package dev.alm.traces;

import dev.alm.io.Clocks;

/**
 * A log source whose lines wait as raw fields in a single-producer, single-consumer ring ({@link
 * RingSlots}): the producer stores a line's fields in slot arrays of its own and publishes them;
 * the writer thread drains the published slots, one reading of both clocks per drain, and turns
 * each into a line ({@link #line}). A full ring drops the line and counts it.
 */
public abstract class RingLog implements PolledLineLog.Source {
  /** The ring's claim, publish and drain positions; subclasses index their arrays with it. */
  protected final RingSlots slots;

  private final Clocks clocks;

  /**
   * @param capacity lines that may wait (rounded up to a power of two)
   * @param clocks the monotonic and the wall clock
   */
  protected RingLog(int capacity, Clocks clocks) {
    this.slots = new RingSlots(capacity);
    this.clocks = clocks;
  }

  @Override
  public final long dropped() {
    return slots.dropped();
  }

  /** Formats every published slot into {@code out}, frees the slots, and returns how many. */
  @Override
  public final int drainTo(CsvBytes out) {
    return slots.drain(
        clocks, (i, anchorMillis, anchorNanos) -> line(out, i, anchorMillis, anchorNanos));
  }

  /**
   * Appends slot {@code i}'s line to {@code out} and lets go of what the slot refers to. A
   * monotonic time {@code t} of the slot is {@link RingSlots#epochMillis
   * RingSlots.epochMillis(anchorMillis, anchorNanos, t)} on the wall clock.
   */
  protected abstract void line(CsvBytes out, int i, long anchorMillis, long anchorNanos);
}
