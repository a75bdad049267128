package dev.alm.node;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The admin HTTP endpoint of an alm daemon: serves its {@link AdminEndpoints} ({@code GET /status}
 * JSON, {@code GET /metrics} Prometheus text, the optional {@code GET /} page, the {@code POST}
 * writes); anything else is 404 (405 for other methods). It knows nothing of what it reports, so
 * every daemon (proxy, DNS, PoP) serves its own status with it, through {@link NodeAdmin}.
 *
 * <p>Runs on one event-loop thread of its own, so that a slow scrape never delays the daemon's
 * traffic. Like the proxy and DNS listeners it bounds what clients hold ({@link AdminLimits}):
 * connections per client address and in all, a deadline for a whole request, an idle timeout, and
 * accept errors survived; {@code GET /events} streams are bounded by their {@link EventStream}.
 */
public final class AdminServer implements AutoCloseable {

  private final EventLoopGroup group;
  private final Channel channel;
  private final ListenerHealth health;
  private final EventStream events;

  private AdminServer(
      EventLoopGroup group, Channel channel, ListenerHealth health, EventStream events) {
    this.group = group;
    this.channel = channel;
    this.health = health;
    this.events = events;
  }

  /**
   * Binds and starts serving.
   *
   * @param address where to listen (port 0: any free port, see {@link #address()})
   * @param endpoints what to answer
   * @throws InterruptedException if interrupted while binding
   * @throws io.netty.channel.ChannelException or another exception if the address cannot be bound
   */
  public static AdminServer start(InetSocketAddress address, AdminEndpoints endpoints)
      throws InterruptedException {
    return start(address, endpoints, AdminAccess.LOOPBACK_ONLY);
  }

  /**
   * Binds and starts serving, judging every request by {@code access} first; refusals are answered
   * 401 or 403 and counted in {@code alm_admin_refused_total{reason}} of the endpoints' registry.
   *
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address}
   */
  public static AdminServer start(
      InetSocketAddress address, AdminEndpoints endpoints, AdminAccess access)
      throws InterruptedException {
    return start(address, endpoints, access, AdminLimits.defaults());
  }

  /**
   * Binds and starts serving as {@link #start(InetSocketAddress, AdminEndpoints, AdminAccess)},
   * holding clients to {@code limits}: connections over the caps are closed at accept and counted
   * in {@code alm_admin_connections_refused_total{reason}}, a request not whole within the deadline
   * closes its connection ({@code alm_admin_deadline_closed_total}), an idle connection is closed,
   * and accept errors pause accepting briefly ({@link AcceptGuard}). The cap in all is lowered to
   * stay under the process's file-descriptor limit ({@link FileDescriptors}).
   *
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address}
   */
  public static AdminServer start(
      InetSocketAddress address, AdminEndpoints endpoints, AdminAccess access, AdminLimits limits)
      throws InterruptedException {
    access.checkBind(new HostPort(address.getHostString(), address.getPort()));
    AdminRefusals refusals = new AdminRefusals(endpoints.metrics());
    long fdLimit = FileDescriptors.softLimit();
    int cap = FileDescriptors.capBelowLimit(limits.maxConnections(), fdLimit);
    ListenerHealth health =
        new ListenerHealth(
            new ConnectionGuard(cap, Math.min(cap, limits.maxConnectionsPerClient())),
            fdLimit,
            System::nanoTime);
    EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("alm-admin", true));
    try {
      Channel ch =
          health
              .guarding(
                  new ServerBootstrap().group(group).channel(NioServerSocketChannel.class),
                  limits.requestDeadline(),
                  limits.idleTimeout(),
                  p ->
                      p.addLast(
                          new HttpServerCodec(4096, 8192, 8192),
                          new HttpServerKeepAliveHandler(),
                          new HttpObjectAggregator(64 * 1024),
                          MessageDeadline.completion(),
                          new AdminHandler(endpoints, access, refusals)))
              .bind(address)
              .sync()
              .channel();
      health.watch(ch);
      health.bind(endpoints.metrics(), "alm.admin");
      if (endpoints.events() != null) {
        endpoints.events().bind(endpoints.metrics());
      }
      return new AdminServer(group, ch, health, endpoints.events());
    } catch (InterruptedException | RuntimeException e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  /** The bound address. */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** The listener's caps, refusals, deadline closes and accept errors. */
  public ListenerHealth listener() {
    return health;
  }

  /**
   * The status part of the admin listener: {@link ListenerHealth#status()}, with the event streams'
   * ({@link EventStream#status()}) under {@code events} when it serves them.
   */
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>(health.status());
    if (events != null) {
      m.put("events", events.status());
    }
    return m;
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
