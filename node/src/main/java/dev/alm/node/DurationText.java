package dev.alm.node;

import java.time.Duration;
import java.util.Locale;

/**
 * The one way durations are written on alm's command lines: {@code 500ms}, {@code 60s}, {@code 2m},
 * {@code 1h}, or a plain number of seconds ({@code 45}, {@code 0.5}).
 */
public final class DurationText {

  /** The longest duration accepted: a year. */
  public static final Duration MAX = Duration.ofDays(366);

  private DurationText() {}

  /**
   * Parses a duration.
   *
   * @throws IllegalArgumentException naming the expected forms and what was given
   */
  public static Duration parse(String text) {
    return parse(text, false);
  }

  /**
   * Parses a duration that may be 0 (a limit that is off: {@code 0}, {@code 0s}, {@code 0ms}).
   *
   * @throws IllegalArgumentException naming the expected forms and what was given
   */
  public static Duration parseOrZero(String text) {
    return parse(text, true);
  }

  private static Duration parse(String text, boolean zero) {
    if (text == null) {
      throw new IllegalArgumentException("expected a duration such as 60s, got nothing");
    }
    String v = text.trim().toLowerCase(Locale.ROOT);
    double unit = 1;
    if (v.endsWith("ms")) {
      unit = 1e-3;
      v = v.substring(0, v.length() - 2);
    } else if (v.endsWith("h")) {
      unit = 3600;
      v = v.substring(0, v.length() - 1);
    } else if (v.endsWith("m")) {
      unit = 60;
      v = v.substring(0, v.length() - 1);
    } else if (v.endsWith("s")) {
      v = v.substring(0, v.length() - 1);
    }
    v = v.trim();
    if (!v.matches("[+-]?[0-9]+(\\.[0-9]*)?|[+-]?\\.[0-9]+")) {
      throw new IllegalArgumentException(
          "expected 500ms, 60s, 2m, 1h or a number of seconds, got '" + text + "'");
    }
    double seconds = Double.parseDouble(v) * unit;
    if (!(seconds > 0 || (zero && seconds == 0))) {
      throw new IllegalArgumentException(
          (zero ? "must be 0 or longer" : "must be longer than 0") + ", got '" + text + "'");
    }
    if (seconds > MAX.getSeconds()) {
      throw new IllegalArgumentException("must be at most 366 days, got '" + text + "'");
    }
    return Duration.ofNanos(Math.round(seconds * 1e9));
  }
}
