package dev.alm.proxy.limit;

import java.util.function.LongSupplier;

/**
 * Wall-clock milliseconds from a reading of the monotonic clock the request path already took (a
 * request's arrival), so that a per-key limit's window costs no clock read per request: the offset
 * between the two clocks is taken again every {@link CustomerLimits#REFRESH_NANOS}, and follows the
 * wall clock's corrections from one to the next.
 */
final class WallAnchor {

  private final LongSupplier nanoClock;
  private final LongSupplier millisClock;
  private volatile long offsetNanos;

  WallAnchor(LongSupplier nanoClock, LongSupplier millisClock) {
    this.nanoClock = nanoClock;
    this.millisClock = millisClock;
    anchor();
  }

  /** Takes the offset between the clocks again. */
  void anchor() {
    offsetNanos = millisClock.getAsLong() * 1_000_000L - nanoClock.getAsLong();
  }

  /** The wall-clock milliseconds of monotonic reading {@code nanos}. */
  long millis(long nanos) {
    return Math.floorDiv(nanos + offsetNanos, 1_000_000L);
  }

  /** The wall-clock milliseconds now. */
  long now() {
    return millis(nanoClock.getAsLong());
  }
}
