package dev.alm.ratelimit.keys;

import java.util.Locale;

/**
 * The window a per-key limit counts in: a second, a minute, an hour or a day, fixed or sliding.
 * Windows are aligned to the epoch ({@code nowMillis / millis}), so every PoP whose clock is right
 * within a fraction of the window counts the same window without talking.
 *
 * <p>A fixed window admits {@code limit} requests from its start to its end. A sliding window
 * (Cloudflare's approximation of a sliding log) weighs the previous window's global count by the
 * part of it still inside the last {@code millis}: {@code prev * (1 - elapsed / millis) + current
 * <= limit}.
 *
 * @param millis the window's length
 * @param sliding whether the previous window counts in proportion
 */
public record KeyWindow(long millis, boolean sliding) {

  /** One second, the window of a rate. */
  public static final KeyWindow SECOND = new KeyWindow(1_000, false);

  /** Validates. */
  public KeyWindow {
    if (millis != 1_000 && millis != 60_000 && millis != 3_600_000 && millis != 86_400_000) {
      throw new IllegalArgumentException("window: one of 1s, 1m, 1h, 1d, got " + millis + " ms");
    }
  }

  /**
   * Reads {@code 1s | 1m | 1h | 1d | second | minute | hour | day}, with an optional {@code
   * sliding} or {@code fixed} after a space ({@code "1h sliding"}); fixed by default.
   */
  public static KeyWindow parse(String text) {
    String[] parts =
        text == null ? new String[0] : text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    if (parts.length < 1 || parts.length > 2 || parts[0].isEmpty()) {
      throw new IllegalArgumentException(
          "window: '1s', '1m', '1h' or '1d', optionally followed by 'sliding', got '" + text + "'");
    }
    long millis =
        switch (parts[0]) {
          case "1s", "second" -> 1_000;
          case "1m", "minute" -> 60_000;
          case "1h", "hour" -> 3_600_000;
          case "1d", "day" -> 86_400_000;
          default ->
              throw new IllegalArgumentException(
                  "window: '1s', '1m', '1h' or '1d', got '" + parts[0] + "'");
        };
    boolean sliding = false;
    if (parts.length == 2) {
      if (!parts[1].equals("sliding") && !parts[1].equals("fixed")) {
        throw new IllegalArgumentException(
            "window: 'fixed' or 'sliding' after the length, got '" + parts[1] + "'");
      }
      sliding = parts[1].equals("sliding");
    }
    return new KeyWindow(millis, sliding);
  }

  /** The window's id at {@code nowMillis}: windows since the epoch. */
  public long id(long nowMillis) {
    return Math.floorDiv(nowMillis, millis);
  }

  /** Milliseconds from {@code nowMillis} to the end of its window, at least 1. */
  public long millisLeft(long nowMillis) {
    return Math.max(1, millis - Math.floorMod(nowMillis, millis));
  }

  /**
   * The part of the limit the previous window still takes at {@code nowMillis}: {@code prev * (1 -
   * elapsed / millis)} when sliding, 0 when fixed.
   */
  public double carried(long previousCount, long nowMillis) {
    if (!sliding || previousCount <= 0) {
      return 0;
    }
    double elapsed = Math.floorMod(nowMillis, millis) / (double) millis;
    return previousCount * (1 - elapsed);
  }

  /** The text {@link #parse} reads back. */
  public String text() {
    String len =
        switch ((int) (millis / 1000)) {
          case 1 -> "1s";
          case 60 -> "1m";
          case 3600 -> "1h";
          default -> "1d";
        };
    return sliding ? len + " sliding" : len;
  }

  /** The window in seconds, for the RateLimit-Policy field's {@code w} parameter. */
  public long seconds() {
    return millis / 1000;
  }
}
