package dev.alm.drl.agent;

/**
 * Decides whether a datagram to or from a peer goes through: the fault-injection seam of the UDP
 * adapter (partitions and message loss in tests and in {@code alm drl agents}). The default passes
 * everything.
 */
@FunctionalInterface
public interface GossipFilter {

  /** Passes every datagram. */
  GossipFilter ALL = (peer, outgoing) -> true;

  /**
   * @param peer the peer's id (the sender claimed in an incoming datagram, -1 if unreadable)
   * @param outgoing true for a datagram being sent, false for one received
   */
  boolean pass(int peer, boolean outgoing);
}
