package dev.alm.proxy.limit;

import java.util.Locale;

/**
 * Where a customer's local limit at this PoP comes from (docs/ratelimit/enforcement.md).
 *
 * <ul>
 *   <li>{@link #DRL}: the share the PoP's DRL agent computes from the gossiped demands (paper 001
 *       section 3); without an agent (a standalone {@code alm proxy}) the safe share L/N;
 *   <li>{@link #INDEPENDENT}: the whole global limit at every PoP (no coordination: the baseline
 *       that lets a customer run N times over);
 *   <li>{@link #STATIC}: L/N, paper 001 section 5.7's static split;
 *   <li>{@link #CENTRAL}: every request asks a {@link CentralLimiter} (a Redis bucket or a token
 *       server, article 002's storage-based throttling): the baseline with a network hop.
 * </ul>
 */
public enum LimitMode {
  DRL,
  INDEPENDENT,
  STATIC,
  CENTRAL;

  /** The name in config files and on /status. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode of a config label, or null. */
  public static LimitMode of(String label) {
    for (LimitMode m : values()) {
      if (m.label().equals(label)) {
        return m;
      }
    }
    return null;
  }
}
