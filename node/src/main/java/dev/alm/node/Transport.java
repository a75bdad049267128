package dev.alm.node;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
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
}
