package dev.alm.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns one customer's 1 s windows into its {@link CustomerOutcome}: the measures of paper 001
 * section 5.7 (the aggregate against the limit, how soon it is back after the demand moves) and
 * Jain's index between limiters. Pure: the windows in, the numbers out.
 */
public final class CustomerReport {

  /** Windows skipped after the start and after each shift before the aggregate counts as steady. */
  public static final int SETTLE_WINDOWS = 2;

  /** The aggregate error at or under which a window counts as converged. */
  public static final double CONVERGED_ERROR = 0.05;

  private CustomerReport() {}

  /** The error of window {@code w}: |admitted - min(L, sent)| / L. */
  static double error(CustomerWindows c, int w, double limit) {
    double target = Math.min(limit, c.sentTotal(w));
    return Math.abs(c.admittedTotal(w) - target) / limit;
  }

  /**
   * @param load the customer
   * @param ids the PoPs' ids in topology order
   * @param c its windows
   */
  public static CustomerOutcome of(CustomerLoad load, List<String> ids, CustomerWindows c) {
    int n = c.windows();
    double limit = load.limit();
    List<Double> shifts = load.shifts();
    boolean[] steady = steady(n, shifts);
    double over = 0;
    long sent = 0;
    long served = 0;
    long admitted = 0;
    List<Double> errors = new ArrayList<>();
    for (int w = 0; w < n; w++) {
      over += Math.max(0, c.admittedTotal(w) - limit) / limit;
      sent += c.sentTotal(w);
      served += c.servedTotal(w);
      admitted += c.admittedTotal(w);
      if (steady[w]) {
        errors.add(error(c, w, limit));
      }
    }
    List<Double> convergence = convergence(c, shifts, limit);
    double sumX = 0;
    double sumX2 = 0;
    int limiters = 0;
    List<CustomerOutcome.PopPart> parts = new ArrayList<>();
    for (int i = 0; i < c.pops(); i++) {
      long s = 0;
      long ok = 0;
      long rej = 0;
      long shedding = 0;
      long steadySent = 0;
      long steadyServed = 0;
      double shareSum = 0;
      int shares = 0;
      for (int w = 0; w < n; w++) {
        s += c.sent(w, i);
        ok += c.served(w, i);
        rej += c.rejected(w, i);
        shedding += c.shed(w, i);
        if (steady[w]) {
          steadySent += c.sent(w, i);
          steadyServed += c.admitted(w, i);
        }
        double sh = c.share(w, i);
        if (!Double.isNaN(sh)) {
          shareSum += sh;
          shares++;
        }
      }
      if (steadySent > 0) {
        double x = (double) steadyServed / steadySent;
        sumX += x;
        sumX2 += x * x;
        limiters++;
      }
      parts.add(
          new CustomerOutcome.PopPart(
              ids.get(i), s, ok, rej, shedding, shares == 0 ? Double.NaN : shareSum / shares));
    }
    double jain = limiters == 0 || sumX2 == 0 ? Double.NaN : sumX * sumX / (limiters * sumX2);
    return new CustomerOutcome(
        load.name(),
        limit,
        load.demand(),
        n == 0 ? 0 : (double) sent / n,
        n == 0 ? 0 : (double) served / n,
        n == 0 ? 0 : (double) admitted / n,
        n == 0 ? 0 : over / n,
        percentile(errors, 0.95),
        convergence,
        jain,
        parts,
        c.latencyMillis(0.5),
        c.latencyMillis(0.99));
  }

  /**
   * Which of {@code n} windows count as steady: not the first {@link #SETTLE_WINDOWS}, nor those
   * from a shift of the demand to {@link #SETTLE_WINDOWS} after it.
   */
  static boolean[] steady(int n, List<Double> shifts) {
    boolean[] steady = new boolean[n];
    for (int w = 0; w < n; w++) {
      steady[w] = w >= SETTLE_WINDOWS;
      for (double s : shifts) {
        if (w >= Math.floor(s) && w < Math.ceil(s) + SETTLE_WINDOWS) {
          steady[w] = false;
        }
      }
    }
    return steady;
  }

  /**
   * After each shift, seconds until the aggregate stays within {@link #CONVERGED_ERROR} of its
   * target up to the next shift (or the end); null when it never does.
   */
  static List<Double> convergence(CustomerWindows c, List<Double> shifts, double limit) {
    int n = c.windows();
    List<Double> convergence = new ArrayList<>();
    for (int k = 0; k < shifts.size(); k++) {
      int from = (int) Math.ceil(shifts.get(k));
      int to = k + 1 < shifts.size() ? (int) Math.floor(shifts.get(k + 1)) : n;
      Double found = null;
      for (int w = to - 1; w >= from; w--) {
        if (error(c, w, limit) > CONVERGED_ERROR) {
          break;
        }
        found = w - shifts.get(k);
      }
      convergence.add(found == null ? null : Math.max(0, found));
    }
    return convergence;
  }

  /** The nearest-rank percentile; NaN when empty. */
  static double percentile(List<Double> values, double q) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    int rank = (int) Math.ceil(q * v.length);
    return v[Math.max(0, Math.min(v.length - 1, rank - 1))];
  }
}
