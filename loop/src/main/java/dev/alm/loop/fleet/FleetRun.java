package dev.alm.loop.fleet;

import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * What one {@link FleetModel} run did: a {@link Sample} per PoP per control interval (in interval
 * order, PoPs in topology order within an interval) and what the users and PoPs counted, with the
 * settling figures of {@link SettlingMeasure} read off the samples.
 *
 * @param config the run's settings
 * @param samples every PoP's sample of every interval
 * @param totals per PoP, what its users, DNS and proxy counted over the run
 */
public record FleetRun(FleetModelConfig config, List<Sample> samples, List<PopTotals> totals) {

  public FleetRun {
    samples = List.copyOf(samples);
    totals = List.copyOf(totals);
  }

  /**
   * One PoP's counts over the run.
   *
   * @param pop the PoP's id
   * @param requests requests its users sent
   * @param toL1 of those, requests that followed an L1 answer
   * @param cdnQueries CDN queries its DNS answered (resolver cache misses)
   * @param beacons beacons its users sent
   * @param probes probes its DNS handed out
   * @param echoes price echoes its DNS counted
   * @param proxyRequests ordinary requests its proxy received (from every PoP's users)
   * @param proxyProbes probes its proxy counted
   * @param shed requests its proxy shed
   * @param signedWeights the weights its proxy's counted probes carried (its sensitivity sum)
   * @param publishedWeights the weights their PoPs had published when those probes were handed out:
   *     each probe carries the published kappa over its signer's rate of the second before instead
   */
  public record PopTotals(
      String pop,
      long requests,
      long toL1,
      long cdnQueries,
      long beacons,
      long probes,
      long echoes,
      long proxyRequests,
      long proxyProbes,
      long shed,
      double signedWeights,
      double publishedWeights) {}

  /**
   * A scheduled event and how long the fleet took to recover from it ({@link
   * SettlingMeasure#recovery}).
   *
   * @param event the event as named in reports ({@code flash-start b x5}, {@code flash-end b},
   *     {@code route-change FILE})
   * @param atSeconds when it started
   * @param from the first interval measured after it started (0-based)
   * @param to the end of its span (exclusive): the first interval after the next later event, or
   *     the number of intervals
   * @param intervals intervals from {@code from} until every proxy's 5-interval mean of S/T stays
   *     at most 1.1 through {@code to}; empty when it was still above at the end of the span
   */
  public record Recovery(String event, double atSeconds, int from, int to, OptionalInt intervals) {}

  /** Control intervals in the run. */
  public int intervals() {
    return samples.size() / nodes();
  }

  private int nodes() {
    return config.topology().size();
  }

  /** S_i / T_i per interval and PoP. */
  public double[][] ratio() {
    double[][] r = new double[intervals()][nodes()];
    for (int k = 0; k < samples.size(); k++) {
      r[k / nodes()][k % nodes()] = samples.get(k).ratio();
    }
    return r;
  }

  /** x_i per interval and PoP. */
  public double[][] x() {
    double[][] r = new double[intervals()][nodes()];
    for (int k = 0; k < samples.size(); k++) {
      r[k / nodes()][k % nodes()] = samples.get(k).x();
    }
    return r;
  }

  /**
   * {@link SettlingMeasure#coldStart} over the intervals before the first event after the start (a
   * flash crowd, a route change; as {@code alm cluster} and {@code alm lab} measure it): the
   * intervals the run took to settle, empty if never.
   */
  public OptionalInt coldStartIntervals() {
    int n = beforeFirstEvent();
    return SettlingMeasure.coldStart(Arrays.copyOf(ratio(), n), Arrays.copyOf(x(), n));
  }

  /**
   * {@link SettlingMeasure#overloadFree} of the intervals before the first flash crowd or route
   * change: when no proxy's 5-interval mean was above 1.1 T any more, x left aside.
   */
  public OptionalInt coldStartOverloadIntervals() {
    return SettlingMeasure.overloadFree(Arrays.copyOf(ratio(), beforeFirstEvent()));
  }

  /** The intervals that end before the first scheduled event. */
  private int beforeFirstEvent() {
    double first = Double.POSITIVE_INFINITY;
    for (Flash f : config.flashes()) {
      first = Math.min(first, f.startSeconds());
    }
    for (RouteChange r : config.routeChanges()) {
      if (r.atSeconds() > 0) {
        first = Math.min(first, r.atSeconds());
      }
    }
    return firstAfter(times(), first);
  }

  /**
   * Every scheduled event with its recovery, in time order: a flash crowd's start ({@code
   * flash-start POP}) and end ({@code flash-end POP}), a route change ({@code route-change LABEL}).
   * As {@code alm cluster} reports its events: each event's span runs from the first interval that
   * ends after it to the next later event (exclusive) or the end of the run.
   */
  public List<Recovery> recoveries() {
    List<Object[]> events = new ArrayList<>();
    for (Flash f : config.flashes()) {
      events.add(
          new Object[] {"flash-start " + f.pop() + " x" + trim(f.factor()), f.startSeconds()});
      events.add(new Object[] {"flash-end " + f.pop(), f.endSeconds()});
    }
    for (RouteChange r : config.routeChanges()) {
      events.add(
          new Object[] {
            "route-change" + (r.label().isEmpty() ? "" : " " + r.label()), r.atSeconds()
          });
    }
    events.sort(Comparator.comparingDouble(e -> (Double) e[1]));
    double[] t = times();
    double[][] ratio = ratio();
    List<Recovery> out = new ArrayList<>();
    for (Object[] e : events) {
      double at = (Double) e[1];
      double until = Double.POSITIVE_INFINITY;
      for (Object[] other : events) {
        double o = (Double) other[1];
        if (o > at + 1e-9) {
          until = Math.min(until, o);
        }
      }
      int from = firstAfter(t, at);
      int to = firstAfter(t, until);
      out.add(new Recovery((String) e[0], at, from, to, SettlingMeasure.recovery(ratio, from, to)));
    }
    return out;
  }

  /** Each interval's end, seconds since the users started. */
  public double[] times() {
    double[] t = new double[intervals()];
    for (int k = 0; k < t.length; k++) {
      t[k] = samples.get(k * nodes()).t();
    }
    return t;
  }

  /** The first interval that ends after {@code seconds}, or the number of intervals. */
  private static int firstAfter(double[] t, double seconds) {
    for (int k = 0; k < t.length; k++) {
      if (t[k] > seconds + 1e-9) {
        return k;
      }
    }
    return t.length;
  }

  /**
   * Each PoP's mean S_i/T_i over the second half of the run (intervals k &ge; n / 2, as {@code alm
   * cluster}'s summary counts them), NaN where no interval had a reading.
   */
  public double[] meanRatioLastHalf() {
    double[][] r = ratio();
    int n = r.length;
    double[] out = new double[nodes()];
    for (int i = 0; i < nodes(); i++) {
      double sum = 0;
      int count = 0;
      for (int k = n / 2; k < n; k++) {
        if (Double.isFinite(r[k][i])) {
          sum += r[k][i];
          count++;
        }
      }
      out[i] = count == 0 ? Double.NaN : sum / count;
    }
    return out;
  }

  /** The worst proxy's mean S/T over the second half ({@code maxMeanLoadRatioLastHalf}). */
  public double worstMeanRatioLastHalf() {
    double worst = Double.NaN;
    for (double v : meanRatioLastHalf()) {
      if (Double.isFinite(v) && !(v <= worst)) {
        worst = v;
      }
    }
    return worst;
  }

  /** The samples of one PoP, in interval order. */
  public List<Sample> of(String pop) {
    return samples.stream().filter(s -> s.pop().equals(pop)).toList();
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
