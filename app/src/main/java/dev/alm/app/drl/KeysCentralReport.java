package dev.alm.app.drl;

import dev.alm.drl.central.CentralCounters;
import dev.alm.ratelimit.keys.KeyedLimiter;
import dev.alm.ratelimit.keys.KeyedResult;
import dev.alm.ratelimit.keys.KeyedScenario;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * What {@code alm drl keys-central} measured, printed and as {@code summary.json}; with, for
 * comparison, the same key stream decided by one PoP's {@link KeyedLimiter} in this process (no
 * network call).
 */
final class KeysCentralReport {

  /** Decisions timed for the comparison with no network call. */
  static final int LOCAL_DECISIONS = 500_000;

  private final KeysCentralLoad load;
  private final KeyedScenario sc;
  private final long limit;
  private final double[] outage;
  private final KeysCentralRun run;
  private final CentralCounters counters;
  private final KeysCentralStore store;
  private final long[] latency;
  private final long[] local;

  KeysCentralReport(
      KeysCentralLoad load, KeysCentralRun run, CentralCounters counters, KeysCentralStore store) {
    this.load = load;
    this.sc = load.sc();
    this.limit = load.limit();
    this.outage = load.outage();
    this.run = run;
    this.counters = counters;
    this.store = store;
    this.latency = run.sortedLatencies();
    this.local = localLatencies(sc, limit, (int) Math.min(LOCAL_DECISIONS, Math.max(1, run.sent)));
  }

  /** The hash key {@code k} is known by, as in the simulation of the same scenario. */
  static long keyHash(int k, long seed) {
    long h = k * 0x9E3779B97F4A7C15L + seed;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  /**
   * Times {@code n} decisions of the scenario's key stream at one PoP's KeyedLimiter, after 200,000
   * untimed ones.
   */
  static long[] localLatencies(KeyedScenario sc, long limit, int n) {
    KeyedLimiter l = new KeyedLimiter(sc.window(), sc.sharing());
    ZipfDistribution zipf =
        new ZipfDistribution(new Well19937c(sc.seed() + 1), sc.keys(), sc.zipf());
    for (int i = 0; i < 200_000; i++) { // compiled before it is timed
      l.admit(keyHash(zipf.sample() - 1, sc.seed()), limit, System.currentTimeMillis());
    }
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      long h = keyHash(zipf.sample() - 1, sc.seed());
      long now = System.currentTimeMillis();
      long t0 = System.nanoTime();
      l.admit(h, limit, now);
      t[i] = System.nanoTime() - t0;
    }
    Arrays.sort(t);
    return t;
  }

  private static double q(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1000.0;
  }

  void print(PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "%s: %,d keys (Zipf %.2f), limit %d per %s (fixed), offered"
            + " %,.0f/s for %.0f s after %.0f s of warm-up, %d in flight, timeout %d ms, failure %s%s%n",
        store.heading(),
        sc.keys(),
        sc.zipf(),
        limit,
        sc.window().text(),
        load.offered(),
        load.duration(),
        load.warmup(),
        load.concurrency(),
        load.timeoutMs(),
        load.policy().label(),
        outage[0] < 0 ? "" : ", " + store.down());
    o.printf(
        Locale.ROOT,
        "  sent %,d requests in %.1f s: %,.0f requests/s achieved%s%n",
        run.sent,
        run.seconds,
        run.sent / run.seconds,
        run.behind > 0
            ? String.format(Locale.ROOT, " (%,d not sent, behind schedule)", run.behind)
            : "");
    printWindows(o);
    group(o, "complete windows clear of the outage", run.steady);
    if (outage[0] >= 0) {
      group(o, "windows overlapping the outage", run.outage);
      o.printf(
          Locale.ROOT,
          "  sent during the outage: %,d; %s admitted %,d, the policy admitted %,d and refused"
              + " %,d%n",
          run.outageSent.sum(),
          store.who(),
          run.outageAdmitted.sum(),
          run.outagePolicyAdmitted.sum(),
          run.outagePolicyRefused.sum());
    }
    o.printf(
        Locale.ROOT,
        "  policy answers: %,d (%,d timeouts, %,d errors); %s answered %,d admitted, %,d"
            + " refused%n",
        run.policyAnswers.sum(),
        counters.timeouts(),
        counters.errors(),
        store.who(),
        counters.admitted(),
        counters.rejected());
    printLatency(o);
    for (String line : store.endLines()) {
      o.println(line);
    }
    if (run.partialWindows > 0) {
      o.printf(
          Locale.ROOT,
          "  (%d windows in the warm-up or cut by the end of the load are not measured)%n",
          run.partialWindows);
    }
  }

  /** Latency asking the store, and with no network call. */
  private void printLatency(PrintWriter o) {
    o.printf(
        Locale.ROOT,
        "  decision latency (send to answer, after the warm-up, outside the outage, %,d samples): p50 %.0f us, p99 %.0f us, p99.9 %.0f"
            + " us%n",
        latency.length,
        q(latency, 0.5),
        q(latency, 0.99),
        q(latency, 0.999));
    o.printf(
        Locale.ROOT,
        "  no network call (one PoP's KeyedLimiter.admit, same keys, %,d decisions): p50 %.2f us,"
            + " p99 %.2f us, p99.9 %.2f us%n",
        local.length,
        q(local, 0.5),
        q(local, 0.99),
        q(local, 0.999));
  }

  /** A row per measured window, when there are at most 40. */
  private void printWindows(PrintWriter o) {
    if (run.rows.size() <= 40) {
      o.printf(
          Locale.ROOT,
          "  %8s %10s %10s %8s %9s %8s %12s%n",
          "window s",
          "requests",
          "admitted",
          "policy",
          "keys>=L",
          "median",
          "under refused");
      for (KeysCentralRun.WindowRow w : run.rows) {
        o.printf(
            Locale.ROOT,
            "  %8.1f %10d %10d %8d %9d %8.3f %12d%s%n",
            w.startSeconds(),
            w.requests(),
            w.admitted(),
            w.policyAnswers(),
            w.keysOver(),
            w.medianRatio(),
            w.underRefusedKeys(),
            w.outage() ? "  (outage)" : "");
      }
    }
  }

  private void group(PrintWriter o, String what, KeysCentralRun.Group g) {
    KeyedResult.Ratios r = g.ratios();
    if (r.n() == 0) {
      o.printf(Locale.ROOT, "  %s (%d): no key reached its limit%n", what, g.windows);
    } else {
      o.printf(
          Locale.ROOT,
          "  %s (%d): keys at or over their limit: %,d key-windows, admitted/limit median %.3f,"
              + " p99 %.3f, max %.3f, %.1f%% within 2%%%n",
          what,
          g.windows,
          r.n(),
          r.median(),
          r.p99(),
          r.max(),
          100 * r.within2());
    }
    o.printf(
        Locale.ROOT,
        "    keys under their limit: %,d key-windows, %,d refused any request (%,d requests, %,d"
            + " of them by the policy)%n",
        g.underKeys,
        g.underRefusedKeys,
        g.underRefused,
        g.underRefusedByPolicy);
  }

  private static Map<String, Object> group(KeysCentralRun.Group g) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("windows", g.windows);
    m.put("over", g.ratios());
    m.put("underKeys", g.underKeys);
    m.put("underRefusedKeys", g.underRefusedKeys);
    m.put("underRefused", g.underRefused);
    m.put("underRefusedByPolicy", g.underRefusedByPolicy);
    return m;
  }

  private static Map<String, Object> quantiles(long[] sorted) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("samples", sorted.length);
    m.put("p50", DrlJson.num(q(sorted, 0.5)));
    m.put("p99", DrlJson.num(q(sorted, 0.99)));
    m.put("p999", DrlJson.num(q(sorted, 0.999)));
    return m;
  }

  Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("store", store.name());
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("keys", sc.keys());
    settings.put("zipf", sc.zipf());
    settings.put("window", sc.window().text());
    settings.put("limit", limit);
    settings.put("seed", sc.seed());
    settings.put("customer", load.customer());
    settings.put("offered", load.offered());
    settings.put("warmup", load.warmup());
    settings.put("duration", load.duration());
    settings.put("concurrency", load.concurrency());
    settings.put("timeoutMs", load.timeoutMs());
    settings.put("failure", load.policy().label());
    settings.put("outage", outage[0] < 0 ? null : List.of(outage[0], outage[1]));
    m.put("settings", settings);
    m.put("sent", run.sent);
    m.put("notSent", run.behind);
    m.put("seconds", run.seconds);
    m.put("requestsPerSecond", run.sent / run.seconds);
    m.put("steady", group(run.steady));
    m.put("outageWindows", group(run.outage));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("sent", run.outageSent.sum());
    out.put("admitted", run.outageAdmitted.sum());
    out.put("policyAdmitted", run.outagePolicyAdmitted.sum());
    out.put("policyRefused", run.outagePolicyRefused.sum());
    m.put("duringOutage", out);
    m.put("policyAnswers", run.policyAnswers.sum());
    m.put("decisions", counters.asMap());
    m.put("latencyMicros", quantiles(latency));
    m.put("localLatencyMicros", quantiles(local));
    m.put(store.summaryKey(), store.figures());
    m.put("windows", run.rows);
    return m;
  }
}
