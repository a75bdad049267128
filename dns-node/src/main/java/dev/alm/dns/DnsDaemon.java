package dev.alm.dns;

import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.node.AdminAccess;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.HostPort;
import dev.alm.node.NodeAdmin;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The standalone DNS daemon ({@code alm dns}): one {@link DnsNode} with its own Micrometer registry
 * and admin server ({@link NodeAdmin}): {@code GET /status}, {@code GET /metrics} and {@code POST
 * /x?value=X}, which sets x and answers the new status. Inside a PoP the DNS node reports to the
 * PoP daemon's registry instead.
 */
public final class DnsDaemon implements AutoCloseable {
  private final DnsNode node;
  private final NodeAdmin admin;

  private DnsDaemon(DnsNode node, NodeAdmin admin) {
    this.node = node;
    this.admin = admin;
  }

  /**
   * Starts the DNS node, then the admin server at {@code adminAddress} (null: none).
   *
   * @param threads event-loop threads
   * @throws IOException if the query log cannot be opened
   * @throws InterruptedException if interrupted while binding
   */
  public static DnsDaemon start(DnsConfig config, int threads, HostPort adminAddress)
      throws IOException, InterruptedException {
    return start(config, threads, adminAddress, AdminAccess.LOOPBACK_ONLY);
  }

  /**
   * Starts the DNS node, then the admin server at {@code adminAddress} (null: none) guarded by
   * {@code access}.
   *
   * @param threads event-loop threads
   * @throws IOException if the query log cannot be opened
   * @throws InterruptedException if interrupted while binding
   * @throws IllegalArgumentException if {@code access} forbids the admin address
   */
  public static DnsDaemon start(
      DnsConfig config, int threads, HostPort adminAddress, AdminAccess access)
      throws IOException, InterruptedException {
    if (adminAddress != null) {
      access.checkBind(adminAddress);
    }
    NodeAdmin admin = NodeAdmin.create();
    DnsNode node = null;
    try {
      node = DnsNode.start(config, admin.registry(), ProbeAnswerer.NONE, threads);
      DnsNode n = node;
      admin.serve(
          adminAddress,
          access,
          routes ->
              routes
                  .status(n::status)
                  .write(
                      "/x",
                      value -> {
                        n.x().set(value);
                        return AdminEndpoints.json(n.status());
                      }));
      return new DnsDaemon(node, admin);
    } catch (IOException | InterruptedException | RuntimeException e) {
      admin.close();
      if (node != null) {
        node.close();
      }
      throw e;
    }
  }

  public DnsNode node() {
    return node;
  }

  /** The admin server's address, or null when there is none. */
  public InetSocketAddress adminAddress() {
    return admin.address();
  }

  /** Stops the admin server, then the DNS node (flushing its query log). */
  @Override
  public void close() throws IOException {
    admin.close();
    node.close();
  }
}
