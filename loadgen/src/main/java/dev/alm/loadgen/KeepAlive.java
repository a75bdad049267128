package dev.alm.loadgen;

/**
 * Users that keep their connection ({@link KeepAliveClients}): they ask the DNS only when they open
 * a connection, and send every request on it until the server closes it.
 *
 * @param share the share of a PoP's requests they send, in [0, 1]
 * @param clients how many of them each request lane holds
 */
public record KeepAlive(double share, int clients) {

  /** Clients per request lane by default: enough that a close moves a small part of the load. */
  public static final int DEFAULT_CLIENTS = 20;

  public KeepAlive {
    String problem = shareProblem(share);
    if (problem != null || clients < 1) {
      throw new IllegalArgumentException(
          "keep-alive users: "
              + (problem != null ? "share " + problem : "clients must be >= 1, got " + clients));
    }
  }

  /** Why {@code share} is not one, for an error message naming it; null when it is. */
  public static String shareProblem(double share) {
    return share >= 0 && share <= 1 ? null : "must be in [0, 1], got " + share;
  }
}
