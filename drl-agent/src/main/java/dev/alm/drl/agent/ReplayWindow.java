package dev.alm.drl.agent;

/**
 * Anti-replay for one sender, as IPsec's sliding window (RFC 4303 section 3.4.3): the highest
 * sequence number accepted and a bitmap of the {@value #WIDTH} below it. A sender numbers its
 * datagrams 1, 2, ... within an incarnation (its start time, ms); a newer incarnation resets the
 * window, an older one is refused. Mutable, owned by one agent's core.
 */
final class ReplayWindow {

  /** Sequence numbers accepted out of order, below the highest. */
  static final int WIDTH = 64;

  private long incarnation = Long.MIN_VALUE;
  private long highest;
  private long seen;

  /** The incarnation of the latest datagram accepted, or Long.MIN_VALUE before any. */
  long incarnation() {
    return incarnation;
  }

  /** Whether (incarnation, seq) is new; does not record it. */
  boolean fresh(long inc, long seq) {
    if (seq < 1) {
      return false;
    }
    if (inc != incarnation) {
      return inc > incarnation;
    }
    if (seq > highest) {
      return true;
    }
    long back = highest - seq;
    return back < WIDTH && (seen & (1L << back)) == 0;
  }

  /** Records an accepted (incarnation, seq), which {@link #fresh} said was new. */
  void accept(long inc, long seq) {
    if (inc != incarnation) {
      incarnation = inc;
      highest = seq;
      seen = 1;
      return;
    }
    if (seq > highest) {
      long shift = seq - highest;
      seen = shift >= WIDTH ? 1 : (seen << shift) | 1;
      highest = seq;
    } else {
      seen |= 1L << (highest - seq);
    }
  }
}
