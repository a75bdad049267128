package dev.alm.cluster;

import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * How a run settled, by {@link SettlingMeasure} on its per-interval series (docs/cluster.md,
 * docs/lab.md): the cold-start settling interval, and per event (a drill, a flash crowd's start or
 * end) the intervals until every proxy's {@value SettlingMeasure#WINDOW}-interval mean of S_i/T_i
 * stayed at or below {@value SettlingMeasure#OVERLOAD} up to the next event or the end.
 *
 * <p>The series is the one {@link ClusterSummary} reads: interval k is every PoP's k-th sample
 * (samples come one per PoP per interval, in time order), up to the last interval every PoP
 * reported. Pure: samples in, intervals out.
 *
 * @param coldStartIntervals the cold-start settling interval (1-based), empty when the run did not
 *     settle
 * @param coldStartOverloadIntervals {@link SettlingMeasure#overloadFree} of the intervals before
 *     the first event: when no 5-interval mean was above 1.1 T any more, x left aside
 * @param recoveries one per event, in the order given
 */
public record SettlingReport(
    OptionalInt coldStartIntervals,
    OptionalInt coldStartOverloadIntervals,
    List<Recovery> recoveries) {

  public SettlingReport {
    recoveries = List.copyOf(recoveries);
  }

  /**
   * Something that may overload the proxies, at {@code atSeconds} into the run (the samples'
   * clock).
   *
   * @param label what happened, e.g. {@code restart b} or {@code flash-start b}
   */
  public record Event(String label, double atSeconds) {}

  /**
   * @param event the event
   * @param intervals {@link SettlingMeasure#recovery} from the first interval that ends after the
   *     event to the next later event (exclusive of the intervals after it) or the end; empty when
   *     a mean was still above the bound then
   */
  public record Recovery(Event event, OptionalInt intervals) {}

  /**
   * The run's series, interval by interval.
   *
   * @param t each interval's end, seconds (the first PoP's sample)
   * @param ratio S_i/T_i per interval and PoP (NaN when the meter was stale)
   * @param x x_i per interval and PoP
   */
  public record Series(double[] t, double[][] ratio, double[][] x) {

    /** The series of a run's samples (one per PoP per interval, in time order). */
    public static Series of(List<Sample> samples) {
      Map<String, List<Sample>> byPop = new LinkedHashMap<>();
      for (Sample s : samples) {
        byPop.computeIfAbsent(s.pop(), k -> new ArrayList<>()).add(s);
      }
      int n = byPop.values().stream().mapToInt(List::size).min().orElse(0);
      int nodes = byPop.size();
      double[] t = new double[n];
      double[][] ratio = new double[n][nodes];
      double[][] x = new double[n][nodes];
      int i = 0;
      for (List<Sample> list : byPop.values()) {
        for (int k = 0; k < n; k++) {
          Sample s = list.get(k);
          if (i == 0) {
            t[k] = s.t();
          }
          ratio[k][i] = s.ratio();
          x[k][i] = s.x();
        }
        i++;
      }
      return new Series(t, ratio, x);
    }

    /** The number of intervals. */
    public int size() {
      return t.length;
    }

    /** {@link SettlingMeasure#coldStart} of the whole run. */
    public OptionalInt coldStart() {
      return SettlingMeasure.coldStart(ratio, x);
    }

    /**
     * {@link SettlingMeasure#coldStart} of the intervals that end at or before {@code until}
     * seconds: a run's cold start is over before its first drill (the final x it settles to is the
     * one before the drill moves it).
     */
    public OptionalInt coldStart(double until) {
      int n = firstAfter(until);
      if (n >= t.length) {
        return coldStart();
      }
      return SettlingMeasure.coldStart(Arrays.copyOf(ratio, n), Arrays.copyOf(x, n));
    }

    /**
     * {@link SettlingMeasure#overloadFree} of the intervals that end at or before {@code until}.
     */
    public OptionalInt overloadFree(double until) {
      return SettlingMeasure.overloadFree(
          Arrays.copyOf(ratio, Math.min(firstAfter(until), t.length)));
    }

    /**
     * {@link SettlingMeasure#recovery} after an event at {@code at} seconds, over the intervals
     * that end after {@code at} and at or before {@code until}.
     */
    public OptionalInt recovery(double at, double until) {
      return SettlingMeasure.recovery(ratio, firstAfter(at), firstAfter(until));
    }

    /** The first interval that ends after {@code seconds}, or the number of intervals. */
    int firstAfter(double seconds) {
      for (int k = 0; k < t.length; k++) {
        if (t[k] > seconds + 1e-9) {
          return k;
        }
      }
      return t.length;
    }
  }

  /**
   * The cold start of the run and the recovery after each event, each event's span ending at the
   * next event later than it (or the end of the run).
   */
  public static SettlingReport of(List<Sample> samples, List<Event> events) {
    Series s = Series.of(samples);
    List<Recovery> out = new ArrayList<>(events.size());
    for (Event e : events) {
      double until = Double.POSITIVE_INFINITY;
      for (Event other : events) {
        if (other.atSeconds() > e.atSeconds() + 1e-9) {
          until = Math.min(until, other.atSeconds());
        }
      }
      out.add(new Recovery(e, s.recovery(e.atSeconds(), until)));
    }
    double first = Double.POSITIVE_INFINITY;
    for (Event e : events) {
      first = Math.min(first, e.atSeconds());
    }
    return new SettlingReport(s.coldStart(first), s.overloadFree(first), out);
  }
}
