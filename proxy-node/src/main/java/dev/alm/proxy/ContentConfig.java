package dev.alm.proxy;

import dev.alm.node.HostPort;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Set;

/**
 * Where the proxy's responses come from: a built-in generator of fixed-size bodies (tests, demos,
 * benchmarks) or an origin server over HTTP/1.1 with pooled connections.
 *
 * @param mode {@link Mode#GENERATE} or {@link Mode#PROXY}
 * @param bodyBytes generator: the body size of any path not of the form {@code /bytes/N}
 * @param origin proxy: the origin's address; null in generate mode
 * @param originConnections proxy: the most pooled connections to the origin per I/O thread
 * @param originTimeout proxy: how long to wait for the origin's response before answering 504
 * @param trustedHops proxy: client addresses (load balancers in front of alm) whose own {@code
 *     X-Forwarded-For} is kept and extended; any other client's is replaced by its address
 */
public record ContentConfig(
    Mode mode,
    int bodyBytes,
    HostPort origin,
    int originConnections,
    Duration originTimeout,
    Set<String> trustedHops) {

  /** Content with no trusted hop. */
  public ContentConfig(
      Mode mode, int bodyBytes, HostPort origin, int originConnections, Duration originTimeout) {
    this(mode, bodyBytes, origin, originConnections, originTimeout, Set.of());
  }

  /** The content modes. */
  public enum Mode {
    GENERATE,
    PROXY
  }

  public static final int DEFAULT_BODY_BYTES = 1024;

  /** Largest generated body. */
  public static final int MAX_BODY_BYTES = 64 << 20;

  public static final int DEFAULT_ORIGIN_CONNECTIONS = 64;
  public static final Duration DEFAULT_ORIGIN_TIMEOUT = Duration.ofSeconds(10);

  public ContentConfig {
    if (mode == null) {
      throw new IllegalArgumentException("content.mode: must be 'generate' or 'proxy'");
    }
    if (bodyBytes < 0 || bodyBytes > MAX_BODY_BYTES) {
      throw new IllegalArgumentException(
          "content.bodyBytes: must be in [0, " + MAX_BODY_BYTES + "], got " + bodyBytes);
    }
    if (mode == Mode.PROXY && origin == null) {
      throw new IllegalArgumentException("content.origin: required in proxy mode (HOST:PORT)");
    }
    if (originConnections < 1) {
      throw new IllegalArgumentException(
          "content.connections: must be >= 1, got " + originConnections);
    }
    if (originTimeout == null || originTimeout.isNegative() || originTimeout.isZero()) {
      throw new IllegalArgumentException("content.timeoutMs: must be > 0");
    }
    if (trustedHops == null) {
      throw new IllegalArgumentException("content.trustedHops: required (may be empty)");
    }
    for (String hop : trustedHops) {
      if (!isAddressLiteral(hop)) {
        throw new IllegalArgumentException(
            "content.trustedHops: expected IP address literals, got '" + hop + "'");
      }
    }
    trustedHops = Set.copyOf(trustedHops);
  }

  /** This content with {@code hops} as the trusted hops. */
  public ContentConfig withTrustedHops(Set<String> hops) {
    return new ContentConfig(mode, bodyBytes, origin, originConnections, originTimeout, hops);
  }

  private static boolean isAddressLiteral(String s) {
    if (s == null || !(s.matches("[0-9.]+") || (s.contains(":") && s.matches("[0-9a-fA-F:.]+")))) {
      return false;
    }
    try {
      InetAddress.getByName(s);
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** The generator with bodies of {@code bodyBytes}. */
  public static ContentConfig generate(int bodyBytes) {
    return new ContentConfig(
        Mode.GENERATE, bodyBytes, null, DEFAULT_ORIGIN_CONNECTIONS, DEFAULT_ORIGIN_TIMEOUT);
  }

  /** Proxying to {@code origin}. */
  public static ContentConfig proxy(HostPort origin) {
    return new ContentConfig(
        Mode.PROXY, DEFAULT_BODY_BYTES, origin, DEFAULT_ORIGIN_CONNECTIONS, DEFAULT_ORIGIN_TIMEOUT);
  }

  /** A builder at the named defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.mode = mode;
    b.bodyBytes = bodyBytes;
    b.origin = origin;
    b.originConnections = originConnections;
    b.originTimeout = originTimeout;
    b.trustedHops = trustedHops;
    return b;
  }

  /** Content settings at their named defaults (the generator) until set. */
  public static final class Builder {
    private Mode mode = Mode.GENERATE;
    private int bodyBytes = DEFAULT_BODY_BYTES;
    private HostPort origin = null;
    private int originConnections = DEFAULT_ORIGIN_CONNECTIONS;
    private Duration originTimeout = DEFAULT_ORIGIN_TIMEOUT;
    private Set<String> trustedHops = Set.of();

    private Builder() {}

    public Builder mode(Mode v) {
      mode = v;
      return this;
    }

    public Builder bodyBytes(int v) {
      bodyBytes = v;
      return this;
    }

    public Builder origin(HostPort v) {
      origin = v;
      return this;
    }

    public Builder originConnections(int v) {
      originConnections = v;
      return this;
    }

    public Builder originTimeout(Duration v) {
      originTimeout = v;
      return this;
    }

    public Builder trustedHops(Set<String> v) {
      trustedHops = v;
      return this;
    }

    /** The settings, checked by the record; IllegalArgumentException names the refused field. */
    public ContentConfig build() {
      return new ContentConfig(
          mode, bodyBytes, origin, originConnections, originTimeout, trustedHops);
    }
  }
}
