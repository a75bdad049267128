package dev.alm.correlation;

import java.util.Arrays;

/**
 * Sample counts n_ij: how many samples were answered by DNS at node i and reached the proxy at node
 * j, over the node numbering of a {@link LabelIndex}. Grows as nodes appear. Not thread-safe.
 */
public final class Counts {
  private long[][] n = new long[16][16];
  private boolean[] seenAsColumn = new boolean[16];
  private int size;
  private long total;

  /** Counts one sample i -> j. */
  public void add(int i, int j) {
    add(i, j, 1);
  }

  /** Counts {@code samples} samples i -> j (counts aggregated elsewhere), {@code samples >= 0}. */
  public void add(int i, int j, long samples) {
    int need = Math.max(i, j) + 1;
    if (need > n.length) {
      grow(need);
    }
    size = Math.max(size, need);
    n[i][j] += samples;
    seenAsColumn[j] = true;
    total += samples;
  }

  private void grow(int need) {
    int cap = Math.max(need, n.length * 2);
    long[][] m = new long[cap][];
    for (int i = 0; i < cap; i++) {
      m[i] = i < n.length ? Arrays.copyOf(n[i], cap) : new long[cap];
    }
    n = m;
    seenAsColumn = Arrays.copyOf(seenAsColumn, cap);
  }

  /** n_ij; 0 outside the nodes seen so far. */
  public long get(int i, int j) {
    return i < n.length && j < n.length ? n[i][j] : 0;
  }

  /** n_i, the samples of row i. */
  public long row(int i) {
    if (i >= n.length) {
      return 0;
    }
    long s = 0;
    for (long v : n[i]) {
      s += v;
    }
    return s;
  }

  /** Whether some sample reached proxy j. */
  public boolean seenAsColumn(int j) {
    return j < seenAsColumn.length && seenAsColumn[j];
  }

  /** All samples. */
  public long total() {
    return total;
  }

  /** The counts as a {@code size x size} array (a copy). */
  public long[][] toArray(int size) {
    long[][] m = new long[size][size];
    for (int i = 0; i < size; i++) {
      for (int j = 0; j < size; j++) {
        m[i][j] = get(i, j);
      }
    }
    return m;
  }
}
