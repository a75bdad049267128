package dev.alm.io;

import io.github.bucket4j.TimeMeter;
import java.util.function.LongSupplier;

/**
 * An injected monotonic nanosecond clock as Bucket4j's {@link TimeMeter}, so that a bucket refills
 * on the same clock as the code around it (and on a test's manual clock in tests). Not wall-clock
 * based: Bucket4j then never compares its readings with the time of day.
 *
 * @param nanoClock the clock, in nanoseconds from any origin, never going back
 */
public record NanoTimeMeter(LongSupplier nanoClock) implements TimeMeter {

  @Override
  public long currentTimeNanos() {
    return nanoClock.getAsLong();
  }

  @Override
  public boolean isWallClockBased() {
    return false;
  }
}
