package dev.alm.proxy;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/** A nanosecond clock that tests move by hand; starts at a whole second far from zero. */
final class ManualClock implements LongSupplier {
  static final long SECOND = 1_000_000_000L;
  private final AtomicLong now = new AtomicLong(1_000 * SECOND);

  @Override
  public long getAsLong() {
    return now.get();
  }

  void set(long nanos) {
    now.set(nanos);
  }

  void advance(long nanos) {
    now.addAndGet(nanos);
  }

  long start() {
    return 1_000 * SECOND;
  }
}
