package dev.alm.ratelimit.keys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The home's side of key sharing for one customer: the reports of the keys this PoP is home for
 * ({@link KeyHomes}), per reporting PoP, in the current window; once a round, a grant to every
 * reporter of each key that at least two PoPs reported and that changed since the last round. A key
 * only one PoP reports needs no grant: it is that PoP's alone. Reports of an older window are
 * dropped (counted); one of a newer window starts it. A PoP that reports a key as shared (it was
 * granted in the last window) gets an answer even alone, so it learns that the others are gone. At
 * most {@code maxHomeKeys} keys a window, a new key over it is refused (counted): its reporters
 * keep enforcing the whole limit alone.
 */
public final class KeyHome {

  /** What the home holds of one key: one slot per reporting PoP. */
  private static final class Reports {
    int n;
    int[] pops = new int[2];
    int[] counts = new int[2];
    int[] arrivals = new int[2];
    float[] rates = new float[2];
    float[] admittedRates = new float[2];
    int[] limits = new int[2];
    boolean[] shared = new boolean[2];
    long[] at = new long[2];
    boolean[] fresh = new boolean[2];
    boolean dirty;
    boolean askedShared;

    /** The reporters and the total of the last grants sent to all of them. */
    int grantedN;

    long grantedTotal;

    void put(int pop, KeyReport r, long nowMillis) {
      int i = 0;
      while (i < n && pops[i] != pop) {
        i++;
      }
      if (i == n) {
        if (n == pops.length) {
          pops = Arrays.copyOf(pops, n * 2);
          counts = Arrays.copyOf(counts, n * 2);
          arrivals = Arrays.copyOf(arrivals, n * 2);
          rates = Arrays.copyOf(rates, n * 2);
          admittedRates = Arrays.copyOf(admittedRates, n * 2);
          at = Arrays.copyOf(at, n * 2);
          limits = Arrays.copyOf(limits, n * 2);
          shared = Arrays.copyOf(shared, n * 2);
          fresh = Arrays.copyOf(fresh, n * 2);
        }
        pops[n++] = pop;
      }
      counts[i] = Math.max(counts[i], r.count());
      arrivals[i] = Math.max(arrivals[i], r.arrivals());
      rates[i] = r.rate();
      admittedRates[i] = r.admittedRate();
      limits[i] = r.limit();
      shared[i] = r.shared();
      at[i] = nowMillis;
      fresh[i] = true;
      askedShared |= r.shared();
      dirty = true;
    }

    /** What {@code i} has admitted by {@code nowMillis}, projected from its last report. */
    double projected(int i, long nowMillis, KeyShareSettings s) {
      long age = Math.min(s.refreshMillis(), Math.max(0, nowMillis - at[i]));
      double step = (shared[i] ? s.updateFraction() : s.localUpdateFraction()) * limits[i];
      // no more than it reports again after, nor than it admits in the two rounds before its
      // next report can arrive
      double cap = Math.max(Math.max(1, step), admittedRates[i] * 2 * s.roundMillis() / 1000.0);
      double growth = Math.min(admittedRates[i] * age / 1000.0, cap);
      return Math.min(counts[i] + growth, Math.max(counts[i], limits[i]));
    }
  }

  /** A grant and the PoP it goes to. */
  public record Addressed(int pop, KeyGrant grant) {}

  private final int maxKeys;
  private final KeyShareSettings settings;
  private Map<Long, Reports> keys = new HashMap<>();
  private final List<Reports> dirty = new ArrayList<>();
  private final List<Long> dirtyKeys = new ArrayList<>();
  private int window;
  private boolean started;
  private long stale;
  private long refused;

  /**
   * @param settings the sharing settings: the most keys held in one window, and the refresh period
   *     (a reporter's count is projected at most that far)
   */
  public KeyHome(KeyShareSettings settings) {
    this.maxKeys = settings.maxHomeKeys();
    this.settings = settings;
  }

  /** Takes {@code pop}'s report, received at {@code nowMillis}. */
  public void receive(int pop, KeyReport r, long nowMillis) {
    if (!started || r.window() - window > 0) {
      keys = new HashMap<>();
      dirty.clear();
      dirtyKeys.clear();
      window = r.window();
      started = true;
    } else if (r.window() != window) {
      stale++;
      return;
    }
    Reports k = keys.get(r.key());
    if (k == null) {
      if (keys.size() >= maxKeys) {
        refused++;
        return;
      }
      k = new Reports();
      keys.put(r.key(), k);
    }
    boolean was = k.dirty;
    k.put(pop, r, nowMillis);
    if (!was) {
      dirty.add(k);
      dirtyKeys.add(r.key());
    }
  }

  /**
   * The round's grants at {@code nowMillis}: for each changed key that two or more PoPs reported
   * (or that one reported as shared), to every reporter when a reporter joined, the total grew by
   * delta L since they last heard or it is within 2 n delta L of the limit, else to the PoPs that
   * reported this round. A grant counts the others' admitted requests as projected to now from
   * their last report (its count plus its admitted rate times its age, at most a refresh period,
   * and no more than it would have reported again after, nor past the key's limit), so a PoP that
   * held the key alone and has not reported for a while is not taken for idle; the grant makes it
   * shared, and it reports its count at once.
   */
  public List<Addressed> round(long nowMillis) {
    List<Addressed> out = new ArrayList<>();
    for (int d = 0; d < dirty.size(); d++) {
      Reports k = dirty.get(d);
      k.dirty = false;
      boolean alone = k.n < 2;
      if (alone && !k.askedShared) {
        continue;
      }
      k.askedShared = false;
      double projected = 0;
      long totalArrivals = 0;
      double rate = 0;
      for (int i = 0; i < k.n; i++) {
        projected += k.projected(i, nowMillis, settings);
        totalArrivals += k.arrivals[i];
        rate += k.rates[i];
      }
      long key = dirtyKeys.get(d);
      // every reporter hears of a change that matters to it: a reporter more, a total grown by
      // delta L, a total near the limit; otherwise only the PoPs that reported this round
      int limit = 0;
      for (int i = 0; i < k.n; i++) {
        limit = Math.max(limit, k.limits[i]);
      }
      double step = Math.max(1, settings.updateFraction() * limit);
      boolean all =
          k.n != k.grantedN
              || projected - k.grantedTotal >= step
              || limit - projected <= 2 * k.n * step
              || alone;
      if (all) {
        k.grantedN = k.n;
        k.grantedTotal = (long) projected;
      }
      for (int i = 0; i < k.n; i++) {
        boolean to = all || k.fresh[i];
        k.fresh[i] = false;
        if (!to) {
          continue;
        }
        out.add(
            new Addressed(
                k.pops[i],
                new KeyGrant(
                    key,
                    window,
                    (int)
                        Math.min(
                            Integer.MAX_VALUE,
                            projected - k.projected(i, nowMillis, settings) + k.counts[i]),
                    (int) Math.min(Integer.MAX_VALUE, totalArrivals),
                    k.counts[i],
                    k.arrivals[i],
                    (float) Math.max(0, rate - k.rates[i]))));
      }
    }
    dirty.clear();
    dirtyKeys.clear();
    return out;
  }

  /** Keys held in the current window. */
  public int keys() {
    return keys.size();
  }

  /** Reports of an older window, dropped. */
  public long stale() {
    return stale;
  }

  /** New keys refused over the bound. */
  public long refused() {
    return refused;
  }
}
