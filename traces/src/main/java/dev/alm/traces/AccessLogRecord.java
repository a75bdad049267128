package dev.alm.traces;

import java.util.List;

/**
 * One line of the HTTP access log that proxy-node writes (docs/trace-formats.md).
 *
 * @param epochMillis when the response was sent, milliseconds since the epoch (written as ISO-8601
 *     UTC)
 * @param pop the id of the PoP whose proxy served the request
 * @param client the client's address
 * @param host the request's Host header, lower-case, without port
 * @param path the request path
 * @param status the HTTP status sent
 * @param bytes the body bytes sent
 * @param latencyMicros from the request's arrival to the response's last byte written, microseconds
 * @param probeCategory the FastControl probe category if the request was a probe, else ""
 * @param probeOrigin the PoP whose DNS issued the probe if the request was a probe, else ""
 */
public record AccessLogRecord(
    long epochMillis,
    String pop,
    String client,
    String host,
    String path,
    int status,
    long bytes,
    long latencyMicros,
    String probeCategory,
    String probeOrigin) {

  /** The CSV header, in column order. */
  public static final List<String> HEADER =
      List.of(
          "ts",
          "pop",
          "client",
          "host",
          "path",
          "status",
          "bytes",
          "latency_us",
          "probe_category",
          "probe_origin");

  /** The values of one CSV line, in {@link #HEADER} order. */
  public List<String> values() {
    return List.of(
        Timestamps.format(epochMillis),
        pop,
        client,
        host,
        path,
        Integer.toString(status),
        Long.toString(bytes),
        Long.toString(latencyMicros),
        probeCategory,
        probeOrigin);
  }

  /** Appends this record's CSV line (newline included) without building a list of values. */
  public void appendCsv(CsvBytes out) {
    appendCsv(
        out,
        epochMillis,
        encodePopClientHost(pop, client, host),
        path,
        status,
        bytes,
        latencyMicros,
        probeCategory,
        probeOrigin);
  }

  /**
   * The {@code pop}, {@code client} and {@code host} fields of a line encoded once ({@link
   * CsvBytes#encodeFields}), for a writer that logs many requests of one connection: pass them to
   * {@link #appendCsv(CsvBytes, long, byte[], String, int, long, long, String, String)}.
   */
  public static byte[] encodePopClientHost(String pop, String client, String host) {
    return CsvBytes.encodeFields(pop, client, host);
  }

  /**
   * Appends one access-log line whose {@code pop}, {@code client} and {@code host} fields were
   * encoded by {@link #encodePopClientHost}; the same bytes as {@link #appendCsv(CsvBytes)}.
   */
  public static void appendCsv(
      CsvBytes out,
      long epochMillis,
      byte[] popClientHost,
      String path,
      int status,
      long bytes,
      long latencyMicros,
      String probeCategory,
      String probeOrigin) {
    out.timestamp(epochMillis)
        .fields(popClientHost)
        .field(path)
        .field(status)
        .field(bytes)
        .field(latencyMicros)
        .field(probeCategory)
        .field(probeOrigin)
        .endLine();
  }
}
