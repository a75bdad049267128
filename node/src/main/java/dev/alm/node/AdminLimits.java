package dev.alm.node;

import java.time.Duration;

/**
 * What clients may hold on a daemon's admin listener (docs/operations/limits.md, "Limits and
 * deadlines"): connections in all and from one client address (more are closed at accept, {@link
 * ConnectionGuard}), a deadline for a whole request from connection open or its first byte ({@link
 * MessageDeadline}), and an idle timeout between requests. Event streams ({@code GET /events}) have
 * limits of their own, {@link EventStreamLimits}. Build with {@link #builder()}; {@link
 * #defaults()} for the named defaults.
 *
 * @param maxConnections connections open at once; lowered at start to stay under the process's
 *     file-descriptor limit ({@link FileDescriptors})
 * @param maxConnectionsPerClient connections open at once from one client address, in [1,
 *     maxConnections]
 * @param requestDeadline a request's line, headers and body must all arrive within this time of the
 *     connection opening or of its first byte
 * @param idleTimeout a connection with nothing read or written for this long is closed
 */
public record AdminLimits(
    int maxConnections, int maxConnectionsPerClient, Duration requestDeadline, Duration idleTimeout)
    implements ConnectionCapped<AdminLimits> {

  public static final int DEFAULT_MAX_CONNECTIONS = 256;
  public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 32;
  public static final Duration DEFAULT_REQUEST_DEADLINE = Duration.ofSeconds(10);
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

  public AdminLimits {
    if (maxConnections < 1) {
      throw new IllegalArgumentException(
          "admin maxConnections: must be >= 1, got " + maxConnections);
    }
    if (maxConnectionsPerClient < 1 || maxConnectionsPerClient > maxConnections) {
      throw new IllegalArgumentException(
          "admin maxConnectionsPerClient: must be in [1, maxConnections "
              + maxConnections
              + "], got "
              + maxConnectionsPerClient);
    }
    positive("requestDeadline", requestDeadline);
    positive("idleTimeout", idleTimeout);
  }

  private static void positive(String field, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("admin " + field + ": must be > 0, got " + d);
    }
  }

  public static AdminLimits defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .maxConnections(maxConnections)
        .maxConnectionsPerClient(maxConnectionsPerClient)
        .requestDeadline(requestDeadline)
        .idleTimeout(idleTimeout);
  }

  /**
   * These limits with at most {@code cap} connections in all (and per client): the share of the
   * file-descriptor budget the admin listener gets.
   */
  @Override
  public AdminLimits capped(int cap) {
    int max = Math.max(1, Math.min(maxConnections, cap));
    return new AdminLimits(
        max, Math.min(max, maxConnectionsPerClient), requestDeadline, idleTimeout);
  }

  /** Collects the limits; {@link #build()} checks them together. */
  public static final class Builder {
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private int maxConnectionsPerClient = DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
    private Duration requestDeadline = DEFAULT_REQUEST_DEADLINE;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;

    private Builder() {}

    public Builder maxConnections(int v) {
      maxConnections = v;
      return this;
    }

    public Builder maxConnectionsPerClient(int v) {
      maxConnectionsPerClient = v;
      return this;
    }

    public Builder requestDeadline(Duration v) {
      requestDeadline = v;
      return this;
    }

    public Builder idleTimeout(Duration v) {
      idleTimeout = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the field at fault
     */
    public AdminLimits build() {
      return new AdminLimits(maxConnections, maxConnectionsPerClient, requestDeadline, idleTimeout);
    }
  }
}
