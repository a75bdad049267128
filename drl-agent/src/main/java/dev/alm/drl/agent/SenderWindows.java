package dev.alm.drl.agent;

import dev.alm.io.ReplayWindow;

/**
 * The checks every authenticated datagram of one receiver passes after its MAC: a sender id among
 * the other agents, and a sequence number new in that sender's replay window; a datagram of a newer
 * incarnation also says the sender restarted. The allocators' gossip and the per-key sharing keep
 * one each (their sequence numbers are counted apart).
 */
final class SenderWindows {

  /** What a datagram's sender and sequence number came to. */
  enum Verdict {
    /** New, from a sender in its current incarnation (or its first). */
    FRESH,
    /** New, from a sender that restarted since its last datagram. */
    RESTARTED,
    /** A sender id outside 0..N-1, or the receiver's own. */
    BAD_SENDER,
    /** Seen before, or too old. */
    REPLAY
  }

  private final int self;
  private final ReplayWindow[] windows;

  SenderWindows(int self, int limiters) {
    this.self = self;
    this.windows = new ReplayWindow[limiters];
    for (int i = 0; i < limiters; i++) {
      windows[i] = new ReplayWindow();
    }
  }

  /** Checks and, when new, records a datagram of {@code from}. */
  Verdict accept(int from, long incarnation, long seq) {
    if (from < 0 || from >= windows.length || from == self) {
      return Verdict.BAD_SENDER;
    }
    ReplayWindow w = windows[from];
    if (!w.fresh(incarnation, seq)) {
      return Verdict.REPLAY;
    }
    boolean restarted = w.incarnation() != Long.MIN_VALUE && w.incarnation() != incarnation;
    w.accept(incarnation, seq);
    return restarted ? Verdict.RESTARTED : Verdict.FRESH;
  }
}
