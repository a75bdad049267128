package dev.alm.drl.agent;

import java.util.Locale;

/** Why a received gossip datagram changed nothing; each is counted (/status, metrics). */
public enum RejectReason {
  /**
   * Too short, wrong magic or version (version 1 included), a length that does not add up, a value
   * not finite.
   */
  MALFORMED,
  /** The MAC matches no key of the key ring (forged, or signed with a retired key). */
  BAD_MAC,
  /**
   * Genuine (the MAC verifies) but addressed to another agent: a datagram captured on its way to
   * one PoP and replayed to this one, or peers whose addresses are crossed.
   */
  WRONG_RECEIVER,
  /** A sender id outside 0..N-1, or this agent's own id. */
  BAD_SENDER,
  /** A sequence number already seen or older than the window, or an older incarnation. */
  REPLAY;

  /** The name shown in /status and metrics. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
