package dev.alm.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Hands the PoPs a new C after each drill ({@code --refresh-c SECONDS}, docs/lab/drills.md,
 * "Drills"): SECONDS after the drill it writes the C to {@link LabSettings#refreshFile}, and every
 * PoP restarts on it from its state file at its next interval. The C is either the one routing
 * gives then, measured from the catchment series ({@code --refresh-from measured}), or the one an
 * operator would have: estimated from the PoPs' DNS and access logs of the window from the drill
 * plus a settle time to the refresh ({@link EstimatedC}), each row with enough samples replacing
 * the row the PoPs held ({@link CRowMerge}; {@code --refresh-from estimated}). With the estimate, A
 * and the requests per query stay those the PoPs had: only C is re-estimated.
 */
public final class CRefresh {

  /** Where the new C comes from. */
  enum Source {
    MEASURED,
    ESTIMATED;

    /** Parses {@code measured} or {@code estimated}. */
    static Source parse(String s) {
      for (Source v : values()) {
        if (v.label().equals(s)) {
          return v;
        }
      }
      throw new IllegalArgumentException("--refresh-from: measured or estimated, got '" + s + "'");
    }

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One hand-over.
   *
   * @param drill the drill it follows
   * @param atSeconds when the PoPs got it, seconds from the start
   * @param from measured or estimated
   * @param windowFromSeconds the start of the estimate's log window (estimated only; else NaN)
   * @param c the C handed over, PoPs in topology order
   * @param measured the C routing gave at that time (from the catchment series), for comparison
   * @param rows per row: samples, replaced or kept (estimated only; else empty)
   * @param skippedLines log lines the estimate could not read (lines being written)
   * @param error why nothing was handed over, or null
   */
  public record Event(
      String drill,
      double atSeconds,
      String from,
      double windowFromSeconds,
      double[][] c,
      double[][] measured,
      List<CRowMerge.Row> rows,
      long skippedLines,
      String error) {}

  /**
   * Checks the {@code --refresh-*} flags together.
   *
   * @throws IllegalArgumentException naming the flag and the reason, in one line
   */
  public static void check(double seconds, String from, double settle, int minSamples) {
    if (!(seconds >= 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException("--refresh-c: seconds >= 0, got " + seconds);
    }
    if (Source.parse(from) == Source.ESTIMATED) {
      if (seconds == 0) {
        throw new IllegalArgumentException("--refresh-from estimated needs --refresh-c SECONDS");
      }
      if (!(settle >= 0 && settle < seconds)) {
        throw new IllegalArgumentException(
            "--refresh-settle: in [0, --refresh-c), got "
                + settle
                + " with --refresh-c "
                + seconds);
      }
      if (minSamples < 1) {
        throw new IllegalArgumentException("--refresh-min-samples: >= 1, got " + minSamples);
      }
    }
  }

  private final LabTopology topology;
  private final LabSettings settings;
  private final Path out;
  private final Consumer<String> log;
  private final Source source;
  private LabTruth held;

  /**
   * @param truth the C and A the PoPs start with
   */
  CRefresh(LabTopology t, LabSettings s, Path out, LabTruth truth, Consumer<String> log) {
    this.topology = t;
    this.settings = s;
    this.out = out;
    this.log = log;
    this.source = Source.parse(s.refreshFrom());
    this.held = truth;
  }

  /**
   * Waits until {@code refreshSeconds} after the drill, then hands the PoPs the new C; what it did.
   * Drills' threads may call it at once: hand-overs are serialized, each merging into the C of the
   * one before.
   */
  Event after(LabDrill drill, double drillSeconds) {
    double at = drillSeconds + settings.refreshSeconds();
    long start = held.startEpochMillis();
    if (start + (long) (at * 1000) > held.endEpochMillis()) {
      return new Event(
          drill.label(),
          at,
          source.label(),
          Double.NaN,
          null,
          null,
          List.of(),
          0,
          "after the run's end");
    }
    try {
      LabRun.sleepUntil(start + (long) (at * 1000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Event(
          drill.label(), at, source.label(), Double.NaN, null, null, List.of(), 0, "interrupted");
    }
    synchronized (this) {
      double from = Double.NaN;
      try {
        LabTruth now;
        List<CRowMerge.Row> rows = List.of();
        long skipped = 0;
        LabTruth measured =
            LabRun.truth(
                topology,
                CatchmentSeries.catchmentsAt(out, topology, at),
                settings,
                start,
                held.endEpochMillis());
        if (source == Source.MEASURED) {
          now = measured;
        } else {
          from = drillSeconds + settings.refreshSettleSeconds();
          EstimatedC e =
              EstimatedC.of(
                  out, topology.popIds(), start + (long) (from * 1000), start + (long) (at * 1000));
          CRowMerge.Result m =
              CRowMerge.merge(
                  topology.popIds(), held.c(), e.c(), e.samples(), settings.refreshMinSamples());
          now =
              new LabTruth(
                  m.c(), held.demand(), start, held.endEpochMillis(), held.requestsPerQuery());
          rows = m.rows();
          skipped = e.skippedLines();
        }
        write(now);
        held = now;
        log.accept(
            String.format(
                Locale.ROOT,
                "lab: at %.1f s the PoPs get the %s C%s: %s",
                at,
                source.label(),
                source == Source.ESTIMATED ? " (rows replaced: " + replaced(rows) + ")" : "",
                Arrays.deepToString(now.c())));
        return new Event(
            drill.label(), at, source.label(), from, now.c(), measured.c(), rows, skipped, null);
      } catch (IOException | RuntimeException e) {
        log.accept("lab: could not hand the PoPs a new C: " + e.getMessage());
        return new Event(
            drill.label(), at, source.label(), from, null, null, List.of(), 0, String.valueOf(e));
      }
    }
  }

  private static String replaced(List<CRowMerge.Row> rows) {
    List<String> r = new ArrayList<>();
    for (CRowMerge.Row x : rows) {
      if (x.replaced()) {
        r.add(x.id() + " (" + x.samples() + " samples)");
      }
    }
    return r.isEmpty() ? "none" : String.join(", ", r);
  }

  private void write(LabTruth now) throws IOException {
    Path f = LabSettings.refreshFile(out);
    Path tmp = f.resolveSibling("c-update.json.tmp");
    new ObjectMapper().writeValue(tmp.toFile(), now);
    Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE);
  }
}
