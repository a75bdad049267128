package dev.alm.node;

import dev.alm.io.KeyRing;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Who may use a daemon's admin server (docs/operations/trust.md, "Admin access"). Pure: it judges
 * one request from its method class, its peer and its headers.
 *
 * <ul>
 *   <li>With no token ({@link #LOOPBACK_ONLY}) the admin server must listen on loopback; every
 *       request must name a loopback host in {@code Host} (a page on a DNS-rebound name is refused)
 *       and come from a loopback peer, and a write must not come from another origin.
 *   <li>With a token ({@link #withToken}) every write needs {@code Authorization: Bearer TOKEN}
 *       (the current or the previous token of the key file), and so does every read from a peer
 *       outside loopback; cross-origin writes are refused before the token is looked at.
 * </ul>
 *
 * A browser can send neither a bearer token nor a same-origin {@code Origin} for another site, so a
 * hostile page cannot write (CSRF), and it cannot read either without CORS headers, which the admin
 * server never sends.
 */
public final class AdminAccess {

  /** No token: loopback clients only, same-origin writes only. */
  public static final AdminAccess LOOPBACK_ONLY = new AdminAccess(null);

  /** What the admin server does with a request. */
  public enum Verdict {
    /** Serve it. */
    ALLOW,
    /** 401: a write (or a remote read) without a valid bearer token. */
    UNAUTHORIZED,
    /** 403: a write whose {@code Origin} or {@code Sec-Fetch-Site} says another site sent it. */
    CROSS_ORIGIN,
    /** 403: with no token, a {@code Host} that is not a loopback name, or a non-loopback peer. */
    NOT_LOOPBACK;

    /** The metric tag and status-line word for a refusal. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  private final KeyRing token;

  private AdminAccess(KeyRing token) {
    this.token = token;
  }

  /** Access guarded by the bearer tokens of {@code ring} (current and previous). */
  public static AdminAccess withToken(KeyRing ring) {
    if (ring == null) {
      throw new IllegalArgumentException("a token ring is required; use LOOPBACK_ONLY for none");
    }
    return new AdminAccess(ring);
  }

  /** True when writes need a bearer token. */
  public boolean tokenRequired() {
    return token != null;
  }

  /**
   * Takes the tokens of {@code next} in place (the token file read again): from the next request
   * on, only {@code next}'s current and previous tokens are accepted.
   *
   * @throws IllegalArgumentException when either has no token (adding or removing the token changes
   *     which addresses may be served: a restart)
   */
  public void rotateToken(AdminAccess next) {
    if (token == null || next.token == null) {
      throw new IllegalArgumentException("admin token: added or removed, not rotated");
    }
    token.rotate(next.token);
  }

  /**
   * Refuses to serve a non-loopback address without a token.
   *
   * @throws IllegalArgumentException naming the address and what is missing
   */
  public void checkBind(HostPort address) {
    if (token == null && !isLoopbackHost(address.host())) {
      throw new IllegalArgumentException(
          "admin: "
              + address
              + " is outside loopback and needs a token file (--admin-token FILE or"
              + " adminTokenFile); or bind the admin address to 127.0.0.1");
    }
  }

  /**
   * Judges one request.
   *
   * @param write true for a request that changes state (any method but GET and HEAD)
   * @param loopbackPeer true when the client connected from a loopback address
   * @param authorization the {@code Authorization} header, or null
   * @param origin the {@code Origin} header, or null
   * @param host the {@code Host} header, or null
   * @param fetchSite the {@code Sec-Fetch-Site} header, or null
   */
  public Verdict judge(
      boolean write,
      boolean loopbackPeer,
      String authorization,
      String origin,
      String host,
      String fetchSite) {
    if (write && crossOrigin(origin, host, fetchSite)) {
      return Verdict.CROSS_ORIGIN;
    }
    if (token == null) {
      if (!loopbackPeer || (host != null && !isLoopbackHost(hostName(host)))) {
        return Verdict.NOT_LOOPBACK;
      }
      return Verdict.ALLOW;
    }
    if ((write || !loopbackPeer) && !token.matchesToken(bearer(authorization))) {
      return Verdict.UNAUTHORIZED;
    }
    return Verdict.ALLOW;
  }

  private static boolean crossOrigin(String origin, String host, String fetchSite) {
    if (fetchSite != null) {
      String s = fetchSite.trim().toLowerCase(Locale.ROOT);
      if (s.equals("cross-site") || s.equals("same-site")) {
        return true;
      }
    }
    if (origin == null) {
      return false;
    }
    if (host == null) {
      return true;
    }
    String o = origin.trim().toLowerCase(Locale.ROOT);
    String h = host.trim().toLowerCase(Locale.ROOT);
    return !(o.equals("http://" + h) || o.equals("https://" + h));
  }

  private static String bearer(String authorization) {
    if (authorization == null) {
      return null;
    }
    String a = authorization.trim();
    if (a.length() < 7 || !a.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    return a.substring(7).trim();
  }

  /**
   * The host part of a {@code Host} header value ({@code name}, {@code name:port}, {@code
   * [v6]:port}).
   */
  static String hostName(String hostHeader) {
    String h = hostHeader.trim();
    if (h.startsWith("[")) {
      int end = h.indexOf(']');
      return end < 0 ? h : h.substring(1, end);
    }
    int colon = h.lastIndexOf(':');
    return colon >= 0 && h.indexOf(':') == colon ? h.substring(0, colon) : h;
  }

  /** True for {@code localhost} and loopback address literals (127.0.0.0/8, ::1); no DNS lookup. */
  public static boolean isLoopbackHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.equals("localhost")) {
      return true;
    }
    if (!h.matches("[0-9.]+") && !(h.contains(":") && h.matches("[0-9a-f:.]+"))) {
      return false; // a name: never looked up
    }
    try {
      return InetAddress.getByName(h).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    return token == null ? "loopback only, no token" : "bearer token (" + token.size() + " key(s))";
  }
}
