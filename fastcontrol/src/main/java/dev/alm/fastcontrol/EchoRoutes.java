package dev.alm.fastcontrol;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * beta_i = sum_j C_ij mu_j (paper 004 eq. 14) from price echoes split by the proxy that answered:
 * each echo names its proxy j and carries mu_j, so the DNS learns the two factors apart. The price
 * of proxy j is the mean of the interval's echoes from j: every echo of one interval carries the
 * price j published last, so it is exact and current. The share C_ij is the fraction of the echoes
 * that came from j, smoothed over intervals (an EWMA of weight {@code weight}) because routing
 * moves seldom; an interval whose split is far from the smoothed shares (a chi-square of more than
 * 4 per degree of freedom plus 3 standard deviations: a route change, not sampling noise) replaces
 * them at once.
 *
 * <p>Why: the plain mean of the echoed prices (its expectation is the same sum) mixes the two
 * factors, so its noise is the spread of the prices times the multinomial noise of which proxy each
 * echo came from, in every interval. A PoP whose users reach a busy proxy at price 97 and quiet
 * ones at 3 sees beta_i jump by a standard error of 3% an interval at 1,200 echoes a second, and
 * x_i with it. Split, the prices carry no sampling noise and the shares average it away over
 * intervals. Immutable; {@link #next} gives the routes after an interval.
 *
 * @param routes each proxy's smoothed share and last price
 * @param effective the number of echoes the shares' precision is worth (their EWMA's effective
 *     sample size)
 */
public record EchoRoutes(Map<String, Route> routes, double effective) {

  /** No echo yet. */
  public static final EchoRoutes NONE = new EchoRoutes(Map.of(), 0);

  /** The default weight of an interval's split in the smoothed shares. */
  public static final double DEFAULT_WEIGHT = 0.1;

  /** A share that falls below this is forgotten (the proxy no longer answers this PoP's users). */
  static final double FORGET = 1e-4;

  public EchoRoutes {
    routes = Map.copyOf(routes);
  }

  /**
   * One proxy's part of beta_i.
   *
   * @param share C_ij, smoothed
   * @param price mu_j as its last echoes carried it
   */
  public record Route(double share, double price) {}

  /**
   * The routes after an interval.
   *
   * @param interval the interval's echoes by proxy (count and price sum)
   * @param weight the weight of the interval's split in the smoothed shares, in (0, 1]
   */
  public EchoRoutes next(Map<String, EchoTotals.Stratum> interval, double weight) {
    long total = 0;
    for (EchoTotals.Stratum s : interval.values()) {
      total += s.count();
    }
    if (total == 0) {
      return this;
    }
    boolean reset = routes.isEmpty() || changed(interval, total);
    double w = reset ? 1 : weight;
    Set<String> proxies = new HashSet<>(routes.keySet());
    proxies.addAll(interval.keySet());
    Map<String, Route> next = new HashMap<>();
    for (String j : proxies) {
      EchoTotals.Stratum s = interval.get(j);
      long n = s == null ? 0 : s.count();
      Route old = routes.get(j);
      if (n == 0 && old == null) {
        continue; // a proxy forgotten before, silent again
      }
      double share = (1 - w) * (old == null ? 0 : old.share()) + w * n / (double) total;
      double price = n > 0 ? s.sum() / n : old.price();
      if (share >= FORGET) {
        next.put(j, new Route(share, price));
      }
    }
    // EWMA of independent splits: Var(share') = (1 - w)^2 Var(share) + w^2 Var(interval's)
    double eff = reset ? total : 1 / ((1 - w) * (1 - w) / effective + w * w / total);
    return new EchoRoutes(next, eff);
  }

  /** Whether the interval's split is too far from the shares to be sampling noise. */
  private boolean changed(Map<String, EchoTotals.Stratum> interval, long total) {
    double chi = 0;
    int cells = 0;
    Set<String> proxies = new HashSet<>(routes.keySet());
    proxies.addAll(interval.keySet());
    for (String j : proxies) {
      EchoTotals.Stratum s = interval.get(j);
      long n = s == null ? 0 : s.count();
      Route r = routes.get(j);
      double expected = total * Math.max(r == null ? 0 : r.share(), 0.5 / total);
      chi += (n - expected) * (n - expected) / expected;
      cells++;
    }
    int df = Math.max(1, cells - 1);
    return chi > 4.0 * df + 3 * Math.sqrt(2.0 * df);
  }

  /**
   * Proxy {@code j}'s share of the echoes, over the shares' sum: C_ij as measured; 0 for a proxy
   * that returned none.
   */
  public double share(String j) {
    Route r = routes.get(j);
    if (r == null) {
      return 0;
    }
    double weight = 0;
    for (Route each : routes.values()) {
      weight += each.share();
    }
    return r.share() / weight;
  }

  /** beta_i: the shares times the prices, over the shares' sum. */
  public double beta() {
    double weight = 0;
    double sum = 0;
    for (Route r : routes.values()) {
      weight += r.share();
      sum += r.share() * r.price();
    }
    return weight > 0 ? sum / weight : Double.NaN;
  }

  /**
   * The standard error of {@link #beta()}: the prices' spread over the echoes, divided by the
   * shares' effective sample size.
   */
  public double stdError() {
    double beta = beta();
    if (!(effective > 0) || Double.isNaN(beta)) {
      return Double.NaN;
    }
    double weight = 0;
    double squares = 0;
    for (Route r : routes.values()) {
      weight += r.share();
      squares += r.share() * (r.price() - beta) * (r.price() - beta);
    }
    return Math.sqrt(squares / weight / effective);
  }
}
