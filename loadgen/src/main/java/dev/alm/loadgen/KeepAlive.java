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
    if (!(share >= 0 && share <= 1) || clients < 1) {
      throw new IllegalArgumentException(
          "keep-alive users: the share must be in [0, 1] and clients >= 1, got "
              + share
              + " and "
              + clients);
    }
  }
}
