package dev.alm.proxy;

import dev.alm.proxy.limit.RateBucket;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Writes one response body of a customer limited in bytes/s, paced to the PoP's share: chunk by
 * chunk, each taken from the customer's byte bucket ({@link RateBucket}, refilled at the share and
 * shared by all of the customer's connections at this PoP). When the bucket is empty the writer
 * waits, on the connection's event loop, for the time the bucket says; when the socket is not
 * writable it waits for it to drain. So every connection of the customer gets bytes at the pace the
 * share allows, in turns, and its TCP flow backs off as behind a router's limiter (paper 001
 * section 5.1). Nothing blocks; the body is released on every path.
 */
final class PacedBody implements Runnable {

  /** The largest chunk written at once. */
  static final int MAX_CHUNK = 16 * 1024;

  /** How long to wait for an unwritable socket before looking again. */
  static final long UNWRITABLE_RETRY_NANOS = 1_000_000;

  private final ChannelHandlerContext ctx;
  private final ByteBuf body;
  private final RateBucket bucket;
  private final ChannelPromise done;
  private final IntSupplier activeFlows;
  private final LongSupplier nanoClock;

  /** When this body may send its next chunk, on {@link #nanoClock}. */
  private long nextNanos = Long.MIN_VALUE;

  /**
   * @param body the body, owned from now on (released when written or abandoned)
   * @param done completed when the last chunk is written, failed if the connection closes first
   */
  PacedBody(
      ChannelHandlerContext ctx,
      ByteBuf body,
      RateBucket bucket,
      IntSupplier activeFlows,
      LongSupplier nanoClock,
      ChannelPromise done) {
    this.ctx = ctx;
    this.body = body;
    this.bucket = bucket;
    this.activeFlows = activeFlows;
    this.nanoClock = nanoClock;
    this.done = done;
  }

  @Override
  public void run() {
    while (true) {
      if (!ctx.channel().isActive()) {
        body.release();
        done.tryFailure(new ClosedChannelException());
        return;
      }
      if (!ctx.channel().isWritable()) {
        ctx.flush();
        ctx.executor().schedule(this, UNWRITABLE_RETRY_NANOS, TimeUnit.NANOSECONDS);
        return;
      }
      int left = body.readableBytes();
      int n = (int) Math.min(Math.min(MAX_CHUNK, left), bucket.capacity());
      long now = nanoClock.getAsLong();
      if (n > 0 && nextNanos != Long.MIN_VALUE && now < nextNanos) {
        ctx.flush();
        ctx.executor().schedule(this, nextNanos - now, TimeUnit.NANOSECONDS);
        return;
      }
      if (n > 0) {
        long wait = bucket.tryTake(n);
        if (wait > 0) {
          ctx.flush();
          ctx.executor().schedule(this, wait, TimeUnit.NANOSECONDS);
          return;
        }
        double perFlow = bucket.rate() / Math.max(1, activeFlows.getAsInt());
        if (perFlow > 0) {
          long base = nextNanos == Long.MIN_VALUE ? now : Math.max(now, nextNanos);
          nextNanos = base + (long) (n / perFlow * 1e9);
        }
      }
      if (n >= left) {
        writeLast(ctx, body, left, done);
        return;
      }
      ctx.write(new DefaultHttpContent(body.readRetainedSlice(n)));
    }
  }

  /**
   * Writes the last {@code n} bytes of {@code body} as the response's last content, gives back the
   * writer's reference to {@code body}, and completes {@code done} with the write: succeeded, or
   * failed with its cause.
   */
  static void writeLast(ChannelHandlerContext ctx, ByteBuf body, int n, ChannelPromise done) {
    ByteBuf last = body.readRetainedSlice(n);
    body.release();
    ctx.writeAndFlush(new DefaultLastHttpContent(last))
        .addListener(
            f -> {
              if (f.isSuccess()) {
                done.trySuccess();
              } else {
                done.tryFailure(f.cause());
              }
            });
  }
}
