package dev.alm.drl.central;

import java.util.Locale;

/**
 * One customer's per-key limit as the token server holds it (docs/ratelimit/keys-central.md): at
 * most {@code limit} requests of each key in each fixed window of {@code windowMillis}, the windows
 * aligned to the epoch of the wall clock, as the Redis baseline's buckets refill.
 *
 * @param name the customer's name, 1 to {@value LeaseCodec#MAX_NAME_BYTES} UTF-8 bytes
 * @param limit requests per key and window, &ge; 1
 * @param windowMillis the window: one second, minute, hour or day
 */
public record CentralKeyLimit(String name, int limit, long windowMillis) {

  public CentralKeyLimit {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("a customer needs a name");
    }
    if (limit < 1) {
      throw new IllegalArgumentException("customer " + name + ": key limit must be >= 1: " + limit);
    }
    if (windowMillis != 1_000
        && windowMillis != 60_000
        && windowMillis != 3_600_000
        && windowMillis != 86_400_000) {
      throw new IllegalArgumentException(
          "customer "
              + name
              + ": key window must be 1s, 1m, 1h or 1d, got "
              + windowMillis
              + " ms");
    }
  }

  /**
   * The window of {@code 1s}, {@code 1m}, {@code 1h} or {@code 1d} in ms, or -1 for anything else.
   */
  public static long windowMillis(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "1s" -> 1_000;
      case "1m" -> 60_000;
      case "1h" -> 3_600_000;
      case "1d" -> 86_400_000;
      default -> -1;
    };
  }

  /** The window's id at wall time {@code nowMillis}: windows since the epoch. */
  long window(long nowMillis) {
    return Math.floorDiv(nowMillis, windowMillis);
  }

  /** Milliseconds from {@code nowMillis} to the end of its window, at least 1. */
  int millisLeft(long nowMillis) {
    return (int) Math.max(1, windowMillis - Math.floorMod(nowMillis, windowMillis));
  }
}
