package dev.alm.cluster;

import dev.alm.loadgen.KeepAlive;
import dev.alm.proxy.HttpLimits;
import java.time.Duration;

/**
 * How the cluster's users hold their connections, and how long its proxies keep one: a share of
 * every PoP's requests may come from users that keep their connection until the proxy closes it
 * ({@code KeepAliveClients}), which follow x only as the proxies close connections for their age
 * (docs/proxy-node.md, "Connection age").
 *
 * @param keepAlive the users that keep their connection; a share of 0 (the default): every request
 *     asks the user's resolver cache
 * @param maxConnectionAge the proxies' {@link HttpLimits#maxConnectionAge()}; zero: never closed
 */
public record UserConnections(KeepAlive keepAlive, Duration maxConnectionAge) {

  /** Every request asks its cache; the proxies' default connection age. */
  public static final UserConnections DEFAULT =
      new UserConnections(
          new KeepAlive(0, KeepAlive.DEFAULT_CLIENTS), HttpLimits.DEFAULT_MAX_CONNECTION_AGE);

  public UserConnections {
    if (keepAlive == null || maxConnectionAge == null || maxConnectionAge.isNegative()) {
      throw new IllegalArgumentException(
          "connections need keep-alive users and a connection age >= 0 (0: never)");
    }
  }
}
