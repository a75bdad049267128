package dev.alm.correlation;

import dev.alm.io.InputException;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.PairedObservation;
import dev.alm.traces.ProbeLogRecord;
import dev.alm.traces.QueryLogRecord;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFormats;
import dev.alm.traces.TraceReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the traces of {@link CorrelationInputs} into a {@link Tally}, one file at a time (paired,
 * probes) or all logs merged by time (beacon join), and says what was read and joined.
 */
public final class CorrelationRun {

  /**
   * The outcome of reading.
   *
   * @param tally the counts (one set per time window)
   * @param stats what the estimator did, for the report's {@code inputs}
   */
  public record Result(Tally tally, Map<String, Object> stats) {}

  private CorrelationRun() {}

  /**
   * @param observer sees DNS-side paired observations (drift of vantage points); may be {@code
   *     null}
   * @throws InputException when a file cannot be read, is of another format, or (strict) has a bad
   *     line
   */
  public static Result run(
      CorrelationInputs in,
      LabelIndex labels,
      List<TimeWindow> windows,
      ReadReport report,
      PairedEstimator.DnsSideObserver observer)
      throws InputException {
    Tally tally = new Tally(labels, windows, report);
    Map<String, Object> stats;
    switch (in.kind()) {
      case PAIRED -> {
        PairedEstimator p =
            new PairedEstimator(in.dnsService(), in.httpService(), in.windowMillis(), observer);
        for (Path f : in.files()) {
          try (TraceReader<PairedObservation> r =
              TraceReader.open(f, TraceFormats.PAIRED, report)) {
            p.read(r, tally);
          }
        }
        stats = RunInputs.paired(in.dnsService(), in.httpService(), in.windowMillis(), p.stats());
      }
      case BEACON -> {
        List<TraceReader<QueryLogRecord>> dns = new ArrayList<>();
        List<TraceReader<AccessLogRecord>> http = new ArrayList<>();
        try {
          for (Path f : in.dnsLogs()) {
            dns.add(TraceReader.open(f, TraceFormats.QUERY_LOG, report));
          }
          for (Path f : in.httpLogs()) {
            http.add(TraceReader.open(f, TraceFormats.ACCESS_LOG, report));
          }
          BeaconJoin join = new BeaconJoin(in.windowMillis());
          join.read(dns, http, tally);
          stats = RunInputs.beacon(in.windowMillis(), join.stats(), true);
        } finally {
          dns.forEach(TraceReader::close);
          http.forEach(TraceReader::close);
        }
      }
      case PROBES -> {
        ProbeEstimator p = new ProbeEstimator();
        for (Path f : in.files()) {
          try (TraceReader<ProbeLogRecord> r =
              TraceReader.open(f, TraceFormats.PROBE_LOG, report)) {
            p.read(r, tally);
          }
        }
        stats = RunInputs.probes(p.probes());
      }
      default -> throw new IllegalStateException("unknown input kind " + in.kind());
    }
    RunInputs.leftOut(
        stats,
        tally.droppedSamples(),
        tally.unknownSamples(),
        windows.isEmpty() ? null : tally.outsideWindows(),
        report);
    return new Result(tally, stats);
  }
}
