package dev.alm.fastcontrol;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nonces of the probes and price echoes counted recently, for replay detection
 * (docs/fastcontrol.md). Signed labels carry a random nonce and an expiry, not a sequence number,
 * so this is a table of nonces rather than a sliding window like {@link dev.alm.io.ReplayWindow}:
 * one primitive hash set per expiry second; a set is dropped once its second plus the clock-skew
 * allowance has passed, since its probes are refused as expired from then on. At most {@code
 * maxNonces} are held (8 bytes each, at most 16 with the hash sets' slack): when full, {@link #add}
 * answers {@link Result#FULL} (fail closed). Thread-safe (one short lock); time is an argument.
 */
public final class RecentNonces {

  /** The outcome of remembering one nonce. */
  public enum Result {
    /** First time seen: remembered. */
    FIRST,
    /** Seen before within the window. */
    REPLAYED,
    /** The table holds {@code maxNonces}: not remembered. */
    FULL
  }

  private final int maxNonces;
  private final long skewMillis;
  private final TreeMap<Long, LongSet> byExpiry = new TreeMap<>();
  private int size;

  /**
   * @param maxNonces the most nonces held
   * @param skewMillis how long after its expiry a nonce is kept (the clock-skew allowance)
   */
  public RecentNonces(int maxNonces, long skewMillis) {
    if (maxNonces < 1) {
      throw new IllegalArgumentException("maxNonces must be >= 1, got " + maxNonces);
    }
    this.maxNonces = maxNonces;
    this.skewMillis = skewMillis;
  }

  /** Remembers the nonce of a probe expiring at {@code expirySeconds}, at {@code nowMillis}. */
  public synchronized Result add(long nonce, long expirySeconds, long nowMillis) {
    prune(nowMillis);
    LongSet s = byExpiry.get(expirySeconds);
    if (s != null && s.contains(nonce)) {
      return Result.REPLAYED;
    }
    if (size >= maxNonces) {
      return Result.FULL;
    }
    if (s == null) {
      s = new LongSet();
      byExpiry.put(expirySeconds, s);
    }
    s.add(nonce);
    size++;
    return Result.FIRST;
  }

  /** Nonces held. */
  public synchronized int size() {
    return size;
  }

  private void prune(long nowMillis) {
    for (Iterator<Map.Entry<Long, LongSet>> it = byExpiry.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Long, LongSet> e = it.next();
      if (e.getKey() * 1000 + skewMillis >= nowMillis) {
        return;
      }
      size -= e.getValue().size();
      it.remove();
    }
  }

  /** An open-addressing set of longs (linear probing, load at most 1/2). */
  private static final class LongSet {
    private long[] slots = new long[16];
    private int count;
    private boolean hasZero;

    boolean contains(long v) {
      if (v == 0) {
        return hasZero;
      }
      int mask = slots.length - 1;
      for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
        long s = slots[i];
        if (s == 0) {
          return false;
        }
        if (s == v) {
          return true;
        }
      }
    }

    void add(long v) {
      if (v == 0) {
        hasZero = true;
        count++;
        return;
      }
      if (2 * (count + 1) > slots.length) {
        grow();
      }
      insert(slots, v);
      count++;
    }

    int size() {
      return count;
    }

    private void grow() {
      long[] bigger = new long[slots.length * 2];
      for (long s : slots) {
        if (s != 0) {
          insert(bigger, s);
        }
      }
      slots = bigger;
    }

    private static void insert(long[] table, long v) {
      int mask = table.length - 1;
      int i = mix(v) & mask;
      while (table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = v;
    }

    private static int mix(long v) {
      long h = v * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32));
    }
  }
}
