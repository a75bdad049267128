package dev.alm.app.drl;

import dev.alm.ratelimit.sim.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;

/**
 * timeseries.csv of a simulated or live scenario run: {@code t,limiter,demand,limit,drop,served}, a
 * row per limiter and estimate interval (demand and served in the scenario's unit per second, limit
 * empty under a drop probability or the central bucket, drop empty under a bucket).
 */
final class SeriesCsv {

  private SeriesCsv() {}

  /**
   * An observer that writes every interval's per-limiter rows to {@code w} (after the header) and
   * keeps the served rates in {@code rec} for the plot.
   */
  static Simulator.Observer observer(Writer w, SeriesRecorder rec) {
    try {
      w.write("t,limiter,demand,limit,drop,served\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StringBuilder b = new StringBuilder(1 << 16);
    return (t, demand, limit, drop, served) -> {
      rec.record(t, served);
      b.setLength(0);
      String ts = fmt(t);
      for (int i = 0; i < demand.length; i++) {
        b.append(ts).append(',').append(i).append(',').append(fmt(demand[i])).append(',');
        if (!Double.isNaN(limit[i])) {
          b.append(fmt(limit[i]));
        }
        b.append(',');
        if (!Double.isNaN(drop[i])) {
          b.append(fmt(drop[i]));
        }
        b.append(',').append(fmt(served[i])).append('\n');
      }
      try {
        w.append(b);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  private static String fmt(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    String s = String.format(Locale.ROOT, "%.6g", v);
    if (s.indexOf('.') >= 0 && s.indexOf('e') < 0) {
      s = s.replaceAll("0+$", "");
      if (s.endsWith(".")) {
        s = s.substring(0, s.length() - 1);
      }
    }
    return s;
  }
}
