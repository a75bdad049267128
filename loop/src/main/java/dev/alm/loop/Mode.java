package dev.alm.loop;

import java.util.Locale;

/**
 * What a PoP's loop is doing this interval.
 *
 * <ul>
 *   <li>{@code NORMAL}: the configured algorithm runs on fresh measurements;
 *   <li>{@code FALLBACK}: a measurement is missing and a safe substitute runs: the configured safe
 *       x when the proxy's meter is stale, the greedy law when FastControl probes stopped arriving
 *       under the dual.
 * </ul>
 */
public enum Mode {
  NORMAL,
  FALLBACK;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
