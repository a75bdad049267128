package dev.alm.proxy.limit;

import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import java.util.Map;

/**
 * A customer's per-key limit (docs/ratelimit/keys.md): what it keys on, how many requests a key may
 * make per window across every PoP, and named keys with limits of their own. Immutable and checked
 * at construction ({@code keys.field: reason}).
 *
 * @param key what the key is ({@link KeyDescriptor})
 * @param limit requests per key per window, over all PoPs
 * @param window the window
 * @param overrides limits of named keys (in clear, as configured; they are hashed like every key)
 * @param overridesFile a CSV file of {@code key,limit} lines read with the customers (so {@code
 *     POST /customers} and a reload read it again), or null
 * @param maxKeys the keys a PoP holds for the customer; the least recently used are forgotten
 * @param stateFile where this PoP keeps its keys' counts (written every {@link #SAVE_MILLIS} and at
 *     a clean stop, read at start), so a restart within a window keeps them; null for none
 */
public record KeyRule(
    KeyDescriptor key,
    long limit,
    KeyWindow window,
    Map<String, Long> overrides,
    String overridesFile,
    int maxKeys,
    String stateFile) {

  /** How often a PoP writes its keys' state file: every 5 s. */
  public static final long SAVE_MILLIS = 5_000;

  /** A rule without a state file. */
  public KeyRule(
      KeyDescriptor key,
      long limit,
      KeyWindow window,
      Map<String, Long> overrides,
      String overridesFile,
      int maxKeys) {
    this(key, limit, window, overrides, overridesFile, maxKeys, null);
  }

  /** The most named keys a rule holds (list and file together). */
  public static final int MAX_OVERRIDES = 1_000_000;

  /**
   * The longest named key ({@code overrides}, {@code overridesFile}), in characters. A request's
   * key is bounded only by the proxy's header limit: it is hashed, never held
   * (docs/ratelimit/keys-hostile.md).
   */
  public static final int MAX_KEY_LENGTH = 1024;

  /** Validates. */
  public KeyRule {
    if (key == null) {
      throw new IllegalArgumentException("keys.key: required (header:NAME, client, ...)");
    }
    if (limit < 0 || limit > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("keys.limit: in [0, 2^31 - 1], got " + limit);
    }
    if (window == null) {
      throw new IllegalArgumentException("keys.window: required (1s, 1m, 1h or 1d)");
    }
    overrides = overrides == null ? Map.of() : Map.copyOf(overrides);
    if (overrides.size() > MAX_OVERRIDES) {
      throw new IllegalArgumentException(
          "keys.overrides: at most " + MAX_OVERRIDES + " named keys, got " + overrides.size());
    }
    for (Map.Entry<String, Long> e : overrides.entrySet()) {
      if (e.getKey().isEmpty() || e.getKey().length() > MAX_KEY_LENGTH) {
        throw new IllegalArgumentException(
            "keys.overrides: a key of 1 to " + MAX_KEY_LENGTH + " characters");
      }
      if (e.getValue() < 0 || e.getValue() > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "keys.overrides: limit of a named key in [0, 2^31 - 1], got " + e.getValue());
      }
    }
    if (maxKeys < 1) {
      throw new IllegalArgumentException("keys.maxKeys: at least 1, got " + maxKeys);
    }
  }

  /** The default bound on keys held per customer. */
  public static final int DEFAULT_MAX_KEYS = KeyShareSettings.DEFAULTS.maxKeys();
}
