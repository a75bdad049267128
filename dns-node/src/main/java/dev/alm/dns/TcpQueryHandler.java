package dev.alm.dns;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The TCP adapter: one frame (the 2-byte length prefix is removed before, and added after, by the
 * pipeline) is one query; several queries per connection are answered in order. A message that
 * cannot be parsed at all gets no answer, and the connection stays usable. An idle connection is
 * closed.
 */
final class TcpQueryHandler extends SimpleChannelInboundHandler<ByteBuf> {
  private final AnswerPipeline pipeline;

  TcpQueryHandler(AnswerPipeline pipeline) {
    this.pipeline = pipeline;
  }

  /**
   * The codecs that go ahead of this handler in a connection's pipeline: each message is preceded
   * by its 2-byte length (RFC 1035 section 4.2.2), removed from queries and added to responses.
   */
  static ChannelHandler[] framing() {
    return new ChannelHandler[] {
      new LengthFieldBasedFrameDecoder(65535 + 2, 0, 2, 0, 2), new LengthFieldPrepender(2)
    };
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
    if (!ctx.channel().isActive()) {
      return; // closed after an earlier message; frames already decoded are discarded
    }
    byte[] wire = ByteBufUtil.getBytes(frame);
    InetSocketAddress remote = (InetSocketAddress) ctx.channel().remoteAddress();
    byte[] out = pipeline.tcp(wire, remote.getAddress());
    if (out == null) {
      return; // nothing to answer; the length prefix keeps the stream in frame, so the connection
      // stays
    }
    ctx.write(ctx.alloc().buffer(out.length).writeBytes(out), ctx.voidPromise());
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!(cause instanceof IOException)) {
      pipeline.failed(cause); // a peer resetting or closing the connection is not a failure of ours
    }
    ctx.close();
  }
}
