package dev.alm.controller.sim;

import java.util.OptionalInt;

/**
 * How fast a run of the controllers settled, measured on its per-interval series the same way for
 * the offline model, the loopback cluster and the lab (docs/controllers/settling.md, "Settling
 * targets").
 *
 * <ul>
 *   <li><b>cold-start settling</b>: the first interval k from which on, for every proxy, the mean
 *       of S_i/T_i over the last {@value #WINDOW} intervals stays at most {@value #OVERLOAD} and
 *       x_i stays within {@value #X_BAND} of its final value (the mean of its last {@value #WINDOW}
 *       intervals);
 *   <li><b>cold-start overload</b>: the intervals until every proxy's mean of S_i/T_i over the last
 *       {@value #WINDOW} intervals stays at most {@value #OVERLOAD} for good, x left aside (the
 *       overload target: "no proxy's 5-interval mean above 1.1 T after interval 15");
 *   <li><b>drill recovery</b>: the intervals after a drill until every proxy's {@value
 *       #WINDOW}-interval mean of S_i/T_i is at most {@value #OVERLOAD} for good (up to the end of
 *       the drill's span).
 * </ul>
 *
 * Series are indexed [interval][node]; a NaN load ratio (meter stale) counts as not overloaded, a
 * NaN x as within the band. Pure: no clock.
 */
public final class SettlingMeasure {

  /** Intervals over which S_i/T_i is averaged. */
  public static final int WINDOW = 5;

  /** The largest admissible {@value #WINDOW}-interval mean of S_i/T_i. */
  public static final double OVERLOAD = 1.1;

  /** How close x_i must stay to its final value. */
  public static final double X_BAND = 0.05;

  private SettlingMeasure() {}

  /**
   * The cold-start settling interval (1-based: the number of intervals a run took), or empty when
   * the run never settled before its last {@value #WINDOW} intervals.
   *
   * @param ratio S_i/T_i per interval and node
   * @param x x_i per interval and node
   */
  public static OptionalInt coldStart(double[][] ratio, double[][] x) {
    int n = ratio.length;
    if (n < WINDOW || x.length != n) {
      return OptionalInt.empty();
    }
    double[] last = finalX(x);
    int k = n;
    for (int t = n - 1; t >= 0; t--) {
      if (!underWindow(ratio, t) || !inBand(x[t], last)) {
        break;
      }
      k = t;
    }
    return k <= n - WINDOW ? OptionalInt.of(k + 1) : OptionalInt.empty();
  }

  /**
   * The cold-start overload: intervals from the start until every proxy's {@value #WINDOW}-interval
   * mean of S_i/T_i stays at most {@value #OVERLOAD} for good (0 when it never rose above), or
   * empty when a mean was still above it at the end.
   *
   * @param ratio S_i/T_i per interval and node
   */
  public static OptionalInt overloadFree(double[][] ratio) {
    return recovery(ratio, 0, ratio.length);
  }

  /**
   * Intervals after a drill at interval {@code from} (0-based, the first interval measured after
   * the drill) until every {@value #WINDOW}-interval mean of S_i/T_i stays at most {@value
   * #OVERLOAD} through interval {@code to} (exclusive); 0 when it never rose above; empty when it
   * was still above at the end of the span.
   */
  public static OptionalInt recovery(double[][] ratio, int from, int to) {
    int end = Math.min(to, ratio.length);
    if (from < 0 || from >= end) {
      return OptionalInt.empty();
    }
    int k = end;
    for (int t = end - 1; t >= from; t--) {
      if (!underWindow(ratio, t)) {
        break;
      }
      k = t;
    }
    return k < end ? OptionalInt.of(k - from) : OptionalInt.empty();
  }

  /** Whether every node's mean of S/T over the window ending at {@code t} is at most the bound. */
  static boolean underWindow(double[][] ratio, int t) {
    int nodes = ratio[t].length;
    for (int i = 0; i < nodes; i++) {
      double sum = 0;
      int count = 0;
      for (int u = Math.max(0, t - WINDOW + 1); u <= t; u++) {
        double r = ratio[u][i];
        if (Double.isFinite(r)) {
          sum += r;
          count++;
        }
      }
      if (count > 0 && sum / count > OVERLOAD) {
        return false;
      }
    }
    return true;
  }

  /** The mean x of each node over the last {@value #WINDOW} intervals. */
  public static double[] finalX(double[][] x) {
    int n = x.length;
    int nodes = x[n - 1].length;
    double[] out = new double[nodes];
    for (int i = 0; i < nodes; i++) {
      double sum = 0;
      int count = 0;
      for (int t = Math.max(0, n - WINDOW); t < n; t++) {
        if (Double.isFinite(x[t][i])) {
          sum += x[t][i];
          count++;
        }
      }
      out[i] = count > 0 ? sum / count : Double.NaN;
    }
    return out;
  }

  private static boolean inBand(double[] x, double[] last) {
    for (int i = 0; i < x.length; i++) {
      if (Double.isFinite(x[i]) && Double.isFinite(last[i]) && Math.abs(x[i] - last[i]) > X_BAND) {
        return false;
      }
    }
    return true;
  }
}
