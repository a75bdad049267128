package dev.alm.loop;

import dev.alm.fastcontrol.EchoTotals;
import java.util.Map;

/**
 * The headroom guard: a bound on x_i from the loads of the proxies this PoP's users reach, which
 * every price echo carries beside the price (docs/headroom-guard.md). Pure: the interval's echoes
 * in, the bound out.
 *
 * <p>The dual's price reaches a proxy's load only through a step sized for stability, so a load
 * that jumps (a flash crowd, a route change) keeps a proxy overloaded for as many intervals as the
 * price needs to climb. The guard acts on the load directly. For every proxy j that returned at
 * least {@link #MIN_SHARE} of the interval's echoes (and {@link #MIN_ECHOES}), with load r = S_j /
 * T_j and capacity T_j:
 *
 * <ul>
 *   <li><b>cut</b>, when r exceeds the guard load by more than {@link #NOISE} standard deviations
 *       of its Poisson noise (sqrt(r / (T_j dt))): x_i &le; x_ref / r, x_ref the larger of the x
 *       published in the last two intervals (what the users' caches held while S_j was measured,
 *       with a TTL of two intervals). If every PoP whose users reach j does the same, j's load
 *       falls to T_j one TTL later, whoever caused it; the PoPs cut their other proxies' load too,
 *       which sends users to L2 for a few intervals and overloads no one;
 *   <li><b>hold</b>, while r is at least the aim a = T'_j / T_j ({@link NoiseMargin}: 1 for a proxy
 *       that counts enough requests, less for a small one) and not cut: x_i may not grow, and it
 *       eases off by {@link #EASE} of the excess beyond one standard deviation (x_i &le; x (1 -
 *       EASE max(0, r - 1 - sd))), so that a proxy whose load the guards hold does not sit above
 *       its capacity while its price climbs to its level;
 *   <li><b>release</b>, below the aim: x_i may grow by at most {@link #RELEASE} of j's headroom
 *       beyond one standard deviation of noise, (a - r - sd) T_j, over this PoP's load there (its
 *       share of the echoes times A_i), from the smaller of the last two x, so that the PoPs that
 *       share j come back without taking its headroom twice while their earlier growth is still in
 *       flight. Without the standard deviation a noisy load ratchets x up: every interval that the
 *       noise draws low releases, every one it draws high only holds, and a proxy of 10-15 requests
 *       a second sat at its capacity on average, its 5-interval means above 1.1 T for the whole
 *       run, in the offline model of random topologies (docs/headroom-guard.md, "Noise").
 * </ul>
 *
 * <p>At the optimum every proxy is below its capacity (g_j is infinite above it) and a PoP's growth
 * is zero, so the guard does not bind there and the dual's fixed point is unchanged. It acts only
 * from the {@link #ARMED_AFTER}th interval after a start: the prices start far from their level and
 * the overload of the first approach is what drives them there (hiding it slowed the cold start in
 * the offline model from 27 to 38 intervals on synthetic n=12), but armed after 10 intervals it
 * left small shared proxies overloaded past the cold-start target (docs/headroom-guard.md, "Armed
 * after 7 intervals").
 */
final class HeadroomGuard {

  /** The default guard load: the overload the settling targets count. */
  static final double DEFAULT_LOAD = LoopConfig.DEFAULT_GUARD_LOAD;

  /** Standard deviations of an echoed load's Poisson noise that a cut must stand above. */
  static final double NOISE = 2;

  /**
   * The share of a proxy's excess over its capacity beyond one standard deviation of noise that a
   * PoP takes off its x per interval while it holds (see the class comment, <b>hold</b>).
   */
  static final double EASE = 0.5;

  /** The share of a proxy's headroom a PoP may take in one interval. */
  static final double RELEASE = 0.25;

  /** The smallest share of the interval's echoes for a proxy to count. */
  static final double MIN_SHARE = 0.05;

  /** Echoes a proxy must have returned in the interval to count. */
  static final long MIN_ECHOES = 2;

  /** Intervals after a start before the guard acts. */
  static final long ARMED_AFTER = 7;

  private HeadroomGuard() {}

  /**
   * The largest x_i the guard allows this interval.
   *
   * @param now the x published last interval
   * @param before the x published the interval before
   * @param demand A_i in requests/s
   * @param dt the interval in seconds
   * @param echoes the interval's echoes by proxy, with the loads and capacities they carried
   * @param guardLoad the load above which x is cut; infinite: no guard
   * @return the bound, {@link Double#POSITIVE_INFINITY} when no proxy bounds x
   */
  static double cap(
      double now,
      double before,
      double demand,
      double dt,
      Map<String, EchoTotals.Stratum> echoes,
      double guardLoad) {
    if (!Double.isFinite(guardLoad)) {
      return Double.POSITIVE_INFINITY;
    }
    long total = 0;
    for (EchoTotals.Stratum e : echoes.values()) {
      total += e.count();
    }
    double cap = Double.POSITIVE_INFINITY;
    for (EchoTotals.Stratum e : echoes.values()) {
      double r = e.load();
      double capacity = e.capacity();
      if (e.count() < MIN_ECHOES
          || e.count() < MIN_SHARE * total
          || !Double.isFinite(r)
          || !(capacity > 0)) {
        continue;
      }
      double noise = Math.sqrt(r / (capacity * dt));
      double aim = NoiseMargin.ratio(capacity, dt, guardLoad);
      double bound;
      if (r > guardLoad + NOISE * noise) {
        bound = Math.max(now, before) / r;
      } else if (r >= aim) {
        bound = now * (1 - EASE * Math.max(0, r - 1 - noise));
      } else if (demand > 0) {
        double share = e.count() / (double) total;
        bound =
            Math.min(now, before)
                + RELEASE * Math.max(0, aim - r - noise) * capacity / (share * demand);
      } else {
        continue;
      }
      cap = Math.min(cap, bound);
    }
    return cap;
  }
}
