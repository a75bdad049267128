package dev.alm.lab;

import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long after a drill the proxies were back under 1.1 T_i, two ways (docs/lab/drills.md,
 * "Drills"):
 *
 * <ul>
 *   <li>{@link #singleIntervals}: from the first interval after which no proxy's S_i/T_i was above
 *       1.1 in any interval to the end of the run;
 *   <li>{@link #smoothed}: from the first interval after which every proxy's mean S_i/T_i over the
 *       last {@code window} intervals stayed at or below 1.1 until {@code until} (the next drill,
 *       or the end). At the lab's tens of requests/s per proxy one interval's count has a Poisson
 *       spread of about 20% of T_i, so single intervals above 1.1 T_i occur by chance around a mean
 *       of 0.9 T_i; the window's mean is what an operator's graph shows.
 * </ul>
 *
 * Pure: the run's samples in, seconds out (NaN when the proxies never got there).
 */
public final class DrillRecovery {

  /** The threshold, in S_i / T_i. */
  public static final double LIMIT = 1.1;

  /** The smoothing window of {@link #smoothed}, in intervals. */
  public static final int WINDOW = 10;

  private DrillRecovery() {}

  /**
   * Seconds from {@code at} until the first interval from which no proxy is above 1.1 T_i to the
   * end of the run; NaN if one still is at the end.
   */
  public static double singleIntervals(List<Sample> samples, double at) {
    double lastOver = Double.NaN;
    double firstAfter = Double.NaN;
    for (Sample x : samples) {
      if (x.t() < at) {
        continue;
      }
      if (Double.isNaN(firstAfter)) {
        firstAfter = x.t();
      }
      if (x.ratio() > LIMIT) {
        lastOver = x.t();
      }
    }
    if (Double.isNaN(firstAfter)) {
      return Double.NaN;
    }
    double end = samples.isEmpty() ? at : samples.get(samples.size() - 1).t();
    if (!Double.isNaN(lastOver) && lastOver >= end) {
      return Double.NaN;
    }
    return Double.isNaN(lastOver) ? firstAfter - at : lastOver + 1 - at;
  }

  /**
   * Seconds from {@code at} until every proxy's mean S_i/T_i over the last {@code window} intervals
   * stays at or below 1.1 up to {@code until}; NaN if it does not by then. Intervals whose meter
   * was stale (no S_i) are left out of a mean.
   */
  public static double smoothed(List<Sample> samples, double at, double until, int window) {
    Map<String, List<Sample>> byPop = new LinkedHashMap<>();
    for (Sample x : samples) {
      byPop.computeIfAbsent(x.pop(), k -> new ArrayList<>()).add(x);
    }
    List<Double> times = new ArrayList<>();
    for (List<Sample> series : byPop.values()) {
      for (Sample x : series) {
        if (x.t() > at && x.t() <= until) {
          times.add(x.t());
        }
      }
      break; // every PoP reports the same intervals
    }
    double from = Double.NaN;
    for (int k = times.size() - 1; k >= 0; k--) {
      double t = times.get(k);
      boolean under = true;
      for (List<Sample> series : byPop.values()) {
        if (mean(series, t, window) > LIMIT) {
          under = false;
          break;
        }
      }
      if (!under) {
        break;
      }
      from = t;
    }
    return Double.isNaN(from) ? Double.NaN : from - at;
  }

  /** The mean S/T of the intervals in (t - window, t], NaN-free; 0 when there is none. */
  static double mean(List<Sample> series, double t, int window) {
    double sum = 0;
    int n = 0;
    for (Sample x : series) {
      if (x.t() > t - window && x.t() <= t && Double.isFinite(x.ratio())) {
        sum += x.ratio();
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }
}
