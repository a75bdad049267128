package dev.alm.dns;

import dev.alm.fastcontrol.ProbeAnswerer;
import dev.alm.node.AdminAccess;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.AdminLimits;
import dev.alm.node.ConsoleAssets;
import dev.alm.node.EventStream;
import dev.alm.node.FileDescriptors;
import dev.alm.node.HostPort;
import dev.alm.node.NodeAdmin;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The standalone DNS daemon ({@code alm dns}): one {@link DnsNode} with its own Micrometer registry
 * and admin server ({@link NodeAdmin}): {@code GET /status}, {@code GET /metrics} and {@code POST
 * /x?value=X}, which sets x and answers the new status. Inside a PoP the DNS node reports to the
 * PoP daemon's registry instead.
 */
public final class DnsDaemon implements AutoCloseable {
  private final DnsNode node;
  private final NodeAdmin admin;
  private final ScheduledExecutorService console;

  private DnsDaemon(DnsNode node, NodeAdmin admin, ScheduledExecutorService console) {
    this.node = node;
    this.admin = admin;
    this.console = console;
  }

  /** How often the console's event stream gets the status. */
  public static final Duration CONSOLE_PERIOD = Duration.ofSeconds(1);

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
      DnsConfig given, int threads, HostPort adminAddress, AdminAccess access)
      throws IOException, InterruptedException {
    DnsConfig config = given;
    AdminLimits adminLimits = AdminLimits.defaults();
    if (adminAddress != null) {
      access.checkBind(adminAddress);
      // the TCP listener and the admin listener share the process's descriptors
      int[] caps =
          FileDescriptors.shareBelowLimit(
              FileDescriptors.softLimit(), given.maxTcpConnections(), adminLimits.maxConnections());
      if (caps[0] < given.maxTcpConnections()) {
        config = given.toBuilder().maxTcpConnections(caps[0]).build();
      }
      adminLimits = adminLimits.capped(caps[1]);
    }
    NodeAdmin admin = NodeAdmin.create();
    DnsNode node = null;
    EventStream events = new EventStream();
    ScheduledExecutorService console =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "alm-dns-console");
              t.setDaemon(true);
              return t;
            });
    try {
      node = DnsNode.start(config, admin.registry(), ProbeAnswerer.NONE, threads);
      DnsNode n = node;
      admin.serve(
          adminAddress,
          access,
          adminLimits,
          routes ->
              routes
                  .status(
                      () -> {
                        Map<String, Object> m = new LinkedHashMap<>(n.status());
                        m.put("admin", admin.status());
                        return m;
                      })
                  .events(events)
                  .page(() -> ConsoleAssets.page("alm dns " + given.pop(), "dns"))
                  .write(
                      "/x",
                      value -> {
                        n.x().set(value);
                        return AdminEndpoints.json(n.status());
                      }));
      long period = CONSOLE_PERIOD.toNanos();
      console.scheduleAtFixedRate(
          () -> {
            if (events.listened()) {
              events.publish(AdminEndpoints.json(n.status()));
            }
          },
          period,
          period,
          TimeUnit.NANOSECONDS);
      return new DnsDaemon(node, admin, console);
    } catch (IOException | InterruptedException | RuntimeException e) {
      console.shutdownNow();
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
    console.shutdownNow();
    admin.close();
    node.close();
  }
}
