package dev.alm.node;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A deadline for a whole message, not for each byte: the clock starts when the connection opens and
 * at the first byte of each later message, and stops when a handler further on has decoded all of
 * it ({@link #completion()}); a connection still without a complete message at the deadline is
 * closed and counted. Between messages only the idle timeout applies. An idle timer restarted by
 * every byte lets a client hold a connection forever with one byte a second; this does not.
 *
 * <p>Put one instance first in the pipeline (before the decoder, where raw bytes arrive) and the
 * shared {@link #completion()} right after the decoder.
 */
public final class MessageDeadline extends ChannelInboundHandlerAdapter {

  private static final Completion COMPLETION = new Completion();

  private final long deadlineNanos;
  private final Runnable onExpired;
  private ScheduledFuture<?> timer;

  /**
   * @param deadline how long a message may take from its first byte to its last
   * @param onExpired called (on the event loop) for each connection closed at the deadline
   */
  public MessageDeadline(Duration deadline, Runnable onExpired) {
    if (deadline == null || deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("a message deadline must be > 0");
    }
    this.deadlineNanos = deadline.toNanos();
    this.onExpired = onExpired;
  }

  /** The handler that marks a message complete; goes right after the decoder. */
  public static ChannelHandler completion() {
    return COMPLETION;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    arm(ctx); // the first message is due within the deadline of the connection
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    arm(ctx);
    ctx.fireChannelRead(msg);
  }

  private void arm(ChannelHandlerContext ctx) {
    if (timer == null) {
      timer =
          ctx.executor()
              .schedule(
                  () -> {
                    timer = null;
                    if (ctx.channel().isActive()) {
                      onExpired.run();
                      ctx.close();
                    }
                  },
                  deadlineNanos,
                  TimeUnit.NANOSECONDS);
    }
  }

  private void complete() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    complete();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    complete();
  }

  /** Stops the clock of {@code ch}'s deadline, if it has one. */
  static void completed(Channel ch) {
    MessageDeadline d = ch.pipeline().get(MessageDeadline.class);
    if (d != null) {
      d.complete();
    }
  }

  @ChannelHandler.Sharable
  private static final class Completion extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      completed(ctx.channel());
      ctx.fireChannelRead(msg);
    }
  }
}
