package dev.alm.traces;

/**
 * The trace formats of docs/trace-formats.md. Every format's first column is a timestamp ({@link
 * Timestamps}).
 */
public final class TraceFormats {
  private TraceFormats() {}

  /** The DNS query log of dns-node ({@link QueryLogRecord}). */
  public static final TraceFormat<QueryLogRecord> QUERY_LOG =
      new TraceFormat<>(
          "DNS query log",
          QueryLogRecord.HEADER,
          f -> {
            AnswerKind answer = AnswerKind.parse(f[7]);
            if (answer == null) {
              throw new IllegalArgumentException(
                  "column 'answer': unknown answer kind '"
                      + f[7]
                      + "' (want l1, l2, probe, static or none)");
            }
            return new QueryLogRecord(
                Timestamps.parseMillis(f[0]),
                id(f[1], "pop"),
                f[2],
                f[3],
                f[4],
                f[5],
                f[6],
                answer);
          },
          QueryLogRecord::values);

  /** The HTTP access log of proxy-node ({@link AccessLogRecord}). */
  public static final TraceFormat<AccessLogRecord> ACCESS_LOG =
      new TraceFormat<>(
          "HTTP access log",
          AccessLogRecord.HEADER,
          f ->
              new AccessLogRecord(
                  Timestamps.parseMillis(f[0]),
                  id(f[1], "pop"),
                  f[2],
                  f[3],
                  f[4],
                  (int) integer(f[5], "status"),
                  integer(f[6], "bytes"),
                  integer(f[7], "latency_us"),
                  f[8],
                  f[9]),
          AccessLogRecord::values);

  /** The probe log of proxy-node ({@link ProbeLogRecord}). */
  public static final TraceFormat<ProbeLogRecord> PROBE_LOG =
      new TraceFormat<>(
          "probe log",
          ProbeLogRecord.HEADER,
          f ->
              new ProbeLogRecord(
                  Timestamps.parseMillis(f[0]),
                  id(f[1], "category"),
                  id(f[2], "origin"),
                  id(f[3], "pop")),
          ProbeLogRecord::values);

  /** Paired catchment observations ({@link PairedObservation}). */
  public static final TraceFormat<PairedObservation> PAIRED =
      new TraceFormat<>(
          "paired observations",
          PairedObservation.HEADER,
          f ->
              new PairedObservation(
                  Timestamps.parseMillis(f[0]),
                  id(f[1], "vantage_id"),
                  id(f[2], "service"),
                  id(f[3], "site")),
          PairedObservation::values);

  /** A demand time series ({@link DemandRecord}). */
  public static final TraceFormat<DemandRecord> DEMAND =
      new TraceFormat<>(
          "demand series",
          DemandRecord.HEADER,
          f -> {
            double d;
            try {
              d = Double.parseDouble(f[2]);
            } catch (NumberFormatException e) {
              throw new IllegalArgumentException("column 'demand': not a number: '" + f[2] + "'");
            }
            if (!Double.isFinite(d) || d < 0) {
              throw new IllegalArgumentException(
                  "column 'demand': must be a finite number >= 0, got " + f[2]);
            }
            return new DemandRecord(Timestamps.parseMillis(f[0]), id(f[1], "node"), d);
          },
          DemandRecord::values);

  private static String id(String s, String column) {
    if (s.isEmpty()) {
      throw new IllegalArgumentException("column '" + column + "': empty");
    }
    return s;
  }

  private static long integer(String s, String column) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("column '" + column + "': not an integer: '" + s + "'");
    }
  }
}
