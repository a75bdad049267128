package dev.alm.node;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Closes a connection once the {@link io.netty.handler.timeout.IdleStateHandler} before it reports
 * it idle; passes every other event on. Stateless: one instance serves every pipeline.
 */
@Sharable
final class IdleClose extends ChannelInboundHandlerAdapter {

  static final IdleClose INSTANCE = new IdleClose();

  private IdleClose() {}

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof IdleStateEvent) {
      ctx.close();
      return;
    }
    ctx.fireUserEventTriggered(evt);
  }
}
