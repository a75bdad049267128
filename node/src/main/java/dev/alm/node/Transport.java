package dev.alm.node;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollMode;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.InternetProtocolFamily;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.concurrent.TimeUnit;

/**
 * Netty's native epoll transport where it loads (Linux x86-64), NIO otherwise: the one place a
 * daemon (DNS node, proxy) chooses its transport.
 *
 * @param name "epoll" or "nio"
 */
public record Transport(
    String name,
    Class<? extends ServerSocketChannel> serverChannel,
    Class<? extends SocketChannel> clientChannel) {

  /** The best transport on this machine. */
  public static Transport detect() {
    if (Epoll.isAvailable()) {
      return new Transport("epoll", EpollServerSocketChannel.class, EpollSocketChannel.class);
    }
    return new Transport("nio", NioServerSocketChannel.class, NioSocketChannel.class);
  }

  /** Whether this is the native epoll transport (its datagram channel batches with recvmmsg). */
  public boolean epoll() {
    return "epoll".equals(name);
  }

  /**
   * An event-loop group of this transport; 0 threads for Netty's default. While an {@link
   * EventLoopShare} is open, the share's group of that name (its threads, not {@code threads}).
   */
  public EventLoopGroup group(int threads, String threadName) {
    EventLoopShare share = EventLoopShare.current();
    if (share != null) {
      return share.group(threadName, n -> newGroup(n, threadName + "-shared"));
    }
    return newGroup(threads, threadName);
  }

  private EventLoopGroup newGroup(int threads, String threadName) {
    DefaultThreadFactory f = new DefaultThreadFactory(threadName, true);
    return epoll() ? new EpollEventLoopGroup(threads, f) : new NioEventLoopGroup(threads, f);
  }

  /**
   * Shuts {@code group} down (waiting up to {@code timeoutSeconds} when {@code await}), unless it
   * belongs to an open {@link EventLoopShare}, which keeps it running for the other daemons.
   */
  public void release(EventLoopGroup group, long timeoutSeconds, boolean await) {
    EventLoopShare share = EventLoopShare.current();
    if (share != null && share.owns(group)) {
      return;
    }
    var done = group.shutdownGracefully(0, timeoutSeconds, TimeUnit.SECONDS);
    if (await) {
      done.syncUninterruptibly();
    }
  }

  /**
   * A UDP server socket of this transport on {@code b}. Under epoll: a socket of the address's own
   * family (an IPv4 socket for an IPv4 address: the kernel's IPv4 path, not IPv6 with mapped
   * addresses), level-triggered, reading up to {@code batch} datagrams of at most {@code
   * maxDatagram} bytes with one recvmmsg per wake-up: the loop reads one batch, answers it, and
   * goes back to epoll_wait, which returns at once while datagrams are queued (edge-triggered,
   * Netty would read until a recvmmsg fails with EAGAIN, a wasted call per wake-up); so a flood
   * costs the loop a system call per batch, not per datagram. With {@code reusePort}, several
   * sockets (one per event loop) may share the port. Under NIO, one datagram per read, {@code
   * nioReads} reads per wake-up (0: Netty's default).
   */
  public Bootstrap datagram(
      Bootstrap b,
      InetAddress address,
      int maxDatagram,
      int batch,
      int nioReads,
      boolean reusePort) {
    if (epoll()) {
      InternetProtocolFamily family =
          address instanceof Inet4Address
              ? InternetProtocolFamily.IPv4
              : InternetProtocolFamily.IPv6;
      b.channelFactory(() -> new EpollDatagramChannel(family));
      if (reusePort) {
        b.option(EpollChannelOption.SO_REUSEPORT, true);
      }
      return b.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, maxDatagram)
          .option(EpollChannelOption.EPOLL_MODE, EpollMode.LEVEL_TRIGGERED)
          .option(
              ChannelOption.RCVBUF_ALLOCATOR,
              new FixedRecvByteBufAllocator(maxDatagram * batch).maxMessagesPerRead(1));
    }
    FixedRecvByteBufAllocator reads = new FixedRecvByteBufAllocator(maxDatagram);
    if (nioReads > 0) {
      reads.maxMessagesPerRead(nioReads);
    }
    return b.channel(NioDatagramChannel.class).option(ChannelOption.RCVBUF_ALLOCATOR, reads);
  }
}
