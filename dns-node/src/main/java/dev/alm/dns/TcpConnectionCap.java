package dev.alm.dns;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Closes a new TCP connection at once when {@code max} are already open, so clients cannot exhaust
 * the server.
 */
@ChannelHandler.Sharable
final class TcpConnectionCap extends ChannelInboundHandlerAdapter {
  private final int max;
  private final DnsMetrics metrics;
  private final AtomicInteger open = new AtomicInteger();

  TcpConnectionCap(int max, DnsMetrics metrics) {
    this.max = max;
    this.metrics = metrics;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    if (open.incrementAndGet() > max) {
      metrics.tcpRefused();
      ctx.close();
      return;
    }
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    open.decrementAndGet();
    super.channelInactive(ctx);
  }

  /** TCP connections open now. */
  int open() {
    return Math.max(0, Math.min(open.get(), max));
  }
}
