package dev.alm.correlation;

import dev.alm.traces.Timestamps;

/**
 * A half-open interval of time {@code [fromMillis, toMillis)}, for splitting samples into the
 * windows that drift compares.
 */
public record TimeWindow(long fromMillis, long toMillis) {

  public TimeWindow {
    if (toMillis <= fromMillis) {
      throw new IllegalArgumentException("a time window must end after it starts");
    }
  }

  /** Whether {@code t} lies in this window. */
  public boolean contains(long t) {
    return t >= fromMillis && t < toMillis;
  }

  /**
   * Parses {@code START/END}, or a single {@code START} meaning {@code [START, START +
   * lengthMillis)}; times are ISO-8601 UTC or epoch seconds ({@link Timestamps#parseMillis}).
   *
   * @throws IllegalArgumentException with the reason
   */
  public static TimeWindow parse(String text, long lengthMillis) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      long from = Timestamps.parseMillis(text.trim());
      return new TimeWindow(from, from + lengthMillis);
    }
    return new TimeWindow(
        Timestamps.parseMillis(text.substring(0, slash).trim()),
        Timestamps.parseMillis(text.substring(slash + 1).trim()));
  }

  @Override
  public String toString() {
    return Timestamps.format(fromMillis) + "/" + Timestamps.format(toMillis);
  }
}
