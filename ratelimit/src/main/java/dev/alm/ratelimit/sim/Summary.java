package dev.alm.ratelimit.sim;

import java.util.Arrays;

/**
 * The metrics of one run (docs/ratelimit/simulator.md defines them; JSON fields of {@code
 * summary.json}).
 *
 * @param algorithm the algorithm's name
 * @param limit the global limit L, units/s
 * @param unit the unit's name
 * @param servedOverLimit mean aggregate served rate / L after the warm-up
 * @param aggregateErrorP95 95th percentile over 1 s windows after the warm-up of |served - min(L,
 *     demand)| / L
 * @param aggregateMaxOverLimit the largest 1 s window's served / L after the warm-up
 * @param jainFlows Jain's index (paper 001 section 4.1) over the flows' mean rates after the
 *     warm-up (NaN without flows)
 * @param jainLimiters the mean over intervals after the warm-up of Jain's index (paper 000 eq. 16)
 *     of the limiters' performance indicators
 * @param convergenceSeconds after each demand change (changes less than 1 s apart are merged), the
 *     time until the 1 s aggregate stays within 5% of min(L, demand); the largest over changes (NaN
 *     if some change never converges)
 * @param messagesPerLimiterPerSecond messages sent per limiter per second
 * @param bytesPerLimiterPerSecond bytes sent per limiter per second
 */
public record Summary(
    String algorithm,
    double limit,
    String unit,
    double servedOverLimit,
    double aggregateErrorP95,
    double aggregateMaxOverLimit,
    double jainFlows,
    double jainLimiters,
    double convergenceSeconds,
    double messagesPerLimiterPerSecond,
    double bytesPerLimiterPerSecond) {

  /** Computes the summary of a run. */
  public static Summary of(SimulationResult r) {
    Scenario sc = r.scenario();
    double L = sc.globalLimit();
    double interval = sc.interval();
    int perWindow = Math.max(1, (int) Math.round(1.0 / interval));
    int steps = r.times().length;
    int first = 0;
    while (first < steps && r.times()[first] - interval < sc.warmup() - 1e-9) {
      first++;
    }
    double sum = 0;
    double jainSum = 0;
    for (int k = first; k < steps; k++) {
      sum += r.served()[k];
      jainSum += r.jainLimiters()[k];
    }
    int count = steps - first;
    double servedOverLimit = count > 0 ? sum / count / L : Double.NaN;
    double jainLimiters = count > 0 ? jainSum / count : Double.NaN;
    int windows = count / perWindow;
    double[] err = new double[windows];
    double maxOver = 0;
    for (int w = 0; w < windows; w++) {
      double s = 0;
      double d = 0;
      for (int k = first + w * perWindow; k < first + (w + 1) * perWindow; k++) {
        s += r.served()[k];
        d += Math.min(L, r.demand()[k]);
      }
      s /= perWindow;
      d /= perWindow;
      err[w] = Math.abs(s - d) / L;
      maxOver = Math.max(maxOver, s / L);
    }
    double p95 = percentile(err, 0.95);
    double jainFlows = jain(r.flowRates());
    double seconds = sc.duration() * sc.limiters();
    return new Summary(
        r.algorithm(),
        L,
        sc.unit(),
        servedOverLimit,
        p95,
        maxOver,
        jainFlows,
        jainLimiters,
        convergence(r, perWindow),
        r.messages() / seconds,
        r.bytes() / seconds);
  }

  /** Jain's index of the finite values (NaN when none). */
  public static double jain(double[] x) {
    double s = 0;
    double sq = 0;
    int n = 0;
    for (double v : x) {
      if (Double.isFinite(v)) {
        s += v;
        sq += v * v;
        n++;
      }
    }
    return n == 0 ? Double.NaN : sq == 0 ? 1 : s * s / (n * sq);
  }

  static double percentile(double[] x, double q) {
    if (x.length == 0) {
      return Double.NaN;
    }
    double[] c = x.clone();
    Arrays.sort(c);
    int idx = (int) Math.ceil(q * c.length) - 1;
    return c[Math.max(0, Math.min(c.length - 1, idx))];
  }

  private static double convergence(SimulationResult r, int perWindow) {
    double[] t = r.times();
    int steps = t.length;
    double L = r.scenario().globalLimit();
    // trailing 1 s means
    double[] s = new double[steps];
    double[] d = new double[steps];
    double cs = 0;
    double cd = 0;
    for (int k = 0; k < steps; k++) {
      cs += r.served()[k];
      cd += Math.min(L, r.demand()[k]);
      if (k >= perWindow) {
        cs -= r.served()[k - perWindow];
        cd -= Math.min(L, r.demand()[k - perWindow]);
      }
      int w = Math.min(k + 1, perWindow);
      s[k] = cs / w;
      d[k] = cd / w;
    }
    double[] changes = merged(r.changeTimes());
    double worst = 0;
    for (int c = 0; c < changes.length; c++) {
      double from = changes[c];
      double to = c + 1 < changes.length ? changes[c + 1] : Double.POSITIVE_INFINITY;
      double lastBad = from;
      boolean any = false;
      for (int k = 0; k < steps; k++) {
        if (t[k] <= from + 1e-9 || t[k] > to + 1e-9) {
          continue;
        }
        any = true;
        boolean ok = Math.abs(s[k] - d[k]) <= 0.05 * Math.max(d[k], 1e-12);
        if (!ok) {
          lastBad = t[k];
        }
      }
      if (!any) {
        continue;
      }
      double end = Math.min(to, t[steps - 1]);
      if (lastBad >= end - 1e-9 && end - from > 1.0) {
        return Double.NaN;
      }
      worst = Math.max(worst, lastBad - from);
    }
    return worst;
  }

  private static double[] merged(double[] changes) {
    double[] out = new double[changes.length];
    int n = 0;
    for (int i = 0; i < changes.length; i++) {
      boolean nextClose = i + 1 < changes.length && changes[i + 1] - changes[i] < 1.0;
      if (!nextClose) {
        out[n++] = changes[i];
      }
    }
    return Arrays.copyOf(out, n);
  }
}
