package dev.alm.app;

import dev.alm.traces.BeaconName;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@code alm lab} run's access logs show of its users, for {@code alm predict --lab}: the
 * background load at each proxy and the users' warm-up.
 *
 * <p><b>Background</b>: the requests that are neither probes nor the users' ordinary requests
 * ({@code /bytes/BODY} on the {@code www} name), that is the catchment checks, which reach the
 * anycast address whatever x is. Correlation beacons' fetches reach it too, but a proxy answers
 * them at once and never counts them in S_i (docs/proxy-node.md), so they are left out.
 *
 * <p><b>Warm-up</b>: while the lab's processes warm up together the users' request lanes fall
 * behind their schedule, and once the machine keeps up they send their backlog at once: the
 * ordinary requests of all proxies, in bins of {@link #BIN_SECONDS} from the first, show a burst of
 * more than {@link #BURST} times the rate that follows it. With the burst's excess E over that rate
 * (the backlog), its excess-weighted mean time B (when the lanes caught up) and the N requests that
 * arrived before it, the lanes ran at f = N / (N + E) of their schedule until B: the request due at
 * f B went out (1 - f) B late, those due after it at B ({@code Eyeball#sentAt} with lagAt = f B and
 * lag = (1 - f) B). The users' own largest lag ({@code users/ID.json}) is of the whole run, so a
 * stall after the cold start would hide the warm-up there.
 *
 * @param background requests/s of background per PoP
 * @param lagAt the warm-up's lagAt, seconds (0 without a burst)
 * @param lag the warm-up's lag, seconds (0 without a burst)
 */
record LabAccessLogs(Map<String, Double> background, double lagAt, double lag) {

  static final double BIN_SECONDS = 0.25;

  /** A burst is a bin above this many times the rate after it. */
  static final double BURST = 3;

  /** The burst is looked for in the first 20 s. */
  static final double BURST_WITHIN_SECONDS = 20;

  /**
   * The run's background per PoP from {@code fromSeconds} to {@code toSeconds} after the first
   * ordinary request of any proxy, and its warm-up; null when the run has no access logs.
   */
  static LabAccessLogs read(
      Path run, List<String> pops, int bodyBytes, double fromSeconds, double toSeconds)
      throws IOException {
    String ordinaryPath = "/bytes/" + bodyBytes;
    Map<String, List<long[]>> byPop = new LinkedHashMap<>();
    long start = Long.MAX_VALUE;
    for (String pop : pops) {
      Path f = run.resolve("logs").resolve(pop + ".access.log");
      if (!Files.isRegularFile(f)) {
        return null;
      }
      List<long[]> lines = new ArrayList<>(); // {epoch nanos, 1 if background}
      try (BufferedReader r = Files.newBufferedReader(f)) {
        String header = r.readLine();
        if (header == null || !header.startsWith("ts,")) {
          return null;
        }
        String line;
        while ((line = r.readLine()) != null) {
          String[] c = line.split(",", -1);
          if (c.length < 9 || !c[8].isEmpty() || BeaconName.key(c[3]) != null) {
            continue; // a probe, a correlation beacon (neither in S), or not a request line
          }
          Instant at = Instant.parse(c[0]);
          long nanos = at.getEpochSecond() * 1_000_000_000L + at.getNano();
          boolean ordinary = c[3].startsWith("www.") && c[4].equals(ordinaryPath);
          if (ordinary) {
            start = Math.min(start, nanos);
          }
          lines.add(new long[] {nanos, ordinary ? 0 : 1});
        }
      }
      byPop.put(pop, lines);
    }
    if (start == Long.MAX_VALUE || !(toSeconds > fromSeconds)) {
      return null;
    }
    long from = start + Math.round(fromSeconds * 1e9);
    long to = start + Math.round(toSeconds * 1e9);
    Map<String, Double> rates = new LinkedHashMap<>();
    int bins = (int) Math.ceil((BURST_WITHIN_SECONDS + 10) / BIN_SECONDS);
    double[] ordinary = new double[bins];
    for (Map.Entry<String, List<long[]>> e : byPop.entrySet()) {
      long n = 0;
      for (long[] l : e.getValue()) {
        if (l[1] == 1 && l[0] >= from && l[0] < to) {
          n++;
        }
        if (l[1] == 0) {
          int k = (int) ((l[0] - start) / (BIN_SECONDS * 1e9));
          if (k >= 0 && k < bins) {
            ordinary[k]++;
          }
        }
      }
      rates.put(e.getKey(), n / (toSeconds - fromSeconds));
    }
    double[] warm = warmUp(ordinary);
    return new LabAccessLogs(rates, warm[0], warm[1]);
  }

  /**
   * {lagAt, lag} of the warm-up from the ordinary requests per bin from the first, {0, 0} without a
   * burst.
   */
  static double[] warmUp(double[] c) {
    int within = (int) Math.min(c.length, BURST_WITHIN_SECONDS / BIN_SECONDS);
    int p = 0;
    for (int k = 1; k < within; k++) {
      if (c[k] > c[p]) {
        p = k;
      }
    }
    int after = (int) (2 / BIN_SECONDS);
    int span = (int) (6 / BIN_SECONDS);
    if (p + after + span > c.length) {
      return new double[] {0, 0};
    }
    double[] next = Arrays.copyOfRange(c, p + after, p + after + span);
    Arrays.sort(next);
    double normal = next[next.length / 2];
    if (!(c[p] > BURST * normal)) {
      return new double[] {0, 0};
    }
    int a = p;
    while (a > 0 && c[a - 1] > 2 * normal) {
      a--;
    }
    int b = p;
    while (b + 1 < c.length && c[b + 1] > 2 * normal) {
      b++;
    }
    double excess = 0;
    double weighted = 0;
    for (int k = a; k <= b; k++) {
      excess += c[k] - normal;
      weighted += (k + 0.5) * BIN_SECONDS * (c[k] - normal);
    }
    double before = 0;
    for (int k = 0; k < a; k++) {
      before += c[k];
    }
    double caughtUp = weighted / excess;
    double f = before / (before + excess);
    return new double[] {f * caughtUp, (1 - f) * caughtUp};
  }
}
