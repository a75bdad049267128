package dev.alm.drl.central;

import dev.alm.io.Clocks;
import dev.alm.node.Transport;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The token server on the network (article 002 section 4.2, Sentinel's TokenServer): a thin Netty
 * UDP adapter around a {@link TokenServerCore}. The datagram channel's one event loop owns the
 * core: it decodes each request into the core and sends the signed grant back to the sender's
 * address.
 *
 * <p>UDP rather than TCP: a lease request and its grant are one datagram each, so there is no
 * connection state to keep per PoP, no head-of-line blocking behind a lost segment, and a lost
 * datagram costs one timeout at the client (which then follows its failure policy) rather than a
 * stalled stream; forged datagrams are refused by their MAC before any state is touched, and a
 * grant is no larger than its request, so the server cannot be used to amplify.
 *
 * <p>Under a flood the kernel drops what the socket cannot hold, real asks with the junk, so a
 * refusal must cost less than sending it: with epoll the loop reads up to {@value
 * #DATAGRAMS_PER_READ} datagrams per recvmmsg into a {@value #RECEIVE_BUFFER}-byte socket buffer,
 * and the core drops a source over its refusal budget ({@link SourceBudget}) before the MAC,
 * allocating nothing, counting it, logging nothing.
 */
public final class TokenServer implements AutoCloseable {

  /** Largest datagram read; anything longer is malformed. */
  static final int MAX_DATAGRAM = 256;

  /** Datagrams read per system call with epoll (recvmmsg). */
  static final int DATAGRAMS_PER_READ = 32;

  /** Socket receive buffer asked for (the kernel caps it at net.core.rmem_max). */
  static final int RECEIVE_BUFFER = 4 << 20;

  private final TokenServerCore core;
  private final EventLoopGroup ownGroup;
  private final Channel channel;

  private TokenServer(TokenServerCore core, InetSocketAddress bind, Clocks clocks)
      throws InterruptedException {
    this.core = core;
    Transport transport = Transport.detect();
    ownGroup = transport.group(1, "alm-token-server");
    try {
      channel = bootstrap(transport, bind, new Handler(core, clocks)).bind(bind).sync().channel();
    } catch (InterruptedException | RuntimeException e) {
      ownGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  /**
   * Binds {@code bind} and serves {@code core} on its own event-loop thread.
   *
   * @param clocks the monotonic and the wall clock
   */
  public static TokenServer start(TokenServerCore core, InetSocketAddress bind, Clocks clocks)
      throws InterruptedException {
    return new TokenServer(core, bind, clocks);
  }

  /** The UDP socket's options: a large receive buffer, and batched reads under epoll. */
  private Bootstrap bootstrap(Transport transport, InetSocketAddress bind, Handler h) {
    Bootstrap b =
        new Bootstrap()
            .group(ownGroup)
            .handler(h)
            // Room for a burst: under a flood the kernel drops what does not fit, real asks too.
            .option(ChannelOption.SO_RCVBUF, RECEIVE_BUFFER);
    return transport.datagram(b, bind.getAddress(), MAX_DATAGRAM, DATAGRAMS_PER_READ, 64, false);
  }

  /** Starts on the system clocks. */
  public static TokenServer start(TokenServerCore core, InetSocketAddress bind)
      throws InterruptedException {
    return start(core, bind, Clocks.SYSTEM);
  }

  /** The address the server listens on (the real port when bound to port 0). */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** The core, for its counters (read from any thread). */
  public TokenServerCore core() {
    return core;
  }

  /** Replaces the customers' limits, on the server's event loop. */
  public void setLimits(List<CentralLimit> limits) {
    channel.eventLoop().execute(() -> core.setLimits(limits, System.nanoTime()));
  }

  /**
   * Tokens left in a customer's bucket now (-1 unknown), read on the event loop; for tests and
   * status.
   */
  public long available(String customer) throws Exception {
    return channel
        .eventLoop()
        .submit(() -> core.available(customer, System.nanoTime()))
        .get(5, TimeUnit.SECONDS);
  }

  /** Replaces the customers' per-key limits, on the server's event loop. */
  public void setKeyLimits(List<CentralKeyLimit> limits) {
    channel.eventLoop().execute(() -> core.setKeyLimits(limits));
  }

  /**
   * Registers {@code alm_token_server_requests_total}, {@code _tokens_granted_total}, {@code
   * _empty_grants_total}, {@code _unknown_customer_total}, {@code _refused_total{reason=...}}; and
   * for key requests {@code _key_requests_total}, {@code _key_admitted_total}, {@code
   * _key_refused_total}, {@code _key_uncounted_total}, {@code _key_unknown_customer_total}, {@code
   * _key_dropped_total} and the gauges {@code _key_held} and {@code _key_held_max}.
   */
  public void bindTo(MeterRegistry registry) {
    String p = "alm_token_server";
    FunctionCounter.builder(p + "_requests", core, TokenServerCore::requests).register(registry);
    FunctionCounter.builder(p + "_tokens_granted", core, TokenServerCore::granted)
        .register(registry);
    FunctionCounter.builder(p + "_empty_grants", core, TokenServerCore::emptyGrants)
        .register(registry);
    FunctionCounter.builder(p + "_unknown_customer", core, TokenServerCore::unknownCustomers)
        .register(registry);
    bindKeys(registry, p + "_key");
    for (LeaseRefusal r : LeaseRefusal.values()) {
      FunctionCounter.builder(p + "_refused", core, c -> c.refused(r))
          .tag("reason", r.name().toLowerCase(Locale.ROOT))
          .register(registry);
    }
  }

  private void bindKeys(MeterRegistry registry, String p) {
    KeyWindowCounts k = core.keyCounts();
    FunctionCounter.builder(p + "_requests", core, TokenServerCore::keyRequests).register(registry);
    FunctionCounter.builder(p + "_admitted", k, KeyWindowCounts::admitted).register(registry);
    FunctionCounter.builder(p + "_refused", k, KeyWindowCounts::refused).register(registry);
    FunctionCounter.builder(p + "_uncounted", k, KeyWindowCounts::uncounted).register(registry);
    FunctionCounter.builder(p + "_unknown_customer", k, KeyWindowCounts::unknownCustomers)
        .register(registry);
    FunctionCounter.builder(p + "_dropped", k, KeyWindowCounts::dropped).register(registry);
    Gauge.builder(p + "_held", k, KeyWindowCounts::held).register(registry);
    Gauge.builder(p + "_held_max", k, KeyWindowCounts::maxHeld).register(registry);
  }

  @Override
  public void close() {
    channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    ownGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
  }

  static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private static final class Handler extends SimpleChannelInboundHandler<DatagramPacket> {
    private final TokenServerCore core;
    private final Clocks clocks;
    private final byte[] buf = new byte[MAX_DATAGRAM];
    private boolean pending;

    Handler(TokenServerCore core, Clocks clocks) {
      this.core = core;
      this.clocks = clocks;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
      ByteBuf in = packet.content();
      int len = in.readableBytes();
      long now = clocks.nanos();
      if (len > MAX_DATAGRAM) {
        core.handle(buf, 0, 0, now, 0); // counted malformed
        return;
      }
      in.getBytes(in.readerIndex(), buf, 0, len);
      long source = SourceBudget.key(packet.sender().getAddress());
      TokenServerCore.Outcome o = core.handle(buf, 0, len, source, now, clocks.millis());
      if (o instanceof TokenServerCore.Reply a) {
        ctx.write(new DatagramPacket(Unpooled.wrappedBuffer(a.datagram()), packet.sender()));
        pending = true;
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      if (pending) {
        pending = false;
        ctx.flush(); // the grants of one read batch in one go (sendmmsg with epoll)
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // A read error on a datagram socket (e.g. ICMP): nothing to do, keep serving.
    }
  }
}
