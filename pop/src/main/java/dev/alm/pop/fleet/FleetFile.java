package dev.alm.pop.fleet;

/**
 * One file of a laid-out fleet.
 *
 * @param path where it goes, relative to the fleet's directory ({@code a/pop.json})
 * @param text its content (UTF-8)
 * @param secret whether only its owner may read it (mode 600): keys and tokens
 */
public record FleetFile(String path, String text, boolean secret) {}
