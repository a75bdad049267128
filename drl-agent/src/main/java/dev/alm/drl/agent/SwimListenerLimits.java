package dev.alm.drl.agent;

import dev.alm.node.ConnectionCapped;
import java.time.Duration;

/**
 * The caps and deadlines of a PoP's SWIM listener, the same kinds as the proxy's and the DNS
 * server's: connections in all and per source address, a deadline for each frame from its first
 * byte to its last, and an idle timeout between frames.
 *
 * <p>Members hold one connection to each other member they ping, and SWIM pings a member every
 * protocol period, so a real peer's connection is never idle for long and never slow to finish a
 * frame; an outsider's idle, partial or junk connection is closed and counted.
 *
 * @param maxConnections connections open at once
 * @param perAddress connections open at once from one source address
 * @param frameDeadline from the first byte of a frame (or from the connection's opening) to its
 *     last
 * @param idle the longest silence between frames
 */
public record SwimListenerLimits(
    int maxConnections, int perAddress, Duration frameDeadline, Duration idle)
    implements ConnectionCapped<SwimListenerLimits> {

  /** Connections open at once: a fleet of 100 PoPs, each with one connection in and a few spare. */
  public static final int DEFAULT_MAX_CONNECTIONS = 512;

  /** Connections from one address: a member reconnecting while its old connection closes. */
  public static final int DEFAULT_PER_ADDRESS = 32;

  /** A frame of at most 256 KiB arrives in well under this on any link a fleet uses. */
  public static final Duration DEFAULT_FRAME_DEADLINE = Duration.ofSeconds(5);

  /** Far above the silence of a member's connection (a ping every protocol period). */
  public static final Duration DEFAULT_IDLE = Duration.ofSeconds(60);

  /** The defaults above. */
  public static final SwimListenerLimits DEFAULTS =
      new SwimListenerLimits(
          DEFAULT_MAX_CONNECTIONS, DEFAULT_PER_ADDRESS, DEFAULT_FRAME_DEADLINE, DEFAULT_IDLE);

  /** The same limits with at most {@code max} connections (and per address no more than that). */
  @Override
  public SwimListenerLimits capped(int max) {
    int m = Math.max(1, Math.min(max, maxConnections));
    return new SwimListenerLimits(m, Math.min(perAddress, m), frameDeadline, idle);
  }

  public SwimListenerLimits {
    if (maxConnections < 1 || perAddress < 1 || perAddress > maxConnections) {
      throw new IllegalArgumentException(
          "SWIM connection caps: need 1 <= perAddress <= maxConnections, got "
              + perAddress
              + " and "
              + maxConnections);
    }
    if (frameDeadline == null || frameDeadline.isNegative() || frameDeadline.isZero()) {
      throw new IllegalArgumentException("SWIM frame deadline must be > 0");
    }
    if (idle == null || idle.compareTo(frameDeadline) < 0) {
      throw new IllegalArgumentException("SWIM idle timeout must be >= the frame deadline");
    }
  }
}
