package dev.alm.dns;

import dev.alm.node.ListenerHealth;
import dev.alm.node.MessageDeadline;
import dev.alm.node.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The Netty side of the DNS server: UDP and TCP on one address and port, over epoll when available
 * (batched receive with recvmmsg, batched send) and NIO otherwise. Handlers only decode, call
 * {@link AnswerPipeline}, encode.
 */
final class DnsServer implements AutoCloseable {
  /**
   * The largest datagram read; a longer one is cut here and then fails to parse (FORMERR or drop).
   */
  static final int MAX_DATAGRAM = 4096;

  private static final int DATAGRAMS_PER_READ = 32;

  private final EventLoopGroup group;
  private final List<Channel> channels = new ArrayList<>();
  private final ListenerHealth health;
  private final boolean epoll;
  private final Transport transport;
  private final InetSocketAddress bound;

  DnsServer(
      DnsConfig config,
      AnswerPipeline pipeline,
      DnsMetrics metrics,
      int threads,
      ListenerHealth health)
      throws InterruptedException {
    this.transport = Transport.detect();
    this.epoll = transport.epoll();
    this.group = transport.group(threads, "alm-dns-io");
    this.health = health;
    UdpQueryHandler udp = new UdpQueryHandler(pipeline);
    try {
      Channel tcpChannel = tcp(config, pipeline, transport).bind(config.listen()).sync().channel();
      channels.add(tcpChannel);
      health.watch(tcpChannel);
      InetSocketAddress actual = (InetSocketAddress) tcpChannel.localAddress();
      this.bound = actual;
      int udpChannels = epoll ? threads : 1;
      for (int i = 0; i < udpChannels; i++) {
        channels.add(udp(udp, actual).bind(actual).sync().channel());
      }
    } catch (InterruptedException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * The TCP listener: accept and connection guards, the message deadline, the idle timeout, the
   * length-prefix framing, then the query handler.
   */
  private ServerBootstrap tcp(DnsConfig config, AnswerPipeline pipeline, Transport transport) {
    return health.guarding(
        new ServerBootstrap()
            .group(group)
            .channel(transport.serverChannel())
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true),
        config.tcpMessageDeadline(),
        config.tcpIdleTimeout(),
        p ->
            p.addLast(TcpQueryHandler.framing())
                .addLast(MessageDeadline.completion())
                .addLast(new TcpQueryHandler(pipeline)));
  }

  /**
   * One UDP socket on {@code actual}: with epoll, one per event loop sharing the port
   * (SO_REUSEPORT), each reading a batch of datagrams per wake-up.
   */
  private Bootstrap udp(UdpQueryHandler udp, InetSocketAddress actual) {
    Bootstrap b =
        new Bootstrap()
            .group(group)
            .handler(udp)
            .option(ChannelOption.SO_RCVBUF, 4 << 20)
            .option(ChannelOption.SO_SNDBUF, 4 << 20);
    return transport.datagram(b, actual.getAddress(), MAX_DATAGRAM, DATAGRAMS_PER_READ, 0, true);
  }

  /**
   * The address both transports are bound to (the configured port, or the one chosen for port 0).
   */
  InetSocketAddress address() {
    return bound;
  }

  /** Whether the epoll transport is in use. */
  boolean epoll() {
    return epoll;
  }

  /** The TCP listener's caps, deadline closes and liveness. */
  ListenerHealth health() {
    return health;
  }

  /** TCP connections open now. */
  int tcpConnections() {
    return health.guard().open();
  }

  @Override
  public void close() {
    for (Channel c : channels) {
      c.close().awaitUninterruptibly();
    }
    health.stop();
    transport.release(group, 2, true);
  }
}
