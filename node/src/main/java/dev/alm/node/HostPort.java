package dev.alm.node;

import java.net.InetSocketAddress;

/**
 * A listening or connecting address written {@code HOST:PORT} ({@code [v6]:PORT} for IPv6
 * literals).
 *
 * @param host a host name or address literal, without brackets
 * @param port 0-65535 (0: any free port, for tests)
 */
public record HostPort(String host, int port) {

  public HostPort {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in 0-65535, got " + port);
    }
  }

  /**
   * Parses {@code HOST:PORT}.
   *
   * @throws IllegalArgumentException with the reason
   */
  public static HostPort parse(String s) {
    if (s == null) {
      throw new IllegalArgumentException("expected HOST:PORT, got nothing");
    }
    int colon = s.lastIndexOf(':');
    if (colon <= 0 || colon == s.length() - 1) {
      throw new IllegalArgumentException("expected HOST:PORT, got '" + s + "'");
    }
    String host = s.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(s.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a port number after ':', got '" + s + "'");
    }
    return new HostPort(host, port);
  }

  /** An unresolved socket address for Netty to bind or connect. */
  public InetSocketAddress socketAddress() {
    return new InetSocketAddress(host, port);
  }

  @Override
  public String toString() {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
