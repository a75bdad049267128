package dev.alm.proxy;

import dev.alm.io.Clocks;
import dev.alm.node.AdminEndpoints;
import dev.alm.node.AdminLimits;
import dev.alm.node.ConnectionGuard;
import dev.alm.node.ConsoleAssets;
import dev.alm.node.EventStream;
import dev.alm.node.FileDescriptors;
import dev.alm.node.ListenerHealth;
import dev.alm.node.NodeAdmin;
import dev.alm.node.Transport;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerMetrics;
import dev.alm.proxy.limit.ShareSource;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One PoP's HTTP proxy, running: the Netty HTTP/1.1 server (epoll where available, else NIO), the
 * optional admin server, the Micrometer registry and the {@link ProxyNode} they share. Start it
 * with {@link #start}; close it to stop everything and flush the logs.
 */
public final class ProxyServer implements AutoCloseable {

  private final ProxyNode node;
  private final Transport transport;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final Channel channel;
  private final OriginClient origin;
  private final NodeAdmin admin;
  private final ScheduledFuture<?> tick;
  private final ScheduledFuture<?> refresh;
  private final GeneratedContent generated;
  private final ListenerHealth health;
  private final AtomicBoolean closed = new AtomicBoolean();

  private ProxyServer(
      ProxyNode node,
      Transport transport,
      EventLoopGroup boss,
      EventLoopGroup workers,
      Channel channel,
      OriginClient origin,
      NodeAdmin admin,
      ScheduledFuture<?> tick,
      ScheduledFuture<?> refresh,
      GeneratedContent generated,
      ListenerHealth health) {
    this.refresh = refresh;
    this.health = health;
    this.node = node;
    this.transport = transport;
    this.boss = boss;
    this.workers = workers;
    this.channel = channel;
    this.origin = origin;
    this.admin = admin;
    this.tick = tick;
    this.generated = generated;
  }

  /** Starts a proxy on the system clocks. */
  public static ProxyServer start(ProxyConfig config) throws IOException, InterruptedException {
    return start(config, Clocks.SYSTEM);
  }

  /**
   * Starts a proxy whose meters, admission control and logs read the given clocks (tests drive
   * them).
   *
   * @throws IOException if a log cannot be opened
   * @throws InterruptedException if interrupted while binding
   */
  public static ProxyServer start(ProxyConfig config, Clocks clocks)
      throws IOException, InterruptedException {
    return start(config, NodeAdmin.create(), clocks);
  }

  /**
   * Starts a proxy that is part of a larger daemon (the PoP): its meters go to the host's {@code
   * registry}, which it does not close.
   */
  public static ProxyServer start(
      ProxyConfig config, PrometheusMeterRegistry registry, Clocks clocks)
      throws IOException, InterruptedException {
    return start(config, NodeAdmin.sharing(registry), clocks);
  }

  /**
   * Starts a proxy that is part of a larger daemon (the PoP), whose customers' limits follow the
   * shares of {@code shares} (the PoP's DRL agent) and whose central customers ask {@code central}.
   *
   * @param shares the DRL shares, or null (L/N for DRL customers)
   * @param central the central store (Redis, a token server), or null
   */
  public static ProxyServer start(
      ProxyConfig config,
      PrometheusMeterRegistry registry,
      Clocks clocks,
      ShareSource shares,
      CentralLimiter central)
      throws IOException, InterruptedException {
    return start(config, NodeAdmin.sharing(registry), clocks, shares, central);
  }

  /**
   * Starts a standalone proxy whose central customers ask {@code central} (its own registry and
   * admin server).
   */
  public static ProxyServer start(ProxyConfig config, Clocks clocks, CentralLimiter central)
      throws IOException, InterruptedException {
    return start(config, NodeAdmin.create(), clocks, null, central);
  }

  private static ProxyServer start(ProxyConfig config, NodeAdmin admin, Clocks clocks)
      throws IOException, InterruptedException {
    return start(config, admin, clocks, null, null);
  }

  private static ProxyServer start(
      ProxyConfig config,
      NodeAdmin admin,
      Clocks clocks,
      ShareSource shares,
      CentralLimiter central)
      throws IOException, InterruptedException {
    ProxyNode node = new ProxyNode(config, clocks, shares, central);
    Transport transport = Transport.detect();
    EventLoopGroup boss = transport.group(1, "alm-proxy-accept");
    EventLoopGroup workers = transport.group(config.ioThreads(), "alm-proxy-io");
    OriginClient origin = null;
    GeneratedContent generated = new GeneratedContent(config.content().bodyBytes());
    Channel ch = null;
    try {
      origin =
          config.content().mode() == ContentConfig.Mode.PROXY
              ? new OriginClient(workers, transport, config.content())
              : null;
      HttpLimits limits = config.limits();
      OriginClient o = origin;
      long fdLimit = FileDescriptors.softLimit();
      int cap = FileDescriptors.capBelowLimit(limits.maxConnections(), fdLimit);
      AdminLimits adminLimits = AdminLimits.defaults();
      if (config.admin() != null) {
        // the proxy and its admin listener share the process's descriptors
        int[] caps =
            FileDescriptors.shareBelowLimit(
                fdLimit, limits.maxConnections(), adminLimits.maxConnections());
        cap = caps[0];
        adminLimits = adminLimits.capped(caps[1]);
      }
      EventStream events = new EventStream();
      ListenerHealth health =
          new ListenerHealth(
              new ConnectionGuard(cap, Math.min(cap, limits.maxConnectionsPerClient())),
              fdLimit,
              System::nanoTime);
      ch = bind(config, transport, boss, workers, health, node, generated, o);
      health.watch(ch);
      ProxyMetrics.bind(node, admin.registry());
      CustomerMetrics.bind(node.customers(), admin.registry(), config.pop());
      health.bind(admin.registry(), "alm.proxy", "pop", config.pop());
      serveAdmin(config, admin, adminLimits, health, events, node);
      ScheduledFuture<?> tick = scheduleTick(config, workers, node, events);
      // the customers' buckets and pacers follow the shares
      ScheduledFuture<?> refresh =
          workers
              .next()
              .scheduleAtFixedRate(
                  () -> node.customers().refresh(node.nanoTime()),
                  CustomerLimits.REFRESH_NANOS,
                  CustomerLimits.REFRESH_NANOS,
                  TimeUnit.NANOSECONDS);
      return new ProxyServer(
          node, transport, boss, workers, ch, origin, admin, tick, refresh, generated, health);
    } catch (InterruptedException | RuntimeException e) {
      admin.close();
      if (origin != null) {
        origin.close();
      }
      if (ch != null) {
        ch.close(); // the event loops may be shared (EventLoopShare) and go on
      }
      transport.release(boss, 1, false);
      transport.release(workers, 1, false);
      node.close();
      generated.close();
      throw e;
    }
  }

  /** Binds the HTTP listener: each connection guarded, with deadlines, then the HTTP pipeline. */
  private static Channel bind(
      ProxyConfig config,
      Transport transport,
      EventLoopGroup boss,
      EventLoopGroup workers,
      ListenerHealth health,
      ProxyNode node,
      GeneratedContent generated,
      OriginClient o)
      throws InterruptedException {
    HttpLimits limits = config.limits();
    return health
        .guarding(
            new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT),
            limits.headerDeadline(),
            limits.idleTimeout(),
            p -> p.addLast(ProxyPipelines.http(limits, node, generated, o)))
        .bind(config.listen().socketAddress())
        .sync()
        .channel();
  }

  /**
   * The admin server's routes (docs/proxy-node.md): readiness, events, the page, {@code /status},
   * and the writes {@code /measure}, {@code /log} and {@code /customers}.
   */
  private static void serveAdmin(
      ProxyConfig config,
      NodeAdmin admin,
      AdminLimits adminLimits,
      ListenerHealth health,
      EventStream events,
      ProxyNode node)
      throws IOException, InterruptedException {
    admin.serve(
        config.admin(),
        config.adminAccess(),
        adminLimits,
        routes ->
            routes
                .ready(() -> health.accepting(System.nanoTime()) ? null : "not accepting")
                .events(events)
                .page(() -> ConsoleAssets.page("alm proxy " + config.pop(), "proxy"))
                .status(
                    () -> {
                      Map<String, Object> m = new LinkedHashMap<>(node.status());
                      m.put("listener", health.status());
                      m.put("admin", admin.status());
                      return m;
                    })
                .write(
                    "/measure",
                    v -> {
                      node.setMeasuring(switchValue(v));
                      return statusJson(node);
                    })
                .write(
                    "/log",
                    v -> {
                      node.setLogging(switchValue(v));
                      return statusJson(node);
                    })
                .document(
                    "/customers",
                    body -> {
                      node.customers().replace(body);
                      return statusJson(node);
                    }));
  }

  /**
   * Reads the meter once per control interval, so that its moving average never misses a bucket;
   * measures the customers' demands and publishes the status to the event stream's listeners.
   */
  private static ScheduledFuture<?> scheduleTick(
      ProxyConfig config, EventLoopGroup workers, ProxyNode node, EventStream events) {
    long period = config.controlInterval().toNanos();
    return workers
        .next()
        .scheduleAtFixedRate(
            () -> {
              node.meter().read(node.nanoTime());
              node.customers().tick(node.nanoTime());
              if (events.listened()) {
                events.publish(statusJson(node));
              }
            },
            period,
            period,
            TimeUnit.NANOSECONDS);
  }

  private static boolean switchValue(double v) {
    if (v != 0 && v != 1) {
      throw new IllegalArgumentException("expected value=0 (off) or value=1 (on), got " + v);
    }
    return v == 1;
  }

  /** The bound HTTP address. */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /**
   * True while the HTTP listener accepts connections: open, and its accept loop alive within the
   * last {@link ListenerHealth#STUCK_NANOS} of real time (a thread's liveness is a matter of the
   * system clock, whatever clock the controller is given).
   */
  public boolean accepting() {
    return !closed.get() && health.accepting(System.nanoTime());
  }

  /** The listener's caps, refusals and descriptor limit. */
  public ListenerHealth listenerHealth() {
    return health;
  }

  /** The bound admin address, or null when there is no admin server. */
  public InetSocketAddress adminAddress() {
    return admin.address();
  }

  /** "epoll" or "nio". */
  public String transport() {
    return transport.name();
  }

  public ProxyNode node() {
    return node;
  }

  public PrometheusMeterRegistry registry() {
    return admin.registry();
  }

  /** The status document as JSON text. */
  public String statusJson() {
    return statusJson(node);
  }

  private static String statusJson(ProxyNode node) {
    return AdminEndpoints.json(node.status());
  }

  /** Stops accepting, closes connections, stops the admin server and flushes the logs. */
  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    tick.cancel(false);
    refresh.cancel(false);
    channel.close().syncUninterruptibly();
    if (origin != null) {
      origin.close();
    }
    health.stop();
    transport.release(boss, 2, true);
    transport.release(workers, 2, true);
    admin.close();
    generated.close();
    node.close();
  }
}
