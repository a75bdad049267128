import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollMode;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.InternetProtocolFamily;
import java.net.InetSocketAddress;

/**
 * The floor of a DNS server on Netty: the same socket set-up as alm dns (one event loop; under epoll
 * level-triggered, one recvmmsg of up to 32 datagrams per wake-up, one sendmmsg per batch; 4 MiB buffers), and per
 * datagram only what any answer needs: the header and question copied into a pooled buffer, the header flags set,
 * one A record appended (a compression pointer to the question name). No parsing, no checks, no log, no metrics;
 * it answers only well-formed single-question queries correctly, which is what dnsperf sends.
 *
 * <p>Run with the alm jar on the class path (it carries Netty 4.1 and its epoll transport):
 * {@code java -cp app/target/alm.jar bench/dns/NettyFloor.java 127.0.0.1 15307}. The io_uring transports need
 * their own jars on the class path; bench/dns/run.sh fetches them and starts the floor as servers {@code floor},
 * {@code floor42}, {@code uring} and {@code uring42}, so its CPU per query sits beside alm's and gdnsd's in one run.
 */
public final class NettyFloor {
  private static final byte[] ANSWER = { // name: pointer to offset 12; A IN; TTL 20; 4 bytes: 192.0.2.1
      (byte) 0xC0, 12, 0, 1, 0, 1, 0, 0, 0, 20, 0, 4, (byte) 192, 0, 2, 1};

  @ChannelHandler.Sharable
  static final class Answer extends SimpleChannelInboundHandler<DatagramPacket> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
      ByteBuf q = packet.content();
      int start = q.readerIndex();
      int end = start + 12; // the question's name, then type and class; whatever follows (EDNS) is left out
      while (end < q.writerIndex() && q.getByte(end) != 0) {
        end += 1 + (q.getByte(end) & 0x3F);
      }
      end += 5;
      if (end > q.writerIndex()) {
        return;
      }
      ByteBuf out = ctx.alloc().directBuffer(end - start + ANSWER.length);
      out.writeBytes(q, start, end - start);
      out.setByte(2, (q.getByte(start + 2) & 0x79) | 0x84); // QR, AA; keep opcode and RD
      out.setByte(3, 0);
      out.setShort(6, 1);
      out.setInt(8, 0); // no authority, no additional
      out.writeBytes(ANSWER);
      ctx.write(new DatagramPacket(out, packet.sender()), ctx.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2 || args.length > 4) {
      System.err.println("usage: NettyFloor ADDRESS PORT [epoll|io_uring|io_uring42 [DATAGRAMS_PER_READ]]");
      System.exit(2);
    }
    InetSocketAddress at = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
    String transport = args.length > 2 ? args[2] : "epoll";
    int batch = args.length > 3 ? Integer.parseInt(args[3]) : 32;
    Bootstrap b = new Bootstrap().handler(new Answer())
        .option(ChannelOption.SO_RCVBUF, 4 << 20)
        .option(ChannelOption.SO_SNDBUF, 4 << 20)
        .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(4096 * batch).maxMessagesPerRead(1));
    if (transport.equals("epoll")) {
      b.group(new EpollEventLoopGroup(1))
          .channelFactory(() -> new EpollDatagramChannel(InternetProtocolFamily.IPv4))
          .option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, 4096)
          .option(EpollChannelOption.EPOLL_MODE, EpollMode.LEVEL_TRIGGERED);
    } else if (transport.equals("io_uring")) {
      // Netty's io_uring transport for 4.1 (io.netty.incubator, not in alm's jar): put its classes and native
      // jars on the class path. Reflection keeps this file compiling without them.
      String pkg = "io.netty.incubator.channel.uring.";
      b.group((EventLoopGroup) Class.forName(pkg + "IOUringEventLoopGroup").getConstructor(int.class).newInstance(1))
          .channel(Class.forName(pkg + "IOUringDatagramChannel").asSubclass(Channel.class));
      @SuppressWarnings("unchecked")
      ChannelOption<Integer> size = (ChannelOption<Integer>) Class.forName(pkg + "IOUringChannelOption")
          .getField("MAX_DATAGRAM_PAYLOAD_SIZE").get(null);
      b.option(size, 4096);
    } else if (transport.equals("io_uring42")) {
      // Netty 4.2's io_uring transport: the class path is Netty 4.2 alone (bench/dns/netty42/pom.xml).
      String pkg = "io.netty.channel.uring.";
      Object factory = Class.forName(pkg + "IoUringIoHandler").getMethod("newFactory").invoke(null);
      Class<?> factoryType = Class.forName("io.netty.channel.IoHandlerFactory");
      b.group((EventLoopGroup) Class.forName("io.netty.channel.MultiThreadIoEventLoopGroup")
              .getConstructor(int.class, factoryType).newInstance(1, factory))
          .channel(Class.forName(pkg + "IoUringDatagramChannel").asSubclass(Channel.class));
      @SuppressWarnings("unchecked")
      ChannelOption<Integer> size = (ChannelOption<Integer>) Class.forName(pkg + "IoUringChannelOption")
          .getField("MAX_DATAGRAM_PAYLOAD_SIZE").get(null);
      b.option(size, 4096);
    } else {
      throw new IllegalArgumentException("transport: epoll, io_uring or io_uring42, not " + transport);
    }
    b.bind(at).sync().channel().closeFuture().sync();
  }
}
