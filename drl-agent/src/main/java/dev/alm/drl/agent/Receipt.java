package dev.alm.drl.agent;

/** What the core did with one received datagram. */
public sealed interface Receipt {

  /** Authenticated, fresh and from a peer: its updates are queued for the next step. */
  record Accepted(int sender) implements Receipt {}

  /** Refused for {@code reason}; nothing changed but the counter of that reason. */
  record Rejected(RejectReason reason) implements Receipt {}
}
