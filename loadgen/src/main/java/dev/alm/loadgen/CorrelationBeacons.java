package dev.alm.loadgen;

import java.net.InetAddress;

/**
 * Correlation beacons of {@link Users} ({@code alm lab}).
 *
 * @param rate beacons per second
 * @param l1Address the L1 address a beacon's answer must name to be fetched (from the lane's L1)
 */
public record CorrelationBeacons(double rate, InetAddress l1Address) {}
