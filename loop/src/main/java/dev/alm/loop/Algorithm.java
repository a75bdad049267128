package dev.alm.loop;

import java.util.Locale;

/**
 * The control law a PoP runs: FastRoute's greedy law (paper 004 Algorithm 2) or the dual (Algorithm
 * 1).
 */
public enum Algorithm {
  GREEDY,
  DUAL;

  /** The name used in configuration files, status pages and summaries. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code greedy} or {@code dual}, in any letter case. */
  public static Algorithm parse(String text) {
    for (Algorithm a : values()) {
      if (a.label().equalsIgnoreCase(text)) {
        return a;
      }
    }
    throw new IllegalArgumentException("algorithm must be greedy or dual, got '" + text + "'");
  }
}
