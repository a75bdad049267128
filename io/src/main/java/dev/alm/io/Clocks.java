package dev.alm.io;

import java.util.function.LongSupplier;

/**
 * The two clocks a daemon reads: a monotonic one for intervals and rates ({@link System#nanoTime}),
 * and the wall clock for what is written down (log lines, state files, {@link
 * System#currentTimeMillis}). Tests and the offline model pass clocks of their own.
 *
 * @param nanoClock monotonic nanoseconds
 * @param millisClock wall-clock milliseconds since the epoch
 */
public record Clocks(LongSupplier nanoClock, LongSupplier millisClock) {

  /** The machine's clocks. */
  public static final Clocks SYSTEM = new Clocks(System::nanoTime, System::currentTimeMillis);

  public Clocks {
    if (nanoClock == null || millisClock == null) {
      throw new IllegalArgumentException("both clocks are required");
    }
  }

  /** The monotonic clock now, nanoseconds. */
  public long nanos() {
    return nanoClock.getAsLong();
  }

  /** The wall clock now, milliseconds since the epoch. */
  public long millis() {
    return millisClock.getAsLong();
  }
}
