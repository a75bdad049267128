package dev.alm.cluster;

import dev.alm.controller.model.Topology;
import dev.alm.loop.LoopState;
import dev.alm.loop.Sample;
import dev.alm.pop.PopDaemon;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.function.Consumer;

/**
 * One control interval of a cluster run, as the cluster's thread sees it: every PoP's loop stepped
 * into a {@link Sample}, each customer's line, and at the end how late the intervals started.
 */
final class ClusterIntervals {

  private ClusterIntervals() {}

  /** Steps every PoP's control loop once and returns each PoP's sample of the interval. */
  static List<Sample> samples(List<PopDaemon> pops, double seconds) {
    List<Sample> interval = new ArrayList<>(pops.size());
    for (PopDaemon p : pops) {
      LoopState s = p.tick();
      double unit = p.config().loop().loadUnit();
      interval.add(
          new Sample(
              seconds,
              p.config().id(),
              s.x(),
              s.mu(),
              s.beta() == null ? Double.NaN : s.beta().beta(),
              s.beta() == null ? Double.NaN : s.beta().stdError(),
              s.load() * unit,
              p.capacityRate(),
              s.demand() * unit,
              s.mode().label(),
              p.shed(),
              p.gainScale(),
              Double.isFinite(s.guard()) ? s.guard() : Double.NaN));
    }
    return interval;
  }

  /** Logs each customer's line of the interval and records its shares in its windows. */
  static void customerLines(
      ClusterConfig c,
      List<CustomerWindows> customerWindows,
      List<PopDaemon> pops,
      double seconds,
      int windows,
      Consumer<String> log) {
    Topology t = c.topology();
    int n = t.size();
    int window = (int) Math.floor(seconds - 1e-9);
    for (int k = 0; k < c.customers().size(); k++) {
      String name = c.customers().get(k).name();
      CustomerWindows cw = customerWindows.get(k);
      StringBuilder line =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "t=%.0f customer %s: admitted %d/s of %d sent, limit %.0f; shares",
                  seconds,
                  name,
                  window >= 0 && window < windows ? cw.admittedTotal(window) : 0,
                  window >= 0 && window < windows ? cw.sentTotal(window) : 0,
                  c.customers().get(k).limit()));
      for (int i = 0; i < n; i++) {
        double sh = Cluster.share(pops.get(i), name);
        cw.share(window, i, sh);
        line.append(String.format(Locale.ROOT, " %s %.1f", t.ids().get(i), sh));
      }
      log.accept(line.toString());
    }
  }

  /** How late the control intervals started and how long the PoPs' steps took. */
  static void logTiming(
      LongSummaryStatistics late, LongSummaryStatistics work, Consumer<String> log) {
    log.accept(
        String.format(
            Locale.ROOT,
            "control intervals: %d, started late by %.2f ms on average (at most %.2f ms), all"
                + " PoPs' steps took %.2f ms on average (at most %.2f ms)",
            late.getCount(),
            late.getAverage() / 1e6,
            late.getMax() / 1e6,
            work.getAverage() / 1e6,
            work.getMax() / 1e6));
  }
}
