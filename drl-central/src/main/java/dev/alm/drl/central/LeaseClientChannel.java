package dev.alm.drl.central;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TokenLeaseClient}'s UDP socket on its own event-loop thread, connected to the token
 * server: requests out, each datagram in handed to the {@link Receiver}, timers on the same thread.
 */
final class LeaseClientChannel implements AutoCloseable {

  /** Where the datagrams from the server go, on the channel's event loop. */
  interface Receiver {
    /** A datagram of {@code len} bytes; {@code data} is reused for the next one. */
    void received(byte[] data, int len);

    /** A datagram longer than any grant, not read. */
    void oversize();
  }

  /** Where each datagram from the server goes, on the channel's event loop. */
  interface Datagrams {
    /** A datagram of {@code len} bytes; {@code data} is reused for the next one. */
    void received(byte[] data, int len);
  }

  /**
   * Opens the socket to {@code server}: its datagrams go to {@code in}, and one longer than any
   * answer is counted in {@code stats} as malformed.
   */
  static LeaseClientChannel open(InetSocketAddress server, Datagrams in, LeaseClientCounters stats)
      throws InterruptedException {
    return new LeaseClientChannel(
        server,
        new Receiver() {
          @Override
          public void received(byte[] data, int len) {
            in.received(data, len);
          }

          @Override
          public void oversize() {
            stats.refuse(LeaseRefusal.MALFORMED);
          }
        });
  }

  /** A random client id, never 0: the server tells one start of a client from another by it. */
  static long randomClientId() {
    long id = 0;
    SecureRandom r = new SecureRandom();
    while (id == 0) {
      id = r.nextLong();
    }
    return id;
  }

  private final InetSocketAddress server;
  private final EventLoopGroup group =
      new NioEventLoopGroup(1, (ThreadFactory) r -> TokenServer.daemon(r, "alm-lease-client"));
  private final Channel channel;

  /** Opens the socket to {@code server} on a new event-loop thread. */
  LeaseClientChannel(InetSocketAddress server, Receiver receiver) throws InterruptedException {
    this.server = server;
    try {
      InetSocketAddress bind =
          new InetSocketAddress(
              server.getAddress().isLoopbackAddress() ? server.getAddress() : null, 0);
      // connected to the server: the kernel picks the source address (the route's, never every
      // interface), and only the server's datagrams reach the socket
      channel =
          new Bootstrap()
              .group(group)
              .channel(NioDatagramChannel.class)
              .handler(reader(receiver))
              .connect(server, bind)
              .sync()
              .channel();
    } catch (InterruptedException | RuntimeException e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  /** Copies each datagram out and hands it on; one longer than any grant is not read. */
  private static SimpleChannelInboundHandler<DatagramPacket> reader(Receiver receiver) {
    byte[] buf = new byte[TokenServer.MAX_DATAGRAM];
    return new SimpleChannelInboundHandler<DatagramPacket>() {
      @Override
      protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
        ByteBuf in = packet.content();
        int len = in.readableBytes();
        if (len > buf.length) {
          receiver.oversize();
          return;
        }
        in.getBytes(in.readerIndex(), buf, 0, len);
        receiver.received(buf, len);
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // ICMP unreachable and the like: the request's timeout handles it.
      }
    };
  }

  /** Sends one request datagram to the server. */
  void send(byte[] datagram) {
    channel.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(datagram), server));
  }

  /** Runs {@code task} on the channel's event loop after {@code nanos}. */
  void schedule(Runnable task, long nanos) {
    channel.eventLoop().schedule(task, nanos, TimeUnit.NANOSECONDS);
  }

  /** The local address requests leave from. */
  InetSocketAddress localAddress() {
    return (InetSocketAddress) channel.localAddress();
  }

  @Override
  public void close() {
    channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
  }
}
