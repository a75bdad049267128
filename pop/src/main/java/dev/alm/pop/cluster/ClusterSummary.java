package dev.alm.pop.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a cluster run, per PoP, from its samples.
 *
 * @param pops per PoP id, in topology order
 * @param recoverySeconds with a flash crowd: seconds from its start until the first interval from which no proxy
 *     is above 1.1 T_i at the end of any interval until the flash ends (a single quiet interval amid overload
 *     does not count); NaN without a flash, infinite if a proxy is still above 1.1 T_i in its last interval
 */
public record ClusterSummary(Map<String, PopFigures> pops, double recoverySeconds) {

  /** Fraction of the run, at its end, over which loadRatio and meanX are averaged. */
  public static final double TAIL = 0.2;

  /**
   * @param x                   final x_i
   * @param meanX               mean x_i over the last 20% of the intervals
   * @param loadRatio           mean S_i / T_i over the last 20% of the intervals
   * @param maxLoadRatioLastHalf the largest S_i / T_i at the end of an interval in the second half of the run
   * @param secondsOverCapacity intervals with S_i &gt; T_i, times the interval
   * @param shed                requests shed by the proxy (503)
   * @param mu                  final mu_i
   * @param fallbackIntervals   intervals spent in a fallback mode
   */
  public record PopFigures(double x, double meanX, double loadRatio, double maxLoadRatioLastHalf,
      double secondsOverCapacity, long shed, double mu, int fallbackIntervals) {}

  /** The summary of a run. */
  public static ClusterSummary of(ClusterRun run) {
    Map<String, List<Sample>> byPop = new LinkedHashMap<>();
    for (Sample s : run.samples()) {
      byPop.computeIfAbsent(s.pop(), k -> new ArrayList<>()).add(s);
    }
    double dt = run.config().interval().toNanos() / 1e9;
    Map<String, PopFigures> figures = new LinkedHashMap<>();
    byPop.forEach((id, list) -> {
      int n = list.size();
      int tailFrom = Math.min(n - 1, (int) Math.floor(n * (1 - TAIL)));
      double sumX = 0;
      double sumRatio = 0;
      int counted = 0;
      for (int k = tailFrom; k < n; k++) {
        sumX += list.get(k).x();
        if (Double.isFinite(list.get(k).ratio())) {
          sumRatio += list.get(k).ratio();
          counted++;
        }
      }
      double maxHalf = 0;
      double over = 0;
      int fallback = 0;
      for (int k = 0; k < n; k++) {
        Sample s = list.get(k);
        if (k >= n / 2 && Double.isFinite(s.ratio())) {
          maxHalf = Math.max(maxHalf, s.ratio());
        }
        if (s.ratio() > 1) {
          over += dt;
        }
        if (!"normal".equals(s.mode())) {
          fallback++;
        }
      }
      Sample last = list.get(n - 1);
      figures.put(id, new PopFigures(last.x(), sumX / (n - tailFrom), counted == 0 ? Double.NaN : sumRatio / counted,
          maxHalf, over, last.shed(), last.mu(), fallback));
    });
    return new ClusterSummary(figures, recovery(run, byPop));
  }

  private static double recovery(ClusterRun run, Map<String, List<Sample>> byPop) {
    FlashCrowd f = run.config().flash();
    if (f == null) {
      return Double.NaN;
    }
    Map<Double, Boolean> overAt = new java.util.TreeMap<>();
    for (List<Sample> list : byPop.values()) {
      for (Sample s : list) {
        overAt.merge(s.t(), s.ratio() > 1.1, Boolean::logicalOr);
      }
    }
    double end = f.startSeconds() + f.seconds();
    double recovered = Double.NaN;
    for (Map.Entry<Double, Boolean> e : overAt.entrySet()) {
      double t = e.getKey();
      if (t <= f.startSeconds() || t > end + 1e-9) {
        continue;
      }
      if (e.getValue()) {
        recovered = Double.NaN;
      } else if (Double.isNaN(recovered)) {
        recovered = t;
      }
    }
    if (!Double.isNaN(recovered)) {
      return recovered - f.startSeconds();
    }
    return Double.POSITIVE_INFINITY;
  }
}
