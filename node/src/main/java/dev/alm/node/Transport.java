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

  /** An event-loop group of this transport; 0 threads for Netty's default. */
  public EventLoopGroup group(int threads, String threadName) {
    DefaultThreadFactory f = new DefaultThreadFactory(threadName, true);
    return epoll() ? new EpollEventLoopGroup(threads, f) : new NioEventLoopGroup(threads, f);
  }
}
