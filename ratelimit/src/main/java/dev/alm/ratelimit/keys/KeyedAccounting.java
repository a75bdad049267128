package dev.alm.ratelimit.keys;

import java.util.Arrays;

/**
 * What a keyed run measures (the same offline and live): per key and window, its demand and what
 * was admitted; at the end of each window, admitted / limit of the keys at or over their limit
 * (all, those at several PoPs, those that moved) and the refusals of keys under it. The first
 * window measured is kept apart: every PoP starts it without state, and live it is only part of a
 * window.
 */
public final class KeyedAccounting {

  /** A growable list of doubles. */
  private static final class Values {
    double[] v = new double[1024];
    int n;

    void add(double x) {
      if (n == v.length) {
        v = Arrays.copyOf(v, n * 2);
      }
      v[n++] = x;
    }

    KeyedResult.Ratios ratios() {
      return KeyedResult.Ratios.of(v, n);
    }
  }

  private final KeyedWorkload w;
  private final long limit;
  private final long roamAtMillis;
  private final long windowMillis;
  private final int[] demand;
  private final int[] admitted;
  private final Values first = new Values();
  private final Values over = new Values();
  private final Values overMulti = new Values();
  private final Values roamed = new Values();
  private final Values roamWindow = new Values();
  private long underKeys;
  private long underRefusedKeys;
  private long underRefused;
  private int windows;
  private long requests;

  /**
   * @param roamAtMillis when the keys that move do, on the run's clock (the same as the windows')
   */
  public KeyedAccounting(KeyedWorkload w, long roamAtMillis) {
    this.w = w;
    this.limit = w.limit();
    this.roamAtMillis = roamAtMillis;
    this.windowMillis = w.scenario().window().millis();
    this.demand = new int[w.scenario().keys()];
    this.admitted = new int[w.scenario().keys()];
  }

  /** One request of key {@code k}, admitted or not. */
  public void request(int k, boolean wasAdmitted) {
    demand[k]++;
    if (wasAdmitted) {
      admitted[k]++;
    }
    requests++;
  }

  /** Ends the window that started at {@code windowStart} (same clock as the move). */
  public void closeWindow(long windowStart) {
    windows++;
    boolean roamIn = roamAtMillis >= windowStart && roamAtMillis < windowStart + windowMillis;
    boolean afterRoam = windowStart >= roamAtMillis + 2_000;
    for (int k = 0; k < demand.length; k++) {
      int d = demand[k];
      if (d == 0) {
        continue;
      }
      long h = w.keyHash(k);
      if (d >= limit) {
        double ratio = admitted[k] / (double) limit;
        if (windows == 1) {
          first.add(ratio);
          continue;
        }
        over.add(ratio);
        if (w.multi(h)) {
          overMulti.add(ratio);
        }
        if (w.roams(k, h) && roamIn) {
          roamWindow.add(ratio);
        } else if (w.roams(k, h) && afterRoam) {
          roamed.add(ratio);
        }
      } else {
        underKeys++;
        if (admitted[k] < d) {
          underRefusedKeys++;
          underRefused += d - admitted[k];
        }
      }
    }
    Arrays.fill(demand, 0);
    Arrays.fill(admitted, 0);
  }

  /**
   * The result, with the sharing's traffic measured by the caller and the PoPs' tables.
   *
   * @param bytesPerPop bytes each PoP sent over the run
   * @param seconds the run's length
   * @param tables the PoPs' tables of keys (kept, forgotten, stale grants)
   * @param homeRefused reports the homes refused over their bound
   */
  public KeyedResult result(
      long[] bytesPerPop,
      double seconds,
      long reports,
      long grants,
      KeyedLimiter[] tables,
      long homeRefused,
      double wallSeconds) {
    double sum = 0;
    double max = 0;
    for (long b : bytesPerPop) {
      sum += b / seconds;
      max = Math.max(max, b / seconds);
    }
    long[] t = new long[3];
    for (KeyedLimiter l : tables) {
      t[0] = Math.max(t[0], l.keys());
      t[1] += l.forgotten();
      t[2] += l.staleGrants();
    }
    return new KeyedResult(
        limit,
        windows,
        requests,
        first.ratios(),
        over.ratios(),
        overMulti.ratios(),
        roamed.ratios(),
        roamWindow.ratios(),
        underKeys,
        underRefusedKeys,
        underRefused,
        sum / bytesPerPop.length,
        max,
        reports,
        grants,
        t[0],
        t[1],
        t[2],
        homeRefused,
        wallSeconds);
  }
}
