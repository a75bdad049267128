package dev.alm.proxy;

import java.util.Locale;
import java.util.Optional;

/**
 * A host and optional port as a request names them, in a Host header or in an absolute-form
 * target's authority: {@code uri-host [ ":" port ]} of RFC 9110 section 7.2 (RFC 3986 section
 * 3.2.2, 3.2.3), read strictly, so that the proxy picks its customer from the same name the origin
 * will serve.
 *
 * <p>The host is an IPv4 address (dotted decimal, no leading zeros), an IPv6 literal in brackets,
 * or a DNS name: letters, digits, {@code -} and {@code _}, labels of 1 to 63 characters, at most
 * 253 characters, one trailing dot allowed (kept: {@link dev.alm.proxy.limit.CustomerTable} and the
 * probe names ignore it). That is narrower than the RFC's reg-name on purpose: percent-encoding,
 * the other sub-delims, empty labels, non-ASCII and a numeric last label (which some parsers read
 * as an IPv4 address) are names an origin could read otherwise, and are refused. The port is up to
 * 5 digits, at most 65535; an empty port ({@code host:}) is no port (RFC 3986 section 6.2.3).
 *
 * @param host lower-case; an IPv6 literal keeps its brackets
 * @param port the port, or -1 when none was given
 */
record HostAuthority(String host, int port) {

  private static final int MAX_NAME = 253;
  private static final int MAX_LABEL = 63;
  private static final int MAX_IPV6 = 45;

  /** The authority of {@code s}, or empty when it is not exactly {@code uri-host [":" port]}. */
  static Optional<HostAuthority> parse(String s) {
    if (s.isEmpty() || s.length() > MAX_NAME + 1 + 6) {
      return Optional.empty();
    }
    int hostEnd;
    String host;
    if (s.charAt(0) == '[') {
      hostEnd = s.indexOf(']');
      if (hostEnd < 0) {
        return Optional.empty();
      }
      String literal = s.substring(1, hostEnd);
      if (!isIpv6(literal)) {
        return Optional.empty();
      }
      host = "[" + literal.toLowerCase(Locale.ROOT) + "]";
      hostEnd++;
    } else {
      int colon = s.indexOf(':');
      hostEnd = colon < 0 ? s.length() : colon;
      host = s.substring(0, hostEnd);
      if (!isIpv4(host) && !isName(host)) {
        return Optional.empty();
      }
      host = host.toLowerCase(Locale.ROOT); // ASCII only by now
    }
    if (hostEnd == s.length()) {
      return Optional.of(new HostAuthority(host, -1));
    }
    if (s.charAt(hostEnd) != ':') {
      return Optional.empty();
    }
    int port = port(s, hostEnd + 1);
    return port < -1 ? Optional.empty() : Optional.of(new HostAuthority(host, port));
  }

  /** The Host header to forward: the host, and the port when one was given. */
  String header() {
    return port < 0 ? host : host + ":" + port;
  }

  /** The port in {@code s} from {@code from} to its end: -1 if empty, -2 if malformed. */
  private static int port(String s, int from) {
    int n = s.length() - from;
    if (n == 0) {
      return -1;
    }
    if (n > 5) {
      return -2;
    }
    int v = 0;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -2;
      }
      v = v * 10 + (c - '0');
    }
    return v <= 65535 ? v : -2;
  }

  /** A DNS name as described above, in any case; a numeric last label is not one. */
  private static boolean isName(String h) {
    int n = h.endsWith(".") ? h.length() - 1 : h.length();
    if (n == 0 || n > MAX_NAME) {
      return false;
    }
    int labelStart = 0;
    boolean numericLabel = true;
    for (int i = 0; i <= n; i++) {
      char c = i == n ? '.' : h.charAt(i);
      if (c == '.') {
        int len = i - labelStart;
        if (len == 0 || len > MAX_LABEL) {
          return false;
        }
        if (i == n && numericLabel) {
          return false;
        }
        labelStart = i + 1;
        numericLabel = true;
      } else if (c >= '0' && c <= '9') {
        continue;
      } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_') {
        numericLabel = false;
      } else {
        return false;
      }
    }
    return true;
  }

  /** RFC 3986 IPv4address: four dec-octets, no leading zeros. */
  static boolean isIpv4(String s) {
    int parts = 0;
    int i = 0;
    while (true) {
      int start = i;
      int v = 0;
      while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9' && i - start < 3) {
        v = v * 10 + (s.charAt(i) - '0');
        i++;
      }
      int len = i - start;
      if (len == 0 || v > 255 || (len > 1 && s.charAt(start) == '0')) {
        return false;
      }
      parts++;
      if (i == s.length()) {
        return parts == 4;
      }
      if (s.charAt(i) != '.' || parts == 4) {
        return false;
      }
      i++;
    }
  }

  /** RFC 3986 IPv6address, in any case: no zone, no IPvFuture. */
  static boolean isIpv6(String s) {
    if (s.length() < 2 || s.length() > MAX_IPV6) {
      return false;
    }
    int gap = s.indexOf("::");
    if (gap < 0) {
      return groups(s) == 8;
    }
    if (s.indexOf("::", gap + 1) >= 0) {
      return false;
    }
    int head = gap == 0 ? 0 : groups(s.substring(0, gap));
    int tail = gap + 2 == s.length() ? 0 : groups(s.substring(gap + 2));
    // the gap stands for at least one group; an IPv4 tail may only end the address
    return head >= 0
        && tail >= 0
        && head + tail <= 7
        && (gap == 0 || s.substring(0, gap).indexOf('.') < 0);
  }

  /**
   * The 16-bit groups in colon-separated {@code h16}s, the last possibly an IPv4 address (two
   * groups); -1 when malformed.
   */
  private static int groups(String s) {
    int n = 0;
    int start = 0;
    while (true) {
      int colon = s.indexOf(':', start);
      int end = colon < 0 ? s.length() : colon;
      String g = s.substring(start, end);
      if (colon < 0 && g.indexOf('.') >= 0) {
        return isIpv4(g) ? n + 2 : -1;
      }
      if (g.isEmpty() || g.length() > 4 || !isHex(g)) {
        return -1;
      }
      n++;
      if (colon < 0) {
        return n;
      }
      start = colon + 1;
    }
  }

  private static boolean isHex(String g) {
    for (int i = 0; i < g.length(); i++) {
      char c = g.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }
}
