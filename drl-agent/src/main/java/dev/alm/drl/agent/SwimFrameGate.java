package dev.alm.drl.agent;

import dev.alm.drl.agent.SwimListenerStats.Refusal;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.util.ReferenceCountUtil;

/**
 * The last of the SWIM listener's own handlers, right after the frame decoder: passes on only the
 * frames {@link SignedSwimCodec#check} accepts, and ends every error of the connection here,
 * counted by {@link SwimListenerStats} (a refused frame by the codec, by reason). A connection that
 * sends one refused frame is closed: a member signs everything it sends, so whoever sent it is not
 * one.
 */
final class SwimFrameGate extends ChannelInboundHandlerAdapter {

  private final SignedSwimCodec codec;
  private final SwimListenerStats stats;

  SwimFrameGate(SignedSwimCodec codec, SwimListenerStats stats) {
    this.codec = codec;
    this.stats = stats;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof ByteBuf frame)) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (codec.check(ByteBufUtil.getBytes(frame)).isPresent()) {
      frame.release(); // counted by the codec, by reason
      ctx.close();
      return;
    }
    ctx.fireChannelRead(frame);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable c = cause;
    while (c.getCause() != null && !(c instanceof TooLongFrameException)) {
      c = c.getCause();
    }
    if (c instanceof TooLongFrameException) {
      stats.count(Refusal.OVERSIZED);
    } else if (c instanceof ReadTimeoutException) {
      stats.count(Refusal.IDLE);
    } else {
      stats.count(Refusal.BROKEN);
    }
    ctx.close();
  }
}
