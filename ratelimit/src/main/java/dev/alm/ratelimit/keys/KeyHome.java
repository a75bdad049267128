package dev.alm.ratelimit.keys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

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

    /**
     * The most each reporter may admit on its own from the last two grants it was sent (one may be
     * lost with the link): its count then plus the part of the remaining it keeps alone.
     */
    int[] bounds = new int[2];

    int[] lastBounds = new int[2];

    boolean dirty;
    boolean askedShared;

    /** When the key's first report of the window came (wall-clock ms). */
    long since = Long.MIN_VALUE;

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
          bounds = Arrays.copyOf(bounds, n * 2);
          lastBounds = Arrays.copyOf(lastBounds, n * 2);
        }
        bounds[n] = Integer.MAX_VALUE;
        lastBounds[n] = Integer.MAX_VALUE;
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
      if (since == Long.MIN_VALUE) {
        since = nowMillis;
      }
      dirty = true;
    }

    /**
     * What {@code i} has admitted by {@code nowMillis}, projected from its last report; for a PoP
     * gone {@code silent}, the most it may admit on its own.
     */
    double projected(int i, long nowMillis, KeyShareSettings s, boolean silent) {
      double p = projected(i, nowMillis, s);
      if (!silent) {
        return p;
      }
      int bound = Math.max(bounds[i], lastBounds[i]);
      return Math.max(p, Math.min(bound, Math.max(counts[i], limits[i])));
    }

    /**
     * Records what {@code i} may admit alone after a grant of {@code total} with the others at
     * {@code othersRate}, as {@link KeyEntry#allowance} gives it: its count plus its share of the
     * remaining, or the remaining less the others' reserve for as long as it waits for an answer,
     * at most what it admits at its rate in that time.
     */
    void granted(int i, long total, long totalArrivals, double othersRate, KeyShareSettings s) {
      double remaining = Math.max(0, limits[i] - total);
      double part = totalArrivals > 0 ? arrivals[i] / (double) totalArrivals : 1;
      lastBounds[i] = bounds[i];
      bounds[i] =
          (int)
              Math.min(
                  Integer.MAX_VALUE,
                  counts[i] + Math.ceil(alone(i, remaining, part, othersRate, s) - 1e-9));
    }

    /** What {@code i} may admit alone of {@code remaining} as its {@code part} of the arrivals. */
    private double alone(
        int i, double remaining, double part, double othersRate, KeyShareSettings s) {
      long waitMillis = KeyedLimiter.FRESH_ROUNDS * s.roundMillis() + 2 * s.roundMillis();
      double reserved = remaining - othersRate * s.horizonRounds() * s.roundMillis() / 1000.0;
      double early = Math.min(reserved, Math.max(1, admittedRates[i] * waitMillis / 1000.0));
      return Math.max(remaining * part, early);
    }

    /**
     * The most that this window's reporters who are {@code silent} now and have not reported in the
     * next window ({@code next}) may admit in it alone: a key shared at the end of a window starts
     * the next one at each PoP's part of its arrivals, and a cut-off PoP is not heard again.
     */
    double silentCarried(Reports next, IntPredicate silent, KeyShareSettings s) {
      long total = 0;
      double rate = 0;
      for (int i = 0; i < n; i++) {
        total += arrivals[i];
        rate += rates[i];
      }
      double carried = 0;
      for (int i = 0; i < n; i++) {
        if (total > 0 && silent.test(pops[i]) && !next.has(pops[i])) {
          double part = arrivals[i] / (double) total;
          carried += Math.ceil(alone(i, limits[i], part, rate - rates[i], s) - 1e-9);
        }
      }
      return carried;
    }

    private boolean has(int pop) {
      for (int i = 0; i < n; i++) {
        if (pops[i] == pop) {
          return true;
        }
      }
      return false;
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

  /**
   * Rounds a key shared in the last window waits, reported by one PoP, before that PoP hears it is
   * alone (and may take the whole limit): the others' first reports of the window take a round to
   * leave and the latency to arrive. Granted at once, a hot key's first reporter took all that was
   * left while the others' reports were on their way: 1.14 to 1.18 times the limit at the start of
   * each window for the hottest key of a 1-minute quota.
   */
  static final int ALONE_WAIT_ROUNDS = 3;

  /** A grant and the PoP it goes to. */
  public record Addressed(int pop, KeyGrant grant) {}

  private final int maxKeys;
  private final KeyShareSettings settings;
  private Map<Long, Reports> keys = new HashMap<>();

  /** The last window's keys that two or more PoPs reported, while the window after it runs. */
  private Map<Long, Reports> previous = Map.of();

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
      previous = started && r.window() - window == 1 ? shared(keys) : Map.of();
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
    return round(nowMillis, pop -> false);
  }

  /**
   * {@link #round(long)} with the PoPs {@code silent} names (not heard from at all for a while,
   * {@link PeerLiveness}) counted at the most they may admit on their own since the last grants
   * they were sent, rather than at their last report: a partitioned PoP keeps to its part, and the
   * others, through this home, to the rest. A PoP that reported a shared key in the last window and
   * is silent in this one counts at the part of the limit it starts this window with.
   */
  public List<Addressed> round(long nowMillis, IntPredicate silent) {
    List<Addressed> out = new ArrayList<>();
    List<Reports> waiting = new ArrayList<>();
    List<Long> waitingKeys = new ArrayList<>();
    long wait = ALONE_WAIT_ROUNDS * settings.roundMillis();
    for (int d = 0; d < dirty.size(); d++) {
      Reports k = dirty.get(d);
      Reports before = previous.isEmpty() ? null : previous.get(dirtyKeys.get(d));
      double carried = before == null ? 0 : before.silentCarried(k, silent, settings);
      boolean alone = k.n < 2 && carried == 0;
      if (alone && k.askedShared && nowMillis - k.since <= wait) {
        // a key shared in the last window, reported by one PoP so far: the others' first reports
        // may still be on their way, so "alone" waits until they had time to come
        waiting.add(k);
        waitingKeys.add(dirtyKeys.get(d));
        continue;
      }
      k.dirty = false;
      if (alone && !k.askedShared) {
        continue;
      }
      k.askedShared = false;
      grant(dirtyKeys.get(d), k, Tally.of(k, nowMillis, silent, carried, settings), alone, out);
    }
    dirty.clear();
    dirtyKeys.clear();
    dirty.addAll(waiting);
    dirtyKeys.addAll(waitingKeys);
    return out;
  }

  /**
   * One changed key's round: each reporter's count projected to now and whether it is silent, and
   * their sums (with what a silent PoP of the last window carries into this one).
   */
  private record Tally(
      double[] each, boolean[] mute, double projected, long totalArrivals, double rate) {

    static Tally of(
        Reports k, long nowMillis, IntPredicate silent, double carried, KeyShareSettings s) {
      double[] each = new double[k.n];
      boolean[] mute = new boolean[k.n];
      double projected = carried;
      long totalArrivals = 0;
      double rate = 0;
      for (int i = 0; i < k.n; i++) {
        mute[i] = silent.test(k.pops[i]);
        each[i] = k.projected(i, nowMillis, s, mute[i]);
        projected += each[i];
        totalArrivals += k.arrivals[i];
        rate += k.rates[i];
      }
      return new Tally(each, mute, projected, totalArrivals, rate);
    }
  }

  /** The grants of one changed key, given its round's tally. */
  private void grant(long key, Reports k, Tally t, boolean alone, List<Addressed> out) {
    double[] each = t.each();
    double projected = t.projected();
    long totalArrivals = t.totalArrivals();
    double rate = t.rate();
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
      long total = (long) Math.min(Integer.MAX_VALUE, projected - each[i] + k.counts[i]);
      double othersRate = Math.max(0, rate - k.rates[i]);
      if (!t.mute()[i]) {
        // a silent PoP does not hear this grant: it keeps to what the last ones it heard allow
        k.granted(i, total, totalArrivals, othersRate, settings);
      }
      out.add(
          new Addressed(
              k.pops[i],
              new KeyGrant(
                  key,
                  window,
                  (int) total,
                  (int) Math.min(Integer.MAX_VALUE, totalArrivals),
                  k.counts[i],
                  k.arrivals[i],
                  (float) othersRate)));
    }
  }

  private static Map<Long, Reports> shared(Map<Long, Reports> keys) {
    Map<Long, Reports> out = new HashMap<>();
    for (Map.Entry<Long, Reports> e : keys.entrySet()) {
      if (e.getValue().n >= 2) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out.isEmpty() ? Map.of() : out;
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
