package dev.alm.node;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What a TCP listener's defences count and whether it still accepts: its {@link ConnectionGuard},
 * its {@link AcceptGuard}, the connections closed at their {@link MessageDeadline}, and a heartbeat
 * run on the accepting event loop, so that an accept thread that died or hangs is seen ({@link
 * #accepting}) rather than assumed.
 */
public final class ListenerHealth {

  /** Heartbeat period on the accept loop, nanoseconds. */
  public static final long BEAT_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

  /** The accept loop counts as stuck after this long without a heartbeat, nanoseconds. */
  public static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(3);

  private final ConnectionGuard guard;
  private final AcceptGuard acceptGuard = new AcceptGuard();
  private final LongAdder deadlineClosed = new LongAdder();
  private final long fdLimit;
  private final LongSupplier nanoClock;
  private volatile long lastBeat;
  private volatile Channel listener;
  private volatile ScheduledFuture<?> beat;

  /**
   * @param guard the listener's connection caps
   * @param fdLimit the process's file-descriptor limit, -1 if unknown
   * @param nanoClock a monotonic clock
   */
  public ListenerHealth(ConnectionGuard guard, long fdLimit, LongSupplier nanoClock) {
    this.guard = guard;
    this.fdLimit = fdLimit;
    this.nanoClock = nanoClock;
    this.lastBeat = nanoClock.getAsLong();
  }

  public ConnectionGuard guard() {
    return guard;
  }

  public AcceptGuard acceptGuard() {
    return acceptGuard;
  }

  /**
   * The handlers at the front of every connection's pipeline: the connection guard (caps per
   * listener and per client), the message deadline ({@code deadline} for each message from its
   * first byte), and the idle timeout that closes a connection quiet for {@code idle}.
   */
  public ChannelHandler[] connectionGuards(Duration deadline, Duration idle) {
    return new ChannelHandler[] {
      guard,
      new MessageDeadline(deadline, onDeadline()),
      new IdleStateHandler(0, 0, idle.toMillis(), TimeUnit.MILLISECONDS),
      IdleClose.INSTANCE
    };
  }

  /**
   * Guards the listener {@code b} binds: the accept guard on its server channel and, at the front
   * of each connection's pipeline, the {@link #connectionGuards} before the handlers {@code
   * protocol} adds.
   */
  public ServerBootstrap guarding(
      ServerBootstrap b, Duration deadline, Duration idle, Consumer<ChannelPipeline> protocol) {
    return b.handler(acceptGuard)
        .childHandler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel c) {
                c.pipeline().addLast(connectionGuards(deadline, idle));
                protocol.accept(c.pipeline());
              }
            });
  }

  /** The callback of the listener's {@link MessageDeadline}s. */
  public Runnable onDeadline() {
    return deadlineClosed::increment;
  }

  /** Connections closed because a message did not complete within its deadline. */
  public long deadlineClosed() {
    return deadlineClosed.sum();
  }

  /** Starts the heartbeat on the bound listener's event loop. */
  public void watch(Channel bound) {
    this.listener = bound;
    EventLoop loop = bound.eventLoop();
    lastBeat = nanoClock.getAsLong();
    beat =
        loop.scheduleAtFixedRate(
            () -> lastBeat = nanoClock.getAsLong(), BEAT_NANOS, BEAT_NANOS, TimeUnit.NANOSECONDS);
  }

  /**
   * Stops watching and closes every connection of the listener (its event loops may go on serving
   * other listeners, {@link EventLoopShare}).
   */
  public void stop() {
    ScheduledFuture<?> b = beat;
    if (b != null) {
      b.cancel(false);
    }
    guard.closeAll();
  }

  /**
   * True while the listener is open and its accept loop ran within {@link #STUCK_NANOS} of {@code
   * nowNanos}.
   */
  public boolean accepting(long nowNanos) {
    Channel ch = listener;
    return ch != null && ch.isActive() && nowNanos - lastBeat <= STUCK_NANOS;
  }

  /** The status part: caps, counts, the descriptor limit and whether it accepts. */
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("accepting", accepting(nanoClock.getAsLong()));
    m.put("open", guard.open());
    m.put("clients", guard.clients());
    m.put("maxConnections", guard.max());
    m.put("maxConnectionsPerClient", guard.perClient());
    m.put("refusedTotalCap", guard.refusedTotalCap());
    m.put("refusedClientCap", guard.refusedClientCap());
    m.put("deadlineClosed", deadlineClosed());
    m.put("acceptErrors", acceptGuard.errors());
    m.put("fdLimit", fdLimit);
    return m;
  }

  /**
   * Registers {@code PREFIX.connections.open}, {@code PREFIX.connections.refused{reason}}, {@code
   * PREFIX.deadline.closed}, {@code PREFIX.accept.errors} and {@code PREFIX.accepting}.
   */
  public void bind(MeterRegistry registry, String prefix, String... tags) {
    Gauge.builder(prefix + ".connections.open", guard, ConnectionGuard::open)
        .description("Connections open")
        .tags(tags)
        .register(registry);
    FunctionCounter.builder(
            prefix + ".connections.refused", guard, g -> (double) g.refusedTotalCap())
        .description("Connections closed at accept: the listener's cap, or the client's")
        .tags(tags)
        .tag("reason", "total-cap")
        .register(registry);
    FunctionCounter.builder(
            prefix + ".connections.refused", guard, g -> (double) g.refusedClientCap())
        .tags(tags)
        .tag("reason", "client-cap")
        .register(registry);
    FunctionCounter.builder(prefix + ".deadline.closed", this, h -> (double) h.deadlineClosed())
        .description("Connections closed because a message did not complete within its deadline")
        .tags(tags)
        .register(registry);
    FunctionCounter.builder(prefix + ".accept.errors", acceptGuard, a -> (double) a.errors())
        .description("Accept errors (out of file descriptors), each followed by a short pause")
        .tags(tags)
        .register(registry);
    Gauge.builder(prefix + ".accepting", this, h -> h.accepting(nanoClock.getAsLong()) ? 1 : 0)
        .description("1 while the listener accepts connections")
        .tags(tags)
        .register(registry);
  }
}
