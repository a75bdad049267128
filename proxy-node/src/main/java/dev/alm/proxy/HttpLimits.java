package dev.alm.proxy;

import java.time.Duration;

/**
 * Limits on what a client may send and hold; requests past them are refused (414, 431, 413) and the
 * connection closed; connections past the caps are closed when accepted.
 *
 * @param maxInitialLineBytes longest request line
 * @param maxHeaderBytes largest header block
 * @param maxBodyBytes largest request body
 * @param idleTimeout a connection idle this long is closed
 * @param maxPipelined requests a client may queue on one connection before the proxy stops reading
 *     from it
 * @param headerDeadline a request's line, headers and body must all arrive within this time of its
 *     first byte, however slowly they trickle, or the connection is closed
 * @param maxConnections connections open at once (lowered at start to stay under the process's
 *     file-descriptor limit)
 * @param maxConnectionsPerClient connections open at once from one client address
 * @param maxConnectionAge a keep-alive connection older than this is closed after its next response
 *     ({@code Connection: close}), so that its client looks the CDN name up again and follows x: a
 *     connection that lives on keeps its user on this proxy whatever the DNS answers now
 *     (docs/proxy-node.md, "Connection age"); zero: never
 */
public record HttpLimits(
    int maxInitialLineBytes,
    int maxHeaderBytes,
    int maxBodyBytes,
    Duration idleTimeout,
    int maxPipelined,
    Duration headerDeadline,
    int maxConnections,
    int maxConnectionsPerClient,
    Duration maxConnectionAge) {

  public static final int DEFAULT_MAX_INITIAL_LINE = 4096;
  public static final int DEFAULT_MAX_HEADER = 8192;
  public static final int DEFAULT_MAX_BODY = 1 << 20;
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_PIPELINED = 16;
  public static final Duration DEFAULT_HEADER_DEADLINE = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_CONNECTIONS = 16_384;
  public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 1024;

  /** Two CDN TTLs of 2 s: a user follows a new x within a TTL of its connection's close. */
  public static final Duration DEFAULT_MAX_CONNECTION_AGE = Duration.ofSeconds(4);

  /** Limits with the default deadline and connection caps. */
  public HttpLimits(
      int maxInitialLineBytes,
      int maxHeaderBytes,
      int maxBodyBytes,
      Duration idleTimeout,
      int maxPipelined) {
    this(
        maxInitialLineBytes,
        maxHeaderBytes,
        maxBodyBytes,
        idleTimeout,
        maxPipelined,
        DEFAULT_HEADER_DEADLINE,
        DEFAULT_MAX_CONNECTIONS,
        DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
        DEFAULT_MAX_CONNECTION_AGE);
  }

  public HttpLimits {
    positive("maxInitialLineBytes", maxInitialLineBytes);
    positive("maxHeaderBytes", maxHeaderBytes);
    positive("maxBodyBytes", maxBodyBytes);
    positive("maxPipelined", maxPipelined);
    if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("idleTimeoutMs: must be > 0");
    }
    if (headerDeadline == null || headerDeadline.isNegative() || headerDeadline.isZero()) {
      throw new IllegalArgumentException("headerDeadlineMs: must be > 0");
    }
    if (maxConnections < 1 || maxConnections > 1_000_000) {
      throw new IllegalArgumentException(
          "maxConnections: must be in [1, 1000000], got " + maxConnections);
    }
    if (maxConnectionsPerClient < 1 || maxConnectionsPerClient > maxConnections) {
      throw new IllegalArgumentException(
          "maxConnectionsPerClient: must be in [1, maxConnections], got "
              + maxConnectionsPerClient);
    }
    if (maxConnectionAge == null || maxConnectionAge.isNegative()) {
      throw new IllegalArgumentException("maxConnectionAgeMs: must be >= 0 (0: never)");
    }
  }

  /** Whether a connection opened {@code ageNanos} ago is closed after its next response. */
  public boolean aged(long ageNanos) {
    return !maxConnectionAge.isZero() && ageNanos >= maxConnectionAge.toNanos();
  }

  private static void positive(String field, int v) {
    if (v < 1) {
      throw new IllegalArgumentException(field + ": must be >= 1, got " + v);
    }
  }

  public static HttpLimits defaults() {
    return builder().build();
  }

  /** These limits with other connection caps. */
  public HttpLimits withConnections(int max, int perClient) {
    return toBuilder().maxConnections(max).maxConnectionsPerClient(perClient).build();
  }

  /** These limits with another header deadline. */
  public HttpLimits withHeaderDeadline(Duration d) {
    return toBuilder().headerDeadline(d).build();
  }

  /** A builder at the named defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxInitialLineBytes = maxInitialLineBytes;
    b.maxHeaderBytes = maxHeaderBytes;
    b.maxBodyBytes = maxBodyBytes;
    b.idleTimeout = idleTimeout;
    b.maxPipelined = maxPipelined;
    b.headerDeadline = headerDeadline;
    b.maxConnections = maxConnections;
    b.maxConnectionsPerClient = maxConnectionsPerClient;
    b.maxConnectionAge = maxConnectionAge;
    return b;
  }

  /** Limits at their named defaults until set. */
  public static final class Builder {
    private int maxInitialLineBytes = DEFAULT_MAX_INITIAL_LINE;
    private int maxHeaderBytes = DEFAULT_MAX_HEADER;
    private int maxBodyBytes = DEFAULT_MAX_BODY;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private int maxPipelined = DEFAULT_MAX_PIPELINED;
    private Duration headerDeadline = DEFAULT_HEADER_DEADLINE;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private int maxConnectionsPerClient = DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
    private Duration maxConnectionAge = DEFAULT_MAX_CONNECTION_AGE;

    private Builder() {}

    public Builder maxInitialLineBytes(int v) {
      maxInitialLineBytes = v;
      return this;
    }

    public Builder maxHeaderBytes(int v) {
      maxHeaderBytes = v;
      return this;
    }

    public Builder maxBodyBytes(int v) {
      maxBodyBytes = v;
      return this;
    }

    public Builder idleTimeout(Duration v) {
      idleTimeout = v;
      return this;
    }

    public Builder maxPipelined(int v) {
      maxPipelined = v;
      return this;
    }

    public Builder headerDeadline(Duration v) {
      headerDeadline = v;
      return this;
    }

    public Builder maxConnections(int v) {
      maxConnections = v;
      return this;
    }

    public Builder maxConnectionsPerClient(int v) {
      maxConnectionsPerClient = v;
      return this;
    }

    /** Zero: connections are never closed for their age. */
    public Builder maxConnectionAge(Duration v) {
      maxConnectionAge = v;
      return this;
    }

    /** The settings, checked by the record; IllegalArgumentException names the refused field. */
    public HttpLimits build() {
      return new HttpLimits(
          maxInitialLineBytes,
          maxHeaderBytes,
          maxBodyBytes,
          idleTimeout,
          maxPipelined,
          headerDeadline,
          maxConnections,
          maxConnectionsPerClient,
          maxConnectionAge);
    }
  }
}
