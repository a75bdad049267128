package dev.alm.node;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps a listening socket accepting through accept errors (EMFILE "too many open files", ENFILE,
 * ENOBUFS): the error is counted, not logged (logging itself may need a file descriptor, and an
 * error thrown there would end the accept thread), and accepting pauses for {@code backoffMillis}
 * so the loop does not spin while the descriptors are gone, then resumes. Install it as the server
 * channel's handler ({@code ServerBootstrap.handler}), which puts it ahead of Netty's acceptor.
 */
@ChannelHandler.Sharable
public final class AcceptGuard extends ChannelInboundHandlerAdapter {

  /** Pause after an accept error, milliseconds. */
  public static final long DEFAULT_BACKOFF_MILLIS = 50;

  private final long backoffMillis;
  private final LongAdder errors = new LongAdder();

  public AcceptGuard() {
    this(DEFAULT_BACKOFF_MILLIS);
  }

  public AcceptGuard(long backoffMillis) {
    this.backoffMillis = backoffMillis;
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    errors.increment();
    if (ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(false);
      ctx.channel()
          .eventLoop()
          .schedule(
              () -> {
                if (ctx.channel().isOpen()) {
                  ctx.channel().config().setAutoRead(true);
                }
              },
              backoffMillis,
              TimeUnit.MILLISECONDS);
    }
  }

  /** Accept errors since start. */
  public long errors() {
    return errors.sum();
  }
}
