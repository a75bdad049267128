package dev.alm.proxy;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Optional;

/**
 * Which host a request is for, and the target the proxy serves and forwards: the one answer both
 * the customer look-up and the origin get, so that no request is counted against one customer and
 * served as another's.
 *
 * <p>RFC 9112 section 3.2: an HTTP/1.1 request has exactly one Host header, and a Host header is
 * valid ({@link HostAuthority}); otherwise 400. Section 3.2.2: an absolute-form target ({@code
 * http://host[:port]/path?query}, scheme {@code http} or {@code https}) names the host whatever the
 * Host header says, and is forwarded in origin-form ({@code /path?query}, {@code /} when the path
 * is empty) with that Host. An authority with userinfo (RFC 9110 section 4.2.4), a fragment,
 * another scheme, the authority-form and {@code CONNECT} (a proxy for the CDN's hosts is no
 * tunnel), and the asterisk-form except for {@code OPTIONS} are refused.
 */
sealed interface RequestAuthority {

  /**
   * A request to serve.
   *
   * @param authority the host and port it is for, or null (HTTP/1.0 without Host)
   * @param target the target in origin-form, or {@code *} for {@code OPTIONS *}
   */
  record Accepted(HostAuthority authority, String target) implements RequestAuthority {

    /** The host customers and probes are matched by: lower-case, no port; "" when none. */
    String host() {
      return authority == null ? "" : authority.host();
    }
  }

  /** A request to refuse with 400. */
  record Refused(Reason reason) implements RequestAuthority {}

  /** Why a request is refused; {@link #text()} is the response's body. */
  enum Reason {
    HOSTS("more than one Host header"),
    NO_HOST("no Host header"),
    HOST("malformed Host header"),
    SCHEME("request target: a scheme other than http or https"),
    USERINFO("request target: userinfo in the authority"),
    AUTHORITY("request target: malformed authority"),
    TARGET("request target: neither origin-form nor absolute-form"),
    CONNECT("CONNECT is not served");

    private final String text;

    Reason(String text) {
      this.text = text;
    }

    String text() {
      return text;
    }
  }

  /**
   * The answer for one request.
   *
   * @param target the request-target as received
   * @param hosts the values of its Host headers, as the codec gives them
   */
  static RequestAuthority of(
      HttpMethod method, String target, List<String> hosts, HttpVersion version) {
    if (hosts.size() > 1) {
      return new Refused(Reason.HOSTS);
    }
    HostAuthority header = null;
    if (hosts.isEmpty()) {
      if (version.minorVersion() >= 1) {
        return new Refused(Reason.NO_HOST);
      }
    } else {
      Optional<HostAuthority> h = HostAuthority.parse(trimOws(hosts.get(0)));
      if (h.isEmpty()) {
        return new Refused(Reason.HOST);
      }
      header = h.get();
    }
    if (method.equals(HttpMethod.CONNECT)) {
      return new Refused(Reason.CONNECT);
    }
    if (target.startsWith("/")) {
      return new Accepted(header, target);
    }
    if (target.equals("*")) {
      return method.equals(HttpMethod.OPTIONS)
          ? new Accepted(header, target)
          : new Refused(Reason.TARGET);
    }
    return absoluteForm(target);
  }

  /** {@code http[s]://authority[path-abempty][?query]}, no fragment. */
  private static RequestAuthority absoluteForm(String target) {
    int colon = target.indexOf(':');
    if (colon <= 0 || !isScheme(target, colon) || !target.startsWith("//", colon + 1)) {
      return new Refused(Reason.TARGET); // the authority-form among others
    }
    String scheme = target.substring(0, colon);
    if (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https")) {
      return new Refused(Reason.SCHEME);
    }
    int start = colon + 3;
    int end = start;
    while (end < target.length() && "/?#".indexOf(target.charAt(end)) < 0) {
      end++;
    }
    String authority = target.substring(start, end);
    if (authority.indexOf('@') >= 0) {
      return new Refused(Reason.USERINFO);
    }
    Optional<HostAuthority> a = HostAuthority.parse(authority);
    if (a.isEmpty()) {
      return new Refused(Reason.AUTHORITY);
    }
    String rest = target.substring(end);
    if (rest.indexOf('#') >= 0) {
      return new Refused(Reason.TARGET);
    }
    String originForm = rest.isEmpty() || rest.charAt(0) == '?' ? "/" + rest : rest;
    return new Accepted(a.get(), originForm);
  }

  /** RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), up to {@code end}. */
  private static boolean isScheme(String s, int end) {
    for (int i = 0; i < end; i++) {
      char c = s.charAt(i);
      boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      if (!alpha && (i == 0 || !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))) {
        return false;
      }
    }
    return true;
  }

  /** The field value without the optional whitespace around it (RFC 9110 section 5.5). */
  private static String trimOws(String v) {
    int from = 0;
    int to = v.length();
    while (from < to && (v.charAt(from) == ' ' || v.charAt(from) == '\t')) {
      from++;
    }
    while (to > from && (v.charAt(to - 1) == ' ' || v.charAt(to - 1) == '\t')) {
      to--;
    }
    return v.substring(from, to);
  }
}
