package dev.alm.node;

import java.time.Duration;

/**
 * What the {@code GET /events} streams of an admin server may hold (docs/operations/limits.md,
 * "Limits and deadlines"; docs/operations/monitoring.md, "Console"): streams in all and from one
 * client address (more are answered 503), how long a stream may stay stalled (its client not
 * reading, so its outbound buffer stays above the channel's high-water mark) before it is closed,
 * and a lifetime after which every stream is closed (an EventSource reconnects by itself, after the
 * stream's {@code retry}). Build with {@link #builder()}; {@link #defaults()} for the named
 * defaults.
 *
 * @param maxStreams streams open at once
 * @param maxStreamsPerClient streams open at once from one client address, in [1, maxStreams]
 * @param stallTimeout a stream unwritable for longer than this is closed at the next event
 * @param maxLifetime a stream is closed this long after it opened
 */
public record EventStreamLimits(
    int maxStreams, int maxStreamsPerClient, Duration stallTimeout, Duration maxLifetime) {

  public static final int DEFAULT_MAX_STREAMS = 32;
  public static final int DEFAULT_MAX_STREAMS_PER_CLIENT = 4;
  public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(5);
  public static final Duration DEFAULT_MAX_LIFETIME = Duration.ofMinutes(10);

  public EventStreamLimits {
    if (maxStreams < 1) {
      throw new IllegalArgumentException("maxStreams: must be >= 1, got " + maxStreams);
    }
    if (maxStreamsPerClient < 1 || maxStreamsPerClient > maxStreams) {
      throw new IllegalArgumentException(
          "maxStreamsPerClient: must be in [1, maxStreams "
              + maxStreams
              + "], got "
              + maxStreamsPerClient);
    }
    positive("stallTimeout", stallTimeout);
    positive("maxLifetime", maxLifetime);
  }

  private static void positive(String field, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(field + ": must be > 0, got " + d);
    }
  }

  public static EventStreamLimits defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Collects the limits; {@link #build()} checks them together. */
  public static final class Builder {
    private int maxStreams = DEFAULT_MAX_STREAMS;
    private int maxStreamsPerClient = DEFAULT_MAX_STREAMS_PER_CLIENT;
    private Duration stallTimeout = DEFAULT_STALL_TIMEOUT;
    private Duration maxLifetime = DEFAULT_MAX_LIFETIME;

    private Builder() {}

    public Builder maxStreams(int v) {
      maxStreams = v;
      return this;
    }

    public Builder maxStreamsPerClient(int v) {
      maxStreamsPerClient = v;
      return this;
    }

    public Builder stallTimeout(Duration v) {
      stallTimeout = v;
      return this;
    }

    public Builder maxLifetime(Duration v) {
      maxLifetime = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the field at fault
     */
    public EventStreamLimits build() {
      return new EventStreamLimits(maxStreams, maxStreamsPerClient, stallTimeout, maxLifetime);
    }
  }
}
