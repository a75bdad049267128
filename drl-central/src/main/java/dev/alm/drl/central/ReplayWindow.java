package dev.alm.drl.central;

/**
 * Anti-replay for one client, as IPsec's sliding window (RFC 4303 section 3.4.3): the highest
 * sequence number accepted and a bitmap of the {@value #WIDTH} below it. Mutable, owned by the
 * token server's core.
 */
final class ReplayWindow {

  /** Sequence numbers accepted out of order, below the highest. */
  static final int WIDTH = 64;

  private long highest;
  private long seen;
  private long lastNanos;

  /** Whether {@code seq} is new; does not record it. */
  boolean fresh(long seq) {
    if (seq < 1) {
      return false;
    }
    if (seq > highest) {
      return true;
    }
    long back = highest - seq;
    return back < WIDTH && (seen & (1L << back)) == 0;
  }

  /** Records an accepted {@code seq} at {@code nowNanos}, which {@link #fresh} said was new. */
  void accept(long seq, long nowNanos) {
    lastNanos = nowNanos;
    if (seq > highest) {
      long shift = seq - highest;
      seen = shift >= WIDTH ? 1 : (seen << shift) | 1;
      highest = seq;
    } else {
      seen |= 1L << (highest - seq);
    }
  }

  /** When the last message was accepted. */
  long lastNanos() {
    return lastNanos;
  }
}
