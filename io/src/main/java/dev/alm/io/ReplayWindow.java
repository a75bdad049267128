package dev.alm.io;

/**
 * Anti-replay for one sender of authenticated datagrams, as IPsec's sliding window (RFC 4303
 * section 3.4.3): the highest sequence number accepted and a bitmap of the {@value #WIDTH} below
 * it. A sender numbers its datagrams 1, 2, ...; one that restarts its numbering names an
 * incarnation (its start time, ms, say): a newer incarnation resets the window, an older one is
 * refused. A sender that never restarts uses the methods without an incarnation. Mutable, owned by
 * one receiver's core.
 */
public final class ReplayWindow {

  /** Sequence numbers accepted out of order, below the highest. */
  public static final int WIDTH = 64;

  private long incarnation = Long.MIN_VALUE;
  private long highest;
  private long seen;

  /** The incarnation of the latest datagram accepted, or Long.MIN_VALUE before any. */
  public long incarnation() {
    return incarnation;
  }

  /** Whether {@code seq} is new within the current incarnation; does not record it. */
  public boolean fresh(long seq) {
    return fresh(incarnation, seq);
  }

  /** Whether (incarnation, seq) is new; does not record it. */
  public boolean fresh(long inc, long seq) {
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

  /**
   * Records an accepted {@code seq} of the current incarnation, which {@link #fresh} said was new.
   */
  public void accept(long seq) {
    accept(incarnation, seq);
  }

  /** Records an accepted (incarnation, seq), which {@link #fresh} said was new. */
  public void accept(long inc, long seq) {
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
