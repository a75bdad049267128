package dev.alm.ratelimit.keys;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * When this PoP last heard from each other PoP: a sign of life per PoP, not per key. A key's home
 * takes a reporter it has not heard from for {@code silenceMillis} (no datagram at all: a
 * partition, a crash) at the most it may admit on its own ({@link KeyHome#round(long,
 * IntPredicate)}), rather than at its last count; a slow key's reporter that is merely quiet about
 * that key is still heard through its other datagrams, or its heartbeats. Not thread-safe: its
 * owner's loop feeds it.
 */
public final class PeerLiveness {

  /**
   * Rounds without a datagram from a PoP after which it counts as silent: as long as a reporter
   * waits for its home's answer before it keeps to its share.
   */
  public static final int SILENT_ROUNDS = KeyedLimiter.FRESH_ROUNDS;

  /** A PoP sends every other PoP something at least every this many rounds (an empty datagram). */
  public static final int HEARTBEAT_ROUNDS = 3;

  private final int self;
  private final long silenceMillis;
  private final long[] lastHeard;

  /**
   * @param pops the PoPs' ids are 0..pops-1
   * @param self this PoP's id (never silent)
   * @param silenceMillis silent after this long without a datagram
   * @param startMillis every PoP counts as heard at the start
   */
  public PeerLiveness(int pops, int self, long silenceMillis, long startMillis) {
    if (pops < 1 || self < 0 || self >= pops || silenceMillis < 1) {
      throw new IllegalArgumentException(
          "pops " + pops + ", self " + self + ", silence " + silenceMillis);
    }
    this.self = self;
    this.silenceMillis = silenceMillis;
    this.lastHeard = new long[pops];
    Arrays.fill(lastHeard, startMillis);
  }

  /** The silence of the sharing settings: {@value #SILENT_ROUNDS} rounds. */
  public static PeerLiveness of(int pops, int self, KeyShareSettings s, long startMillis) {
    return new PeerLiveness(pops, self, SILENT_ROUNDS * s.roundMillis(), startMillis);
  }

  /** An authenticated datagram from {@code pop} arrived at {@code nowMillis}. */
  public void heard(int pop, long nowMillis) {
    if (pop >= 0 && pop < lastHeard.length && nowMillis > lastHeard[pop]) {
      lastHeard[pop] = nowMillis;
    }
  }

  /** Whether {@code pop} has been silent for longer than the silence at {@code nowMillis}. */
  public boolean silent(int pop, long nowMillis) {
    return pop != self
        && pop >= 0
        && pop < lastHeard.length
        && nowMillis - lastHeard[pop] > silenceMillis;
  }

  /** {@link #silent} at {@code nowMillis}, as a predicate over PoP ids. */
  public IntPredicate silentAt(long nowMillis) {
    return pop -> silent(pop, nowMillis);
  }
}
