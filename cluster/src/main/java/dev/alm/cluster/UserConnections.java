package dev.alm.cluster;

import dev.alm.proxy.HttpLimits;
import java.time.Duration;

/**
 * How the cluster's users hold their connections, and how long its proxies keep one: a share of
 * every PoP's requests may come from users that keep their connection until the proxy closes it
 * ({@code KeepAliveClients}), which follow x only as the proxies close connections for their age
 * (docs/proxy-node.md, "Connection age").
 *
 * @param keepAliveShare the share of each PoP's requests sent by users that keep their connection,
 *     in [0, 1]; 0 (the default): every request asks the user's resolver cache
 * @param maxConnectionAge the proxies' {@link HttpLimits#maxConnectionAge()}; zero: never closed
 */
public record UserConnections(double keepAliveShare, Duration maxConnectionAge) {

  /** Every request asks its cache; the proxies' default connection age. */
  public static final UserConnections DEFAULT =
      new UserConnections(0, HttpLimits.DEFAULT_MAX_CONNECTION_AGE);

  public UserConnections {
    if (!(keepAliveShare >= 0 && keepAliveShare <= 1)) {
      throw new IllegalArgumentException("keepAliveShare must be in [0, 1], got " + keepAliveShare);
    }
    if (maxConnectionAge == null || maxConnectionAge.isNegative()) {
      throw new IllegalArgumentException("maxConnectionAge must be >= 0 (0: never)");
    }
  }
}
