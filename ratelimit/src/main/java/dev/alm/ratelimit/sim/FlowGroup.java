package dev.alm.ratelimit.sim;

/**
 * Long-lived TCP flows at one limiter, simulated as a fluid AIMD model (paper 001 section 5: the
 * limiters police TCP New Reno flows).
 *
 * @param limiter the limiter's index
 * @param count how many identical flows
 * @param rtt round-trip time in seconds (paper 001 section 5.1: 40 ms)
 * @param start when they start, seconds
 * @param stop when they stop, seconds
 * @param maxRate the flows' own bottleneck in units/s (an access link; paper 001 section 5.4's
 *     bottlenecked flows), or the path capacity (100 Mbit/s links in the paper)
 */
public record FlowGroup(
    int limiter, int count, double rtt, double start, double stop, double maxRate) {

  public FlowGroup {
    if (limiter < 0 || count < 0 || !(rtt > 0) || !(stop > start) || !(maxRate > 0)) {
      throw new IllegalArgumentException("bad flow group at limiter " + limiter);
    }
  }
}
