package dev.alm.drl.agent;

import dev.alm.ratelimit.keys.KeyShareSettings;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One PoP's DRL agent on the network: a thin Netty UDP adapter around an {@link AgentCore}. The
 * datagram channel's event loop owns the core: it runs the estimate-interval timer, decodes each
 * received datagram into the core, and membership events are queued onto it. Every interval it
 * reads each customer's measurement from the {@link LocalLimits}, and hands each customer's
 * enforcement back to them.
 *
 * <p>Peers' gossip addresses come from the {@link Membership} alone (the SWIM alias, or the static
 * list), never from the source address of a received datagram: a datagram's content counts when its
 * MAC, receiver id and sequence number pass, wherever it came from, but it never redirects this
 * agent's sending.
 */
public final class DrlAgent implements AutoCloseable {

  private final AgentCore core;
  private final LocalLimits limits;
  private final Membership membership;
  private final LongSupplier nanoClock;
  private final LongSupplier wallClock;
  private final KeySharing keys;
  private final InetSocketAddress[] addresses;
  private final Channel channel;
  private volatile GossipFilter filter = GossipFilter.ALL;
  private volatile LinkFaults faults = LinkFaults.NONE;
  private SplittableRandom faultDraws = new SplittableRandom(0);
  private volatile AgentStatus status;
  private ScheduledFuture<?> ticker;
  private ScheduledFuture<?> keyTicker;
  private long unsent;
  private volatile long keyErrors;

  private DrlAgent(
      AgentCore core,
      LocalLimits limits,
      Membership membership,
      LongSupplier nanoClock,
      LongSupplier wallClock,
      Channel channel) {
    this.core = core;
    this.limits = limits;
    this.membership = membership;
    this.nanoClock = nanoClock;
    this.wallClock = wallClock;
    AgentSettings k = core.settings();
    this.keys =
        new KeySharing(
            k.id(), k.limiters(), core.keys(), core.incarnation(), limits::keyedCustomers);
    this.channel = channel;
    this.addresses = new InetSocketAddress[core.settings().limiters()];
    AgentSettings s = core.settings();
    this.status =
        new AgentStatus(
            s.id(), s.limiters(), Mode.SAFE, 1, List.of(), core.counters(), 0, "starting");
  }

  /**
   * Binds the gossip socket on {@code bind}, joins {@code membership} and starts the interval
   * timer.
   *
   * @param group the event-loop group to run on (shared by many agents in one process)
   * @param wallClock epoch milliseconds, the clock per-key windows are read on
   */
  public static DrlAgent start(
      AgentCore core,
      InetSocketAddress bind,
      Membership membership,
      LocalLimits limits,
      EventLoopGroup group,
      LongSupplier nanoClock,
      LongSupplier wallClock)
      throws Exception {
    Handler handler = new Handler();
    Channel ch =
        new Bootstrap()
            .group(group)
            .channel(NioDatagramChannel.class)
            .handler(handler)
            .bind(bind)
            .sync()
            .channel();
    DrlAgent agent = new DrlAgent(core, limits, membership, nanoClock, wallClock, ch);
    handler.agent = agent;
    InetSocketAddress local = (InetSocketAddress) ch.localAddress();
    try {
      membership.start(
          core.settings().id(),
          local,
          (id, address, up) ->
              ch.eventLoop().execute(() -> agent.membershipChanged(id, address, up)));
    } catch (Exception e) {
      ch.close().sync();
      throw e;
    }
    long period = Math.round(core.settings().interval() * 1e9);
    agent.ticker =
        ch.eventLoop().scheduleAtFixedRate(agent::tick, period, period, TimeUnit.NANOSECONDS);
    long round = KeyShareSettings.DEFAULTS.roundMillis();
    agent.keyTicker =
        ch.eventLoop().scheduleAtFixedRate(agent::keyRound, round, round, TimeUnit.MILLISECONDS);
    return agent;
  }

  /** The bound gossip address. */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** The latest status (updated after every interval). */
  public AgentStatus status() {
    return status;
  }

  /**
   * Replaces the customers whose limits the agent shares (see {@link AgentCore#setCustomers}), on
   * the agent's thread, from the next interval on.
   */
  public void setCustomers(List<CustomerLimit> customers) {
    List<CustomerLimit> copy = List.copyOf(customers);
    channel.eventLoop().execute(() -> core.setCustomers(copy));
  }

  /** Replaces the fault-injection filter. */
  public void filter(GossipFilter f) {
    this.filter = f == null ? GossipFilter.ALL : f;
  }

  /** Replaces the injected loss and delay of this agent's sending (on the agent's thread). */
  public void faults(LinkFaults f) {
    LinkFaults next = f == null ? LinkFaults.NONE : f;
    channel
        .eventLoop()
        .execute(
            () -> {
              faults = next;
              faultDraws = new SplittableRandom(next.seed() * 1_000_003L + core.settings().id());
            });
  }

  private void membershipChanged(int id, InetSocketAddress address, boolean up) {
    if (id < 0 || id >= addresses.length || id == core.settings().id()) {
      return;
    }
    if (up) {
      addresses[id] = address;
    }
    core.onMembership(id, up);
    keys.membership(id, up);
  }

  private void received(DatagramPacket packet) {
    ByteBuf buf = packet.content();
    int len = buf.readableBytes();
    int claimed = len >= 8 ? buf.getInt(buf.readerIndex() + 4) : -1;
    if (!filter.pass(claimed, false)) {
      return;
    }
    byte[] data = new byte[len];
    buf.getBytes(buf.readerIndex(), data);
    // the source address is not looked at: a genuine datagram may arrive through NAT or be
    // replayed by whoever captured it, and neither may change where this agent sends
    if (KeyPacketCodec.isKeys(data, 0, len)) {
      keys.onDatagram(data, 0, len, wallClock.getAsLong());
    } else {
      core.onDatagram(data, 0, len, nanoClock.getAsLong());
    }
  }

  private void tick() {
    try {
      long now = nanoClock.getAsLong();
      Tick t = core.tick(now, (name, dt) -> limits.measure(name, now, dt));
      for (CustomerShare s : t.shares()) {
        limits.enforce(s);
      }
      boolean wrote = false;
      GossipFilter f = filter;
      for (Datagram d : t.datagrams()) {
        InetSocketAddress to = addresses[d.to()];
        if (to == null) {
          unsent++;
          continue;
        }
        if (!f.pass(d.to(), true)) {
          continue;
        }
        LinkFaults lf = faults;
        if (lf.loss() > 0 && faultDraws.nextDouble() < lf.loss()) {
          continue;
        }
        DatagramPacket packet = new DatagramPacket(Unpooled.wrappedBuffer(d.bytes()), to);
        if (lf.delay() > 0) {
          channel
              .eventLoop()
              .schedule(
                  () -> channel.writeAndFlush(packet),
                  Math.round(lf.delay() * 1e9),
                  TimeUnit.NANOSECONDS);
          continue;
        }
        channel.write(packet);
        wrote = true;
      }
      if (wrote) {
        channel.flush();
      }
      AgentSettings s = core.settings();
      status =
          new AgentStatus(
              s.id(),
              s.limiters(),
              t.mode(),
              t.hearing(),
              t.shares(),
              core.counters(),
              unsent,
              membership.describe());
    } catch (RuntimeException e) {
      // a failing LocalLimits must not stop the timer; the next interval tries again
      status =
          new AgentStatus(
              status.id(),
              status.limiters(),
              status.mode(),
              status.hearing(),
              status.customers(),
              status.counters(),
              unsent,
              "error: " + e);
    }
  }

  /** One round of per-key sharing: the reports and grants due, sent to their PoPs. */
  private void keyRound() {
    try {
      boolean wrote = false;
      GossipFilter f = filter;
      for (Datagram d : keys.round(wallClock.getAsLong())) {
        InetSocketAddress to = addresses[d.to()];
        if (to == null || !f.pass(d.to(), true)) {
          unsent++;
          continue;
        }
        channel.write(new DatagramPacket(Unpooled.wrappedBuffer(d.bytes()), to));
        wrote = true;
      }
      if (wrote) {
        channel.flush();
      }
    } catch (RuntimeException e) {
      // a failing table must not stop the rounds; the next one tries again
      keyErrors++;
    }
  }

  /**
   * The per-key sharing of this agent (its counters; read them from the agent's thread or after).
   */
  public KeySharing keySharing() {
    return keys;
  }

  /** The per-key sharing's counters, for /status. */
  public Map<String, Object> keyStatus() {
    Map<String, Object> m = new LinkedHashMap<>(keys.status());
    m.put("roundErrors", keyErrors);
    return m;
  }

  /**
   * Stops the timer and the socket and silences the membership member without leaving, as a crashed
   * process would; {@link #close} releases the rest.
   */
  public void crash() {
    if (ticker != null) {
      ticker.cancel(false);
    }
    if (keyTicker != null) {
      keyTicker.cancel(false);
    }
    membership.crash();
    channel.close().syncUninterruptibly();
  }

  /** Stops the timer, leaves the membership and closes the socket. */
  @Override
  public void close() {
    if (ticker != null) {
      ticker.cancel(false);
    }
    if (keyTicker != null) {
      keyTicker.cancel(false);
    }
    membership.close();
    channel.close().syncUninterruptibly();
  }

  private static final class Handler extends SimpleChannelInboundHandler<DatagramPacket> {
    volatile DrlAgent agent;

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket msg) {
      DrlAgent a = agent;
      if (a != null) {
        a.received(msg);
      }
    }
  }
}
