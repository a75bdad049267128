package dev.alm.node;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Caps the connections a listener holds open: at most {@code max} in all and at most {@code
 * perClient} from one client address. A connection over either cap is closed as soon as it is
 * accepted, before any byte is read, and counted by reason. Put it first in every child pipeline of
 * the listener (one shared instance per listener).
 */
@ChannelHandler.Sharable
public final class ConnectionGuard extends ChannelInboundHandlerAdapter {

  /** Set on a counted connection: its client address, or {@link #NO_ADDRESS}. */
  private static final AttributeKey<Object> COUNTED =
      AttributeKey.valueOf(ConnectionGuard.class, "counted");

  private static final Object NO_ADDRESS = new Object();

  private final int max;
  private final int perClient;
  private final AtomicInteger open = new AtomicInteger();
  private final ConcurrentHashMap<InetAddress, AtomicInteger> byClient = new ConcurrentHashMap<>();
  private final LongAdder refusedTotal = new LongAdder();
  private final LongAdder refusedClient = new LongAdder();
  private final Runnable onRefused;
  private final ChannelGroup counted = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

  /**
   * @param max connections open at once, >= 1
   * @param perClient connections open at once from one client address, in [1, max]
   */
  public ConnectionGuard(int max, int perClient) {
    this(max, perClient, () -> {});
  }

  /**
   * @param onRefused called (on the event loop) for every connection refused, for a daemon's own
   *     counter
   */
  public ConnectionGuard(int max, int perClient, Runnable onRefused) {
    this.onRefused = onRefused;
    if (max < 1 || perClient < 1 || perClient > max) {
      throw new IllegalArgumentException(
          "connection caps: need 1 <= perClient <= max, got max "
              + max
              + ", perClient "
              + perClient);
    }
    this.max = max;
    this.perClient = perClient;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    InetAddress client =
        ctx.channel().remoteAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    if (open.incrementAndGet() > max) {
      open.decrementAndGet();
      refusedTotal.increment();
      onRefused.run();
      ctx.close();
      return;
    }
    if (client != null) {
      AtomicInteger n =
          byClient.compute(
              client,
              (k, v) -> {
                AtomicInteger c = v == null ? new AtomicInteger() : v;
                c.incrementAndGet();
                return c;
              });
      if (n.get() > perClient) {
        release(client);
        open.decrementAndGet();
        refusedClient.increment();
        onRefused.run();
        ctx.close();
        return;
      }
    }
    ctx.channel().attr(COUNTED).set(client == null ? NO_ADDRESS : client);
    counted.add(ctx.channel());
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    Object counted = ctx.channel().attr(COUNTED).getAndSet(null);
    if (counted != null) {
      open.decrementAndGet();
      if (counted instanceof InetAddress client) {
        release(client);
      }
    }
    super.channelInactive(ctx);
  }

  /**
   * Closes every connection open now and waits up to two seconds for them: a listener that stops
   * while its event loops go on serving others ({@link EventLoopShare}) must close its connections
   * itself.
   */
  public void closeAll() {
    counted.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
  }

  private void release(InetAddress client) {
    byClient.computeIfPresent(client, (k, v) -> v.decrementAndGet() <= 0 ? null : v);
  }

  /** Connections open now. */
  public int open() {
    return open.get();
  }

  /** Client addresses with a connection open now. */
  public int clients() {
    return byClient.size();
  }

  /** Connections refused because {@code max} were open. */
  public long refusedTotalCap() {
    return refusedTotal.sum();
  }

  /** Connections refused because their client had {@code perClient} open. */
  public long refusedClientCap() {
    return refusedClient.sum();
  }

  public int max() {
    return max;
  }

  public int perClient() {
    return perClient;
  }
}
