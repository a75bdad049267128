package dev.alm.dns;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;

/**
 * The UDP adapter: copies a datagram out, calls the shared {@link QueryAnswerer}, applies
 * response-rate limiting, and writes the response; flushes once per read batch so the epoll
 * transport can send many with one syscall. The received buffer is released by {@link
 * SimpleChannelInboundHandler} on every path.
 */
@ChannelHandler.Sharable
final class UdpQueryHandler extends SimpleChannelInboundHandler<DatagramPacket> {
  private final AnswerPipeline pipeline;

  UdpQueryHandler(AnswerPipeline pipeline) {
    this.pipeline = pipeline;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
    InetSocketAddress sender = packet.sender();
    byte[] wire = ByteBufUtil.getBytes(packet.content());
    byte[] out = pipeline.udp(wire, sender.getAddress());
    if (out != null) {
      ByteBuf buf = ctx.alloc().directBuffer(out.length);
      buf.writeBytes(out);
      ctx.write(new DatagramPacket(buf, sender), ctx.voidPromise());
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    pipeline.failed(cause);
  }
}
