package dev.alm.app;

import dev.alm.cluster.ClusterRun;
import dev.alm.cluster.ClusterSummary;
import dev.alm.cluster.Drill;
import dev.alm.cluster.DrillOutcome;
import dev.alm.cluster.FlashCrowd;
import dev.alm.controller.model.Topology;
import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.loadgen.UserCounts;
import dev.alm.loop.Sample;
import dev.alm.optimum.OptimumResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** The files and the closing table of {@code alm cluster}. */
final class ClusterReport {

  /**
   * Users further behind their schedule than this at any time of a run (the load generator could
   * not keep up, and its backlog then went out at once): the run's report says so.
   */
  static final double LAG_WARNING_SECONDS = 1;

  /** A lag at most this many seconds after the start is the processes' warm-up: 3. */
  static final double START_SECONDS = 3;

  private ClusterReport() {}

  /**
   * The warning for users that fell {@code lagSeconds} behind their schedule, if late enough, with
   * when: within the first {@link #START_SECONDS} it is the processes' start (servers and users
   * warming up at once), later the machine not carrying the load.
   */
  static Optional<String> lagLine(double lagSeconds, double atSeconds) {
    if (!(lagSeconds > LAG_WARNING_SECONDS)) {
      return Optional.empty();
    }
    if (atSeconds < START_SECONDS) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "users fell %.1f s behind their schedule %.1f s after the start, while the processes"
                  + " warmed up; the first intervals' load came late and then at once",
              lagSeconds,
              atSeconds));
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "users fell %.1f s behind their schedule %.1f s after the start: this machine did not"
                + " carry the load, so the figures are not the controller's; fewer --beacons or a"
                + " smaller --load-unit",
            lagSeconds,
            atSeconds));
  }

  /** The lag of the users' worst moment and when it was. */
  static Optional<String> lagLine(Collection<UserCounts> users) {
    UserCounts worst =
        users.stream().max(Comparator.comparingDouble(UserCounts::maxLagSeconds)).orElse(null);
    return worst == null
        ? Optional.empty()
        : lagLine(worst.maxLagSeconds(), worst.maxLagAtSeconds());
  }

  /** samples.csv: t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain,guard (empty: not bound). */
  static void samplesCsv(List<Sample> samples, Path file) throws IOException {
    Outputs.write(
        file,
        w -> {
          w.write("t,pop,x,mu,beta,betaStdErr,S,T,A,mode,shed,gain,guard\n");
          for (Sample s : samples) {
            w.write(
                String.format(
                    Locale.ROOT,
                    "%.3f,%s,%.6f,%.6f,%.6f,%.6f,%.3f,%.3f,%.3f,%s,%d,%.4f,%s%n",
                    s.t(),
                    s.pop(),
                    s.x(),
                    s.mu(),
                    s.beta(),
                    s.betaStdErr(),
                    s.load(),
                    s.capacity(),
                    s.demand(),
                    s.mode(),
                    s.shed(),
                    s.gain(),
                    s.guarded() ? String.format(Locale.ROOT, "%.6f", s.guard()) : ""));
          }
        });
  }

  static void print(
      PrintWriter o,
      ClusterRun run,
      ClusterSummary s,
      OptimumResult opt,
      AllLoadOptimum.Result all) {
    List<String> ids = run.config().topology().ids();
    popTable(o, ids, s, opt);
    long requests = run.users().values().stream().mapToLong(UserCounts::requests).sum();
    o.printf(
        Locale.ROOT,
        "users: %.0f requests/s achieved of %.0f targeted, at most %.2f s behind their schedule;"
            + " loadRatio and meanX over the last %.0f%%%n",
        requests / run.seconds(),
        run.targetRate(),
        run.users().values().stream().mapToDouble(UserCounts::maxLagSeconds).max().orElse(0),
        ClusterSummary.TAIL * 100);
    lagLine(run.users().values()).ifPresent(o::println);
    if (Double.isFinite(s.recoverySeconds())) {
      o.printf(
          Locale.ROOT, "flash crowd: %.0f s until no proxy above 1.1 T%n", s.recoverySeconds());
    } else if (s.recoverySeconds() == Double.POSITIVE_INFINITY) {
      o.printf("flash crowd: a proxy was still above 1.1 T at the flash's end%n");
    }
    settledLine(o, run, s);
    o.println(coldStartLine(s.coldStartIntervals()));
    o.println(overloadLine(s.coldStartOverloadIntervals()));
    if (opt != null && all != null) {
      optimumLine(o, run.config().topology(), s, opt, all);
    }
    for (ClusterSummary.DrillFigures d : s.drills()) {
      drillLines(o, d);
    }
    FlashCrowd f = run.config().flash();
    if (f != null) {
      o.println(
          recoveryLine(
              event("flash-start " + f.pop(), f.startSeconds()), s.flashStartRecoveryIntervals()));
      o.println(
          recoveryLine(
              event("flash-end " + f.pop(), f.startSeconds() + f.seconds()),
              s.flashEndRecoveryIntervals()));
    }
  }

  /** One line per PoP: x, mean x, S/T, time over capacity, shed, mu, the optimum's x. */
  private static void popTable(
      PrintWriter o, List<String> ids, ClusterSummary s, OptimumResult opt) {
    o.printf(
        Locale.ROOT,
        "%-8s %8s %8s %10s %12s %10s %8s %10s%n",
        "pop",
        "x",
        "meanX",
        "loadRatio",
        "s>capacity",
        "shed",
        "mu",
        "optimumX");
    s.pops()
        .forEach(
            (id, f) ->
                o.printf(
                    Locale.ROOT,
                    "%-8s %8.3f %8.3f %10.3f %12.0f %10d %8.2f %10s%n",
                    id,
                    f.x(),
                    f.meanX(),
                    f.loadRatio(),
                    f.secondsOverCapacity(),
                    f.shed(),
                    f.mu(),
                    opt == null
                        ? ""
                        : String.format(Locale.ROOT, "%.3f", opt.x()[ids.indexOf(id)])));
  }

  /** When x settled (or that it did not), then the worst mean S/T over the last half. */
  private static void settledLine(PrintWriter o, ClusterRun run, ClusterSummary s) {
    if (Double.isFinite(s.settledSeconds())) {
      o.printf(
          Locale.ROOT,
          "x settled (every later change < %.2f) after %.0f s = %.0f intervals of %d ms; ",
          ClusterSummary.SETTLED_STEP,
          s.settledSeconds(),
          settledIntervals(run, s),
          run.config().interval().toMillis());
    } else {
      o.printf(
          Locale.ROOT,
          "x did not settle (a PoP changed x by %.2f or more in the last interval); ",
          ClusterSummary.SETTLED_STEP);
    }
    o.printf(Locale.ROOT, "worst mean S/T over the last half %.2f%n", worstHalf(s));
  }

  /**
   * How far mean x is from the optimum, and from the optimum with all the metered load, over the
   * PoPs with DNS users (a PoP of demand 0 answers no one, and any x is optimal for it).
   */
  private static void optimumLine(
      PrintWriter o, Topology t, ClusterSummary s, OptimumResult opt, AllLoadOptimum.Result all) {
    double d = 0;
    double dAll = 0;
    List<String> ids = t.ids();
    for (Map.Entry<String, ClusterSummary.PopFigures> e : s.pops().entrySet()) {
      int j = ids.indexOf(e.getKey());
      if (!(t.node(j).demand() > 0)) {
        continue;
      }
      d = Math.max(d, Math.abs(e.getValue().meanX() - opt.x()[j]));
      dAll = Math.max(dAll, Math.abs(e.getValue().meanX() - all.optimum().x()[j]));
    }
    o.printf(
        Locale.ROOT,
        "meanX from the optimum (PoPs with DNS users): at most %.3f; from the optimum with all metered load"
            + " (load that does not follow x, at most %.3f load units at a proxy): at most %.3f%n",
        d,
        Arrays.stream(all.background()).max().orElse(0),
        dAll);
    for (String id : AllLoadOptimum.overloadedWhateverX(t, all.background())) {
      int j = ids.indexOf(id);
      o.printf(
          Locale.ROOT,
          "%s is overloaded whatever x: its load that does not follow x, %.3f load units, is at or"
              + " above its capacity %.3f%n",
          id,
          all.background()[j],
          t.node(j).capacity());
    }
  }

  /** A drill's lines: x and mu before and after, the worst S/T around it, its recovery. */
  private static void drillLines(PrintWriter o, ClusterSummary.DrillFigures d) {
    DrillOutcome w = d.outcome();
    o.printf(
        Locale.ROOT,
        "%s %s at %.0f s: x %.3f -> %.3f, mu %.2f -> %.2f; max S/T of any proxy %.2f in the %.0f s "
            + "before, %.2f after",
        w.drill().kind().label(),
        w.drill().pop(),
        w.tSeconds(),
        w.xBefore(),
        w.xAfter(),
        w.muBefore(),
        w.muAfter(),
        d.maxLoadRatioBefore(),
        ClusterSummary.DRILL_WINDOW,
        d.maxLoadRatioAfter());
    if (w.drill().kind() == Drill.Kind.RESTART) {
      o.printf(Locale.ROOT, "; down %.0f ms%n", w.downMillis());
    } else {
      o.printf(
          Locale.ROOT, "; fallback after %.0f s at x = %.2f%n", d.fallbackSeconds(), d.fallbackX());
    }
    o.println(
        recoveryLine(
            event(w.drill().kind().label() + " " + w.drill().pop(), w.tSeconds()),
            d.recoveryIntervals()));
  }

  /**
   * The end-of-run line of the cold start's overload part ({@link SettlingMeasure#overloadFree}).
   */
  static String overloadLine(OptionalInt intervals) {
    return intervals.isPresent()
        ? String.format(
            Locale.ROOT,
            "cold start: no %d-interval mean above %.1f T from interval %d on",
            SettlingMeasure.WINDOW,
            SettlingMeasure.OVERLOAD,
            intervals.getAsInt())
        : String.format(
            Locale.ROOT,
            "cold start: a %d-interval mean still above %.1f T at the end",
            SettlingMeasure.WINDOW,
            SettlingMeasure.OVERLOAD);
  }

  /** The end-of-run line of the cold start ({@link dev.alm.cluster.SettlingReport}). */
  static String coldStartLine(OptionalInt intervals) {
    return intervals.isPresent()
        ? String.format(
            Locale.ROOT,
            "cold start settled after %d intervals (%d-interval means <= %.1f T, x within %.2f of"
                + " final)",
            intervals.getAsInt(),
            SettlingMeasure.WINDOW,
            SettlingMeasure.OVERLOAD,
            SettlingMeasure.X_BAND)
        : "cold start: not settled";
  }

  /**
   * The end-of-run line of one event's recovery ({@link dev.alm.cluster.SettlingReport}); {@code
   * event} says what happened and when.
   */
  static String recoveryLine(String event, OptionalInt intervals) {
    return intervals.isPresent()
        ? String.format(
            Locale.ROOT,
            "recovery after %s: %d intervals (%d-interval means <= %.1f T from then to the next"
                + " event or the end)",
            event,
            intervals.getAsInt(),
            SettlingMeasure.WINDOW,
            SettlingMeasure.OVERLOAD)
        : String.format(
            Locale.ROOT,
            "recovery after %s: not recovered (a %d-interval mean above %.1f T at the next event or"
                + " the end)",
            event,
            SettlingMeasure.WINDOW,
            SettlingMeasure.OVERLOAD);
  }

  /** What happened and when, for {@link #recoveryLine}. */
  private static String event(String what, double atSeconds) {
    return String.format(Locale.ROOT, "%s at %.0f s", what, atSeconds);
  }

  /** An OptionalInt as a JSON number, or null. */
  static Integer intOrNull(OptionalInt v) {
    return v.isPresent() ? v.getAsInt() : null;
  }

  /**
   * The interval after which every PoP's x changed by less than {@link
   * ClusterSummary#SETTLED_STEP}.
   */
  static double settledIntervals(ClusterRun run, ClusterSummary s) {
    return Math.ceil(s.settledSeconds() / (run.config().interval().toNanos() / 1e9) - 1e-9);
  }

  /** The largest mean S_i / T_i over the second half of the run, of all proxies. */
  static double worstHalf(ClusterSummary s) {
    return s.pops().values().stream()
        .mapToDouble(ClusterSummary.PopFigures::meanLoadRatioLastHalf)
        .filter(Double::isFinite)
        .max()
        .orElse(Double.NaN);
  }
}
