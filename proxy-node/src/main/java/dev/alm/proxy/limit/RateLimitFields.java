package dev.alm.proxy.limit;

/**
 * The {@code RateLimit-Policy} and {@code RateLimit} response fields of the IETF httpapi draft
 * (draft-ietf-httpapi-ratelimit-headers-11, sections 3 and 4: Structured Field lists of items with
 * parameters), so that a client can pace itself before it is refused. Pure: a customer's limits in,
 * the field values out.
 *
 * <p>Three policies, by name:
 *
 * <ul>
 *   <li>{@code "global"}: the customer's limit across every PoP, {@code q} requests (or content
 *       bytes, {@code qu="content-bytes"}) per window {@code w} seconds: {@code w} is 1 for a limit
 *       of at least one unit a second, else the whole seconds one unit takes, and {@code q} the
 *       limit times {@code w}, rounded;
 *   <li>{@code "client"}: the per-client-address limit, when the customer has one;
 *   <li>{@code "key"}: the per-key limit across PoPs, {@code q} requests per window {@code w}
 *       seconds, when the customer has one.
 * </ul>
 *
 * <p>The service limit ({@code RateLimit}) is this PoP's: {@code r} the whole tokens left in the
 * bucket that enforces the customer's share here, {@code t} the whole seconds that bucket needs to
 * fill up again at its current rate. A refused request carries {@code r=0} and {@code t} equal to
 * its {@code Retry-After}, which the draft says must not end before the window does.
 */
public final class RateLimitFields {

  /** The policy field's name. */
  public static final String POLICY = "RateLimit-Policy";

  /** The service limit field's name. */
  public static final String LIMIT = "RateLimit";

  /** The policy of the customer's limit across PoPs. */
  public static final String GLOBAL = "global";

  /** The policy of the per-client-address limit. */
  public static final String CLIENT = "client";

  /** The policy of the per-key limit across PoPs (docs/ratelimit/keys.md). */
  public static final String KEY = "key";

  /** The longest effective window named, in seconds: an hour. */
  static final long MAX_WINDOW_SECONDS = 3600;

  private RateLimitFields() {}

  /** The {@code RateLimit-Policy} value of a customer; null when it has no limit to publish. */
  public static String policy(CustomerSpec c) {
    StringBuilder b = new StringBuilder(64);
    if (c.requestsPerSecond() > 0) {
      item(b, GLOBAL, c.requestsPerSecond(), false);
    } else if (c.bytesPerSecond() > 0) {
      item(b, GLOBAL, c.bytesPerSecond(), true);
    }
    if (c.perClientRequestsPerSecond() > 0) {
      item(b, CLIENT, c.perClientRequestsPerSecond(), false);
    }
    if (c.keys() != null) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append('"')
          .append(KEY)
          .append("\";q=")
          .append(c.keys().limit())
          .append(";w=")
          .append(c.keys().window().seconds());
    }
    return b.length() == 0 ? null : b.toString();
  }

  private static void item(StringBuilder b, String name, double perSecond, boolean bytes) {
    long w = window(perSecond);
    if (b.length() > 0) {
      b.append(", ");
    }
    b.append('"').append(name).append("\";q=").append(Math.max(1, Math.round(perSecond * w)));
    if (bytes) {
      b.append(";qu=\"content-bytes\"");
    }
    b.append(";w=").append(w);
  }

  /** The window of a limit: 1 s from one unit a second on, else the seconds one unit takes. */
  static long window(double perSecond) {
    if (perSecond >= 1) {
      return 1;
    }
    return Math.min(MAX_WINDOW_SECONDS, (long) Math.ceil(1 / perSecond));
  }

  /**
   * The {@code RateLimit} value of an admitted request.
   *
   * @param policy the policy the bucket enforces ({@link #GLOBAL} or {@link #CLIENT})
   * @param remaining the tokens left in the bucket after this request
   * @param capacity the bucket's capacity, tokens
   * @param rate the bucket's refill rate, tokens/s
   */
  public static String admitted(String policy, double remaining, long capacity, double rate) {
    long r = Math.max(0, (long) Math.floor(remaining));
    double missing = Math.max(0, capacity - remaining);
    long t =
        missing == 0
            ? 0
            : rate > 0
                ? Math.min(MAX_WINDOW_SECONDS, (long) Math.ceil(missing / rate))
                : MAX_WINDOW_SECONDS;
    return limit(policy, r, t);
  }

  /**
   * The {@code RateLimit} item of a request its key's limit admitted: {@code r} the requests the
   * key has left in its window at this PoP, {@code t} the seconds to the window's end.
   */
  public static String keyLeft(long remaining, long seconds) {
    return limit(KEY, remaining, seconds);
  }

  /** The {@code RateLimit} value of a refused request: nothing left until its Retry-After. */
  public static String refused(String policy, long retryAfterSeconds) {
    return limit(policy, 0, Math.max(1, retryAfterSeconds));
  }

  private static String limit(String policy, long r, long t) {
    return '"' + policy + "\";r=" + r + ";t=" + t;
  }
}
