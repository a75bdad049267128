package dev.alm.traces;

import java.util.Locale;

/**
 * Beacon host names for FastRoute's correlation measurement (docs/trace-formats.md): every DNS
 * answer to a beacon query is for a name used once, {@code b-<16 hex digits>.beacon.<zone>}; the
 * DNS query log records which PoP answered it (row i of C) and the HTTP access log which proxy the
 * user's request for the same name reached (column j). The {@code beacon} label keeps these names
 * apart from FastControl names, which all end in {@code .fc.<zone>} ({@code
 * <category>.<origin>.fc.<zone>} for probe targets).
 */
public final class BeaconName {
  /** The label under the zone that holds beacon names. */
  public static final String LABEL = "beacon";

  private static final String PREFIX = "b-";
  private static final int HEX = 16;

  private BeaconName() {}

  /** The beacon host with serial {@code id} under {@code zone} (no trailing dot). */
  public static String host(long id, String zone) {
    String hex = String.format(Locale.ROOT, "%016x", id);
    String z = zone.endsWith(".") ? zone.substring(0, zone.length() - 1) : zone;
    return PREFIX + hex + "." + LABEL + "." + z;
  }

  /**
   * Whether {@code host} (without port or trailing dot) is a beacon name under {@code zone} (with
   * or without its trailing dot), letters in either case: the proxy answers such a fetch apart from
   * its load (docs/proxy-node.md, "Correlation beacons").
   */
  public static boolean under(String host, String zone) {
    int z = zone.endsWith(".") ? zone.length() - 1 : zone.length();
    int at = host.length() - z;
    return at == PREFIX.length() + HEX + 1 + LABEL.length() + 1
        && host.charAt(at - 1) == '.'
        && host.regionMatches(true, at, zone, 0, z)
        && key(host) != null;
  }

  /**
   * The unique label ({@code b-<hex>}) of a beacon name, whatever the zone, case and trailing dot,
   * or {@code null} if the name is not a beacon: the key on which DNS answers and HTTP requests are
   * joined.
   */
  public static String key(String name) {
    int n = name.length();
    int firstDot = PREFIX.length() + HEX;
    if (n < firstDot + LABEL.length() + 2
        || !name.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
        || name.charAt(firstDot) != '.'
        || !name.regionMatches(true, firstDot + 1, LABEL, 0, LABEL.length())
        || name.charAt(firstDot + 1 + LABEL.length()) != '.') {
      return null;
    }
    for (int k = PREFIX.length(); k < firstDot; k++) {
      char c = name.charAt(k);
      boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      if (!hex) {
        return null;
      }
    }
    return name.substring(0, firstDot).toLowerCase(Locale.ROOT);
  }
}
