package dev.alm.correlation;

import java.nio.file.Path;
import java.util.List;

/**
 * The traces to estimate C from: exactly one kind of input (docs/correlation/estimate.md).
 *
 * @param kind which estimator reads them
 * @param files the paired-observation files, or the probe logs
 * @param dnsLogs the DNS query logs (beacon join)
 * @param httpLogs the HTTP access logs (beacon join)
 * @param dnsService the service taken as the DNS layer (paired)
 * @param httpService the service taken as the HTTP layer (paired)
 * @param windowMillis the pairing or join window
 */
public record CorrelationInputs(
    Kind kind,
    List<Path> files,
    List<Path> dnsLogs,
    List<Path> httpLogs,
    String dnsService,
    String httpService,
    long windowMillis) {

  /** The three ways of measuring C. */
  public enum Kind {
    PAIRED,
    BEACON,
    PROBES
  }

  /** The default pairing and join window, 300 s. */
  public static final long DEFAULT_WINDOW_MILLIS = 300_000;

  public CorrelationInputs {
    files = List.copyOf(files);
    dnsLogs = List.copyOf(dnsLogs);
    httpLogs = List.copyOf(httpLogs);
    if (windowMillis < 0) {
      throw new IllegalArgumentException("the window must be >= 0 s");
    }
    switch (kind) {
      case PAIRED -> {
        if (files.isEmpty() || dnsService == null || httpService == null) {
          throw new IllegalArgumentException(
              "paired observations need files, --dns-service and --http-service");
        }
        if (dnsService.equals(httpService)) {
          throw new IllegalArgumentException("--dns-service and --http-service must differ");
        }
      }
      case BEACON -> {
        if (dnsLogs.isEmpty() || httpLogs.isEmpty()) {
          throw new IllegalArgumentException(
              "the beacon join needs both DNS query logs and HTTP access logs");
        }
      }
      case PROBES -> {
        if (files.isEmpty()) {
          throw new IllegalArgumentException("the probe estimator needs probe log files");
        }
      }
      default -> throw new IllegalArgumentException("unknown input kind " + kind);
    }
  }

  /** Paired observations. */
  public static CorrelationInputs paired(
      List<Path> files, String dnsService, String httpService, long window) {
    return new CorrelationInputs(
        Kind.PAIRED, files, List.of(), List.of(), dnsService, httpService, window);
  }

  /** Beacon-joined DNS and HTTP logs. */
  public static CorrelationInputs beacon(List<Path> dns, List<Path> http, long window) {
    return new CorrelationInputs(Kind.BEACON, List.of(), dns, http, null, null, window);
  }

  /** Probe logs. */
  public static CorrelationInputs probes(List<Path> files) {
    return new CorrelationInputs(
        Kind.PROBES, files, List.of(), List.of(), null, null, DEFAULT_WINDOW_MILLIS);
  }
}
