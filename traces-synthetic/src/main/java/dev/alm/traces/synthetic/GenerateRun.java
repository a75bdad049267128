package dev.alm.traces.synthetic;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Runs {@code alm traces generate} (and {@code ./alm-spark traces generate}): writes the traces of
 * a configuration in a layout, says on {@code err} how far the DNS log is every {@code
 * progressNanos} of a long run, and summarises on {@code out}. The clock is an argument.
 */
public final class GenerateRun {
  /** Progress at most every 10 s. */
  public static final long PROGRESS_NANOS = 10_000_000_000L;

  private GenerateRun() {}

  /** Writes the traces into {@code dir}; returns what was written. */
  public static SyntheticTraces.Written run(
      SyntheticConfig config,
      TraceLayout layout,
      Path dir,
      PrintWriter out,
      PrintWriter err,
      LongSupplier nanoClock)
      throws IOException {
    long start = nanoClock.getAsLong();
    long[] last = {start};
    SyntheticTraces t = new SyntheticTraces(config);
    SyntheticTraces.Written w =
        t.writeAll(
            dir,
            layout,
            lines -> {
              long now = nanoClock.getAsLong();
              if (now - last[0] >= PROGRESS_NANOS) {
                last[0] = now;
                err.println(progress(lines, config.queries(), now - start));
                err.flush();
              }
            });
    out.printf(
        Locale.ROOT,
        "wrote %s (true C, %d PoPs), %s%n",
        w.truth(),
        t.world().ids().size(),
        w.pops());
    out.printf(
        Locale.ROOT,
        "  %s: %d lines (%d beacons), %s: %d lines, over %.1f s of trace%n",
        w.dns(),
        w.dnsLines(),
        w.beacons(),
        w.http(),
        w.httpLines(),
        w.spanMillis() / 1000.0);
    out.printf(
        Locale.ROOT,
        "  %s: %d lines, %s: %d lines, %s: %d lines%n",
        w.probes(),
        w.probeLines(),
        w.paired(),
        w.pairedLines(),
        w.demand(),
        w.demandLines());
    out.printf(Locale.ROOT, "in %.2f s%n", (nanoClock.getAsLong() - start) / 1e9);
    out.flush();
    return w;
  }

  /** One progress line: DNS lines written of all, and the rate so far. */
  static String progress(long lines, long of, long nanos) {
    return String.format(
        Locale.ROOT,
        "dns: %,d of %,d lines (%.1f%%), %.2f million lines/s",
        lines,
        of,
        100.0 * lines / Math.max(1, of),
        lines / (nanos / 1e9) / 1e6);
  }
}
