package dev.alm.drl.central;

import java.util.Arrays;

/**
 * The counts of one customer's keys in its current window: an open-addressing table of 64-bit key
 * hashes to counts (linear probing, at most half full), with no object per key. A slot is empty
 * when its count is 0; keys are only added and counted up, and all dropped at once when the window
 * ends. Not thread-safe.
 */
final class KeyCountTable {

  private static final int MIN_SLOTS = 16;

  /** Largest table kept, emptied, for the next window. */
  private static final int KEEP_SLOTS = 1024;

  private long[] keys = new long[MIN_SLOTS];
  private int[] counts = new int[MIN_SLOTS];
  private int size;

  /** Keys held. */
  int size() {
    return size;
  }

  /** The slot of {@code key}: where it is, or the empty slot it would take. */
  int slot(long key) {
    int mask = keys.length - 1;
    int i = mix(key) & mask;
    while (counts[i] != 0 && keys[i] != key) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** The count in slot {@code s} (0 when empty). */
  int count(int s) {
    return counts[s];
  }

  /** Counts one more in slot {@code s}, which holds a key already. */
  void increment(int s) {
    counts[s]++;
  }

  /** Puts {@code key} with a count of 1 into the empty slot {@code s} found for it. */
  void add(int s, long key) {
    keys[s] = key;
    counts[s] = 1;
    if (++size * 2 > keys.length) {
      grow();
    }
  }

  /**
   * Drops every key. A large table is given back rather than kept for the next window: the keys
   * held over all customers are bounded, and so, at 12 bytes a slot and at least a quarter full, is
   * the memory of the tables (a table regrows in O(keys) over the next window).
   */
  void clear() {
    if (keys.length > KEEP_SLOTS) {
      keys = new long[MIN_SLOTS];
      counts = new int[MIN_SLOTS];
    } else {
      Arrays.fill(counts, 0);
    }
    size = 0;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldCounts = counts;
    keys = new long[oldKeys.length * 2];
    counts = new int[oldKeys.length * 2];
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldCounts[i] != 0) {
        int s = slot(oldKeys[i]);
        keys[s] = oldKeys[i];
        counts[s] = oldCounts[i];
      }
    }
  }

  private static int mix(long key) {
    long h = key * 0x9E37_79B9_7F4A_7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
