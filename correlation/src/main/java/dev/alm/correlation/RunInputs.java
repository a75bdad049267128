package dev.alm.correlation;

import dev.alm.traces.ReadReport;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code inputs} of an estimate's report.json (docs/correlation/estimate.md): what the
 * estimator read, paired or joined, and what was left out and why. One assembly for every engine
 * ({@code alm correlate} in process and on Spark), so their reports have the same keys in the same
 * order.
 */
public final class RunInputs {
  private RunInputs() {}

  /** Paired observations: the services, the window and what pairing did. */
  public static Map<String, Object> paired(
      String dnsService, String httpService, long windowMillis, PairedEstimator.Stats s) {
    Map<String, Object> m = kind(CorrelationInputs.Kind.PAIRED);
    m.put("dnsService", dnsService);
    m.put("httpService", httpService);
    m.put("windowSeconds", windowMillis / 1000.0);
    m.put("observations", s.observations());
    m.put("otherService", s.otherService());
    m.put("pairs", s.pairs());
    m.put("unpaired", s.unpaired());
    return m;
  }

  /**
   * The beacon join: the window and what joining did; {@code maxPending} only from an engine that
   * joins in one stream ({@code withMaxPending}).
   */
  public static Map<String, Object> beacon(
      long windowMillis, BeaconJoin.Stats s, boolean withMaxPending) {
    Map<String, Object> m = kind(CorrelationInputs.Kind.BEACON);
    m.put("windowSeconds", windowMillis / 1000.0);
    m.put("dnsRecords", s.dnsRecords());
    m.put("beaconAnswers", s.beaconAnswers());
    m.put("httpRecords", s.httpRecords());
    m.put("beaconRequests", s.beaconRequests());
    m.put("joined", s.joined());
    m.put("unjoinedAnswers", s.unjoinedAnswers());
    m.put("unjoinedRequests", s.unjoinedRequests());
    m.put("duplicates", s.duplicates());
    if (withMaxPending) {
      m.put("maxPending", s.maxPending());
    }
    return m;
  }

  /** Probe logs: the probes read. */
  public static Map<String, Object> probes(long probes) {
    Map<String, Object> m = kind(CorrelationInputs.Kind.PROBES);
    m.put("probes", probes);
    return m;
  }

  /**
   * Adds what was left out to {@code m}: samples dropped by folding, samples naming an unknown PoP
   * id, samples outside every window ({@code outsideWindows} {@code null} without windows), and the
   * files read with their bad lines.
   */
  public static Map<String, Object> leftOut(
      Map<String, Object> m,
      long droppedSamples,
      long unknownPopSamples,
      Long outsideWindows,
      ReadReport report) {
    m.put("droppedSamples", droppedSamples);
    m.put("unknownPopSamples", unknownPopSamples);
    if (outsideWindows != null) {
      m.put("outsideWindows", outsideWindows);
    }
    m.put("files", report.files());
    m.put("linesSkipped", report.skipped());
    m.put("skippedByReason", report.skippedByReason());
    m.put("badLineExamples", report.examples().stream().map(Object::toString).toList());
    return m;
  }

  private static Map<String, Object> kind(CorrelationInputs.Kind kind) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind.name().toLowerCase(Locale.ROOT));
    return m;
  }
}
