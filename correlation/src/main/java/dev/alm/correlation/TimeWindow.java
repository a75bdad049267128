package dev.alm.correlation;

import dev.alm.traces.Timestamps;
import java.io.Serializable;
import java.util.List;

/**
 * A half-open interval of time {@code [fromMillis, toMillis)}, for splitting samples into the
 * windows that drift compares.
 */
public record TimeWindow(long fromMillis, long toMillis) implements Serializable {

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
   * The window of {@code t} among {@code windows}: 0 without windows (everything counts as one),
   * else the first window holding {@code t}, -1 outside every window. The rule of every engine.
   */
  public static int index(List<TimeWindow> windows, long t) {
    if (windows.isEmpty()) {
      return 0;
    }
    for (int k = 0; k < windows.size(); k++) {
      if (windows.get(k).contains(t)) {
        return k;
      }
    }
    return -1;
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
