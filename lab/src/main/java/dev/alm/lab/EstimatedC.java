package dev.alm.lab;

import dev.alm.correlation.CorrelationEstimate;
import dev.alm.correlation.CorrelationInputs;
import dev.alm.correlation.CorrelationRun;
import dev.alm.correlation.LabelFolding;
import dev.alm.correlation.LabelIndex;
import dev.alm.correlation.Smoothing;
import dev.alm.correlation.TimeWindow;
import dev.alm.io.InputException;
import dev.alm.traces.ReadReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * C estimated from the PoPs' logs of one time window, as an operator would: the beacon join of
 * {@code alm correlate --dns OUT/logs/*.dns.log --http OUT/logs/*.access.log --window 10} (module
 * {@code correlation}, docs/correlation.md; paper 004 eq. 1) on the logs the PoPs are still
 * writing, counting only samples inside the window. A line being written when the logs are read is
 * a bad line, skipped and counted.
 *
 * @param c the smoothed estimate (rows sum to 1), PoPs in topology order
 * @param samples per row, the joined beacon samples inside the window
 * @param skippedLines log lines that could not be read
 */
public record EstimatedC(double[][] c, long[] samples, long skippedLines) {

  /** The beacon join window of {@code alm lab}'s estimates, as for C-estimated.csv. */
  public static final long JOIN_WINDOW_MILLIS = 10_000;

  /** Estimates C from every PoP log under {@code OUT/logs} (restarted PoPs' too) in a window. */
  public static EstimatedC of(Path out, List<String> pops, long fromMillis, long toMillis)
      throws IOException {
    List<Path> dns = logs(out, ".dns.log");
    List<Path> http = logs(out, ".access.log");
    int n = pops.size();
    if (dns.isEmpty() || http.isEmpty()) {
      return new EstimatedC(new double[n][n], new long[n], 0);
    }
    LabelIndex labels = new LabelIndex(LabelFolding.identity(), new LinkedHashSet<>(pops));
    ReadReport report = new ReadReport(false);
    CorrelationRun.Result run;
    try {
      run =
          CorrelationRun.run(
              CorrelationInputs.beacon(dns, http, JOIN_WINDOW_MILLIS),
              labels,
              List.of(new TimeWindow(fromMillis, toMillis)),
              report,
              null);
    } catch (InputException e) {
      throw new IOException(e.getMessage(), e);
    }
    double[][] c = new double[n][n];
    long[] samples = new long[n];
    if (run.tally().counts(0).total() > 0) {
      CorrelationEstimate e =
          CorrelationEstimate.of(
              run.tally().counts(0), labels, new Smoothing(Smoothing.DEFAULT_PRIOR_MASS), 0.95);
      for (int i = 0; i < n; i++) {
        int a = e.ids().indexOf(pops.get(i));
        if (a < 0) {
          continue;
        }
        samples[i] = e.samples(a);
        for (int j = 0; j < n; j++) {
          int b = e.ids().indexOf(pops.get(j));
          c[i][j] = b < 0 ? 0 : e.matrix().get(a, b);
        }
      }
    }
    return new EstimatedC(c, samples, report.skipped());
  }

  private static List<Path> logs(Path out, String suffix) throws IOException {
    Path dir = out.resolve("logs");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
    }
  }
}
