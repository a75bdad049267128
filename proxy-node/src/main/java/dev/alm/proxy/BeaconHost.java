package dev.alm.proxy;

import dev.alm.traces.BeaconName;

/**
 * A correlation beacon's host name under a zone, {@code b-<16 hex>.beacon.<zone>} ({@link
 * BeaconName}), as the proxy recognizes one to answer it apart from S_i (docs/proxy-node.md,
 * "Correlation beacons"). Pure.
 */
final class BeaconHost {

  /** The length of {@code b-<16 hex>.beacon} before a beacon name's zone. */
  private static final int PREFIX = 2 + 16 + 1 + BeaconName.LABEL.length();

  private BeaconHost() {}

  /**
   * Whether {@code host} (without port or trailing dot) is a beacon's name under {@code zone} (with
   * or without its trailing dot), letters in either case.
   */
  static boolean under(String host, String zone) {
    int z = zone.endsWith(".") ? zone.length() - 1 : zone.length();
    int at = host.length() - z;
    return at - 1 == PREFIX
        && host.charAt(at - 1) == '.'
        && host.regionMatches(true, at, zone, 0, z)
        && BeaconName.key(host) != null;
  }
}
