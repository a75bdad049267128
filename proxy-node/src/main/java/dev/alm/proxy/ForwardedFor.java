package dev.alm.proxy;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Set;

/**
 * The {@code X-Forwarded-For} header a proxied request carries to the origin. A client's own value
 * is a claim anyone can make, so it is replaced by the client's address; only a client that is a
 * configured trusted hop (a load balancer or proxy in front of alm) has its list kept and extended.
 */
final class ForwardedFor {

  static final String HEADER = "X-Forwarded-For";

  private ForwardedFor() {}

  /**
   * Sets the header on a request leaving for the origin.
   *
   * @param client the address of the connection's peer, as text
   * @param trustedHops addresses (as text) whose own {@code X-Forwarded-For} is kept
   */
  static void apply(HttpHeaders headers, String client, Set<String> trustedHops) {
    List<String> claimed = headers.getAll(HEADER);
    headers.remove(HEADER);
    if (!claimed.isEmpty() && trustedHops.contains(client)) {
      headers.set(HEADER, String.join(", ", claimed) + ", " + client);
    } else {
      headers.set(HEADER, client);
    }
  }
}
