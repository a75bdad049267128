package dev.alm.app.drl;

import dev.alm.app.Outputs;
import dev.alm.app.UserError;
import dev.alm.drl.agent.KeyedLiveRun;
import dev.alm.ratelimit.keys.KeyedResult;
import dev.alm.ratelimit.keys.KeyedScenario;
import dev.alm.ratelimit.keys.KeyedSimulation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code alm drl simulate} on a keyed scenario (docs/ratelimit/keys.md): per-key limits shared
 * through each key's home, every request decided at its PoP. Writes {@code summary.json} and prints
 * the figures the page's table holds.
 */
final class KeyedSimulate {

  private KeyedSimulate() {}

  static int run(
      KeyedScenario sc, Long seed, Double duration, Path out, PrintWriter o, PrintWriter err)
      throws IOException {
    if (seed != null) {
      sc = sc.withSeed(seed);
    }
    if (duration != null) {
      if (!(duration > 0)) {
        throw new UserError("--duration must be > 0, got " + duration);
      }
      sc = sc.withDuration(duration);
    }
    KeyedResult r = KeyedSimulation.run(sc, progress(err, "alm drl simulate", "simulated"));
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("scenario", sc);
    summary.put("result", r);
    Outputs.json(out.resolve("summary.json"), summary);
    print(sc, r, o);
    return 0;
  }

  /**
   * {@code alm drl agents --scenario} on a keyed scenario: live agents on loopback first, then the
   * simulation of the same scenario; prints both and writes {@code summary.json} with both.
   */
  static int live(KeyedScenario sc, Long seed, Path out, PrintWriter o, PrintWriter err)
      throws Exception {
    if (seed != null) {
      sc = sc.withSeed(seed);
    }
    KeyedResult live = KeyedLiveRun.run(sc, progress(err, "alm drl agents", "run live"));
    KeyedResult sim = KeyedSimulation.run(sc, progress(err, "alm drl agents", "simulated"));
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("scenario", sc);
    summary.put("live", live);
    summary.put("simulated", sim);
    Outputs.json(out.resolve("summary.json"), summary);
    o.println("live:");
    print(sc, live, o);
    o.println("simulated:");
    print(sc, sim, o);
    return 0;
  }

  private static KeyedSimulation.Progress progress(PrintWriter err, String who, String what) {
    long start = System.nanoTime();
    return (t, total) -> {
      err.printf(
          Locale.ROOT,
          "%s: %.0f%% (%.0f of %.0f s %s, %.1f s wall)%n",
          who,
          100 * t / total,
          t,
          total,
          what,
          DrlRuns.secondsSince(start));
      err.flush();
    };
  }

  private static void print(KeyedScenario sc, KeyedResult r, PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "%d PoPs, %,d keys (Zipf %.2f), %,.0f requests/s, limit %d per %s: %,d requests in %.1f s"
            + " wall%n",
        sc.pops(),
        sc.keys(),
        sc.zipf(),
        sc.requestsPerSecond(),
        r.limit(),
        sc.window().text(),
        r.requests(),
        r.wallSeconds());
    line(o, "keys at or over their limit, first window (no state)", r.first());
    line(o, "keys at or over their limit, later windows", r.over());
    line(o, "  of them at several PoPs", r.overMulti());
    line(o, "  moved, 2 s after", r.roamed());
    line(o, "  moved, in the window of the move", r.roamWindow());
    o.printf(
        Locale.ROOT,
        "keys under their limit: %,d key-windows, %,d refused any request (%,d requests)%n",
        r.underKeys(),
        r.underRefusedKeys(),
        r.underRefused());
    o.printf(
        Locale.ROOT,
        "sharing: %.1f kB/s per PoP (busiest %.1f), %,d reports and %,d grants between PoPs; at most"
            + " %,d keys held by a PoP, %,d forgotten%n",
        r.bytesPerPopPerSecond() / 1000,
        r.maxBytesPerPopPerSecond() / 1000,
        r.reports(),
        r.grants(),
        r.maxKeysHeld(),
        r.forgotten());
    o.flush();
  }

  private static void line(PrintWriter o, String what, KeyedResult.Ratios x) {
    if (x.n() == 0) {
      o.printf(Locale.ROOT, "%s: none%n", what);
      return;
    }
    o.printf(
        Locale.ROOT,
        "%s: %,d key-windows, admitted/limit median %.3f, p99 %.3f, max %.3f, %.1f%% within 2%%%n",
        what,
        x.n(),
        x.median(),
        x.p99(),
        x.max(),
        100 * x.within2());
  }
}
