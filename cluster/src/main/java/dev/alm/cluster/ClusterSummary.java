package dev.alm.cluster;

import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The figures of a cluster run, per PoP, from its samples.
 *
 * @param pops per PoP id, in topology order
 * @param recoverySeconds with a flash crowd: seconds from its start until the first interval from
 *     which no proxy is above 1.1 T_i at the end of any interval until the flash ends (a single
 *     quiet interval amid overload does not count); NaN without a flash, infinite if a proxy is
 *     still above 1.1 T_i in its last interval
 * @param settledSeconds the largest of the PoPs' {@link PopFigures#settledSeconds()}
 * @param drills one per drill that ran
 * @param coldStartIntervals the intervals until every proxy's 5-interval mean of S_i/T_i stayed at
 *     or below 1.1 and every x_i within 0.05 of its final value ({@link SettlingReport}); empty
 *     when the run did not settle
 * @param coldStartOverloadIntervals the intervals until no proxy's 5-interval mean of S_i/T_i was
 *     above 1.1 any more, before the first drill, x left aside; empty when still above then
 * @param flashStartRecoveryIntervals with a flash crowd: the intervals after its start until every
 *     5-interval mean of S_i/T_i stayed at or below 1.1 up to the next event or the end ({@link
 *     SettlingReport}); empty without a flash or when a mean was still above
 * @param flashEndRecoveryIntervals the same after the flash's end
 */
public record ClusterSummary(
    Map<String, PopFigures> pops,
    double recoverySeconds,
    double settledSeconds,
    List<DrillFigures> drills,
    OptionalInt coldStartIntervals,
    OptionalInt coldStartOverloadIntervals,
    OptionalInt flashStartRecoveryIntervals,
    OptionalInt flashEndRecoveryIntervals) {

  /** Fraction of the run, at its end, over which loadRatio and meanX are averaged. */
  public static final double TAIL = 0.2;

  /**
   * The largest change of x in one interval that counts as settled (issue: converged when x changes
   * < 0.01).
   */
  public static final double SETTLED_STEP = 0.01;

  /** Seconds before and after a drill over which its effect on the loads is read. */
  public static final double DRILL_WINDOW = 10;

  /**
   * The effect of a drill, from the samples around it.
   *
   * @param outcome what the drill did when it ran
   * @param maxLoadRatioBefore the largest S_j / T_j of any proxy over the {@link #DRILL_WINDOW}
   *     seconds before
   * @param maxLoadRatioAfter the same over the {@link #DRILL_WINDOW} seconds after
   * @param maxXJumpAfter the largest |x - x before the drill| of the drilled PoP over the seconds
   *     after
   * @param fallbackSeconds kill: seconds until the PoP reported mode fallback (NaN if it never did)
   * @param fallbackX kill: the x it published then
   * @param recoveryIntervals the intervals after the drill until every proxy's 5-interval mean of
   *     S_i/T_i stayed at or below 1.1 up to the next drill, the flash's start or end, or the end
   *     ({@link SettlingReport}); empty when a mean was still above 1.1 then
   */
  public record DrillFigures(
      DrillOutcome outcome,
      double maxLoadRatioBefore,
      double maxLoadRatioAfter,
      double maxXJumpAfter,
      double fallbackSeconds,
      double fallbackX,
      OptionalInt recoveryIntervals) {}

  /**
   * @param x final x_i
   * @param meanX mean x_i over the last 20% of the intervals
   * @param loadRatio mean S_i / T_i over the last 20% of the intervals
   * @param maxLoadRatioLastHalf the largest S_i / T_i at the end of an interval in the second half
   *     of the run
   * @param secondsOverCapacity intervals with S_i &gt; T_i, times the interval
   * @param shed requests shed by the proxy (503)
   * @param mu final mu_i
   * @param fallbackIntervals intervals spent in a fallback mode
   * @param meanLoadRatioLastHalf mean S_i / T_i over the second half of the run
   * @param settledSeconds the time of the last interval in which x_i changed by {@link
   *     #SETTLED_STEP} or more (after it, x_i changes by less in every interval; the first
   *     interval's time if it never did, infinite if it did in the run's last interval)
   * @param maxXChangeLastHalf the largest change of x_i from one interval to the next in the second
   *     half
   * @param largeXChangesLastHalf intervals of the second half in which x_i changed by {@link
   *     #SETTLED_STEP} or more
   */
  public record PopFigures(
      double x,
      double meanX,
      double loadRatio,
      double maxLoadRatioLastHalf,
      double secondsOverCapacity,
      long shed,
      double mu,
      int fallbackIntervals,
      double meanLoadRatioLastHalf,
      double settledSeconds,
      double maxXChangeLastHalf,
      int largeXChangesLastHalf) {}

  /** The summary of a run. */
  public static ClusterSummary of(ClusterRun run) {
    return of(run, List.of());
  }

  /**
   * The summary of a run with events the run itself does not hold (the lab's drills): they end the
   * cold start like the run's own drills, and their recoveries are reported where they are run.
   */
  public static ClusterSummary of(ClusterRun run, List<SettlingReport.Event> more) {
    Map<String, List<Sample>> byPop = new LinkedHashMap<>();
    for (Sample s : run.samples()) {
      byPop.computeIfAbsent(s.pop(), k -> new ArrayList<>()).add(s);
    }
    double dt = run.config().interval().toNanos() / 1e9;
    Map<String, PopFigures> figures = new LinkedHashMap<>();
    byPop.forEach((id, list) -> figures.put(id, figures(list, dt)));
    double settledAll =
        figures.values().stream().mapToDouble(PopFigures::settledSeconds).max().orElse(Double.NaN);
    List<SettlingReport.Event> events = new ArrayList<>(events(run));
    events.addAll(more); // after the run's own, whose recoveries are read by index below
    SettlingReport settling = SettlingReport.of(run.samples(), events);
    List<DrillFigures> drills = new ArrayList<>();
    for (int k = 0; k < run.drills().size(); k++) {
      drills.add(
          drill(run.drills().get(k), run.samples(), settling.recoveries().get(k).intervals()));
    }
    OptionalInt flashStart = OptionalInt.empty();
    OptionalInt flashEnd = OptionalInt.empty();
    if (run.config().flash() != null) {
      int k = run.drills().size();
      flashStart = settling.recoveries().get(k).intervals();
      flashEnd = settling.recoveries().get(k + 1).intervals();
    }
    return new ClusterSummary(
        figures,
        recovery(run, byPop),
        settledAll,
        drills,
        settling.coldStartIntervals(),
        settling.coldStartOverloadIntervals(),
        flashStart,
        flashEnd);
  }

  /**
   * One PoP's figures from its samples in time order, {@code dt} seconds apart: the mean x and S/T
   * over the tail, the last half's S/T and x changes, when x settled, the time over capacity, the
   * intervals in a fallback mode.
   */
  private static PopFigures figures(List<Sample> list, double dt) {
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
    double sumHalf = 0;
    int countedHalf = 0;
    double maxChangeHalf = 0;
    int largeChangesHalf = 0;
    double settled = n == 0 ? Double.NaN : list.get(0).t();
    double over = 0;
    int fallback = 0;
    for (int k = 0; k < n; k++) {
      Sample s = list.get(k);
      if (k >= n / 2 && Double.isFinite(s.ratio())) {
        maxHalf = Math.max(maxHalf, s.ratio());
        sumHalf += s.ratio();
        countedHalf++;
      }
      if (k > 0) {
        double change = Math.abs(s.x() - list.get(k - 1).x());
        if (k >= n / 2) {
          maxChangeHalf = Math.max(maxChangeHalf, change);
          largeChangesHalf += change < SETTLED_STEP ? 0 : 1;
        }
        if (!(change < SETTLED_STEP)) {
          settled = k + 1 < n ? s.t() : Double.POSITIVE_INFINITY;
        }
      }
      if (s.ratio() > 1) {
        over += dt;
      }
      if (!"normal".equals(s.mode())) {
        fallback++;
      }
    }
    Sample last = list.get(n - 1);
    return new PopFigures(
        last.x(),
        sumX / (n - tailFrom),
        counted == 0 ? Double.NaN : sumRatio / counted,
        maxHalf,
        over,
        last.shed(),
        last.mu(),
        fallback,
        countedHalf == 0 ? Double.NaN : sumHalf / countedHalf,
        settled,
        maxChangeHalf,
        largeChangesHalf);
  }

  /**
   * The events that divide a run for {@link SettlingReport}: its drills in run order (at the
   * interval boundary where each ran), then a flash crowd's start and end.
   */
  static List<SettlingReport.Event> events(ClusterRun run) {
    List<SettlingReport.Event> events = new ArrayList<>();
    for (DrillOutcome o : run.drills()) {
      events.add(
          new SettlingReport.Event(o.drill().kind().label() + " " + o.drill().pop(), o.tSeconds()));
    }
    FlashCrowd f = run.config().flash();
    if (f != null) {
      events.add(new SettlingReport.Event("flash-start " + f.pop(), f.startSeconds()));
      events.add(new SettlingReport.Event("flash-end " + f.pop(), f.startSeconds() + f.seconds()));
    }
    return events;
  }

  private static DrillFigures drill(DrillOutcome o, List<Sample> samples, OptionalInt recovery) {
    double t = o.tSeconds();
    double before = 0;
    double after = 0;
    double jump = 0;
    double fallbackAt = Double.NaN;
    double fallbackX = Double.NaN;
    for (Sample s : samples) {
      boolean inBefore = s.t() > t - DRILL_WINDOW && s.t() <= t;
      boolean inAfter = s.t() > t && s.t() <= t + DRILL_WINDOW;
      if (Double.isFinite(s.ratio())) {
        if (inBefore) {
          before = Math.max(before, s.ratio());
        } else if (inAfter) {
          after = Math.max(after, s.ratio());
        }
      }
      if (s.pop().equals(o.drill().pop()) && s.t() >= t) {
        if (inAfter) {
          jump = Math.max(jump, Math.abs(s.x() - o.xBefore()));
        }
        if (Double.isNaN(fallbackAt) && !"normal".equals(s.mode())) {
          fallbackAt = s.t() - t;
          fallbackX = s.x();
        }
      }
    }
    if (o.drill().kind() != Drill.Kind.KILL_PROXY) {
      fallbackAt = Double.NaN;
      fallbackX = Double.NaN;
    }
    return new DrillFigures(o, before, after, jump, fallbackAt, fallbackX, recovery);
  }

  private static double recovery(ClusterRun run, Map<String, List<Sample>> byPop) {
    FlashCrowd f = run.config().flash();
    if (f == null) {
      return Double.NaN;
    }
    Map<Double, Boolean> overAt = new TreeMap<>();
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
