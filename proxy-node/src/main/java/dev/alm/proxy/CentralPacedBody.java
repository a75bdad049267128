package dev.alm.proxy;

import dev.alm.proxy.limit.CentralLimiter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Writes one response body of a {@code central} customer limited in bytes/s: chunk by chunk, each
 * taken from the customer's one global byte bucket in the central store ({@link CentralLimiter},
 * article 002's storage-based throttling; paper 001's central token bucket, section 5.1). For each
 * chunk the writer asks the store for the chunk's bytes, asynchronously; it writes the chunk when
 * the store grants it and asks again after about the time the global rate takes to refill a chunk
 * when the store refuses (spread at random, so that no body keeps the phase of the refill). A stage
 * that fails or does not complete within the timeout is decided by the proxy's central failure
 * policy (fail-open: write; fail-closed: wait and ask again) and counted. Everything continues on
 * the connection's event loop; the body is released on every path.
 *
 * <p>Unlike {@link PacedBody} there is no per-body pace: a PoP cannot know how many bodies draw
 * from the global bucket elsewhere, so the store alone decides, and the flows share the limit as
 * the race for the bucket's tokens goes.
 */
final class CentralPacedBody implements Runnable {

  /** The shortest wait before asking again after a refusal. */
  static final long MIN_RETRY_NANOS = 1_000_000;

  /** The wait before asking again after the store failed or timed out (fail-closed). */
  static final long FAILURE_RETRY_NANOS = 50_000_000;

  /** How far a retry's wait is spread around its nominal value, as a fraction of it. */
  static final double JITTER = 0.5;

  /** What the proxy knows of the customer and its store. */
  record Store(
      CentralLimiter central,
      String customer,
      double bytesPerSecond,
      long capacity,
      boolean failOpen,
      long timeoutNanos,
      Runnable onFailure) {}

  private final ChannelHandlerContext ctx;
  private final ByteBuf body;
  private final Store store;
  private final ChannelPromise done;
  private final int chunk;
  private final long retryNanos;

  /** Whether this writer's reference to the body is given back (written slices hold their own). */
  private boolean released;

  /** The ask whose answer is awaited; answers to earlier asks (timed out) are ignored. */
  private long asking;

  /**
   * @param body the body, owned from now on (released when written or abandoned)
   * @param done completed when the last chunk is written, failed if the connection closes first
   */
  CentralPacedBody(ChannelHandlerContext ctx, ByteBuf body, Store store, ChannelPromise done) {
    this.ctx = ctx;
    this.body = body;
    this.store = store;
    this.done = done;
    this.chunk = chunkBytes(store.capacity());
    this.retryNanos = retryNanos(chunk, store.bytesPerSecond());
  }

  /** A chunk: at most {@link PacedBody#MAX_CHUNK} and at most the store's bucket (else never). */
  static int chunkBytes(long capacity) {
    return (int) Math.max(1, Math.min(PacedBody.MAX_CHUNK, capacity));
  }

  /** The time the global rate takes to refill one chunk, at least {@link #MIN_RETRY_NANOS}. */
  static long retryNanos(int chunk, double bytesPerSecond) {
    double s = bytesPerSecond > 0 ? chunk / bytesPerSecond : 1;
    return Math.max(MIN_RETRY_NANOS, (long) Math.min(1e9, s * 1e9));
  }

  /**
   * A wait spread uniformly over [{@code 1 - JITTER}, {@code 1 + JITTER}) of {@code nanos} by
   * {@code u} in [0, 1): without it, a body that asks again exactly one refill after being refused
   * lands just as the next chunk is in the bucket, every time, and the bodies in that phase take
   * the bucket from the others.
   */
  static long jittered(long nanos, double u) {
    return Math.max(1, Math.round(nanos * (1 - JITTER + 2 * JITTER * u)));
  }

  @Override
  public void run() {
    if (!ctx.channel().isActive()) {
      abandon();
      return;
    }
    if (!ctx.channel().isWritable()) {
      ctx.flush();
      ctx.executor().schedule(this, PacedBody.UNWRITABLE_RETRY_NANOS, TimeUnit.NANOSECONDS);
      return;
    }
    int n = Math.min(chunk, body.readableBytes());
    if (n == 0) {
      writeLast(0);
      return;
    }
    ask(n);
  }

  private void ask(int n) {
    long id = ++asking;
    CentralAsk.ask(
        ctx.executor(),
        store.central(),
        store.customer(),
        n,
        store.timeoutNanos(),
        v -> answered(id, n, v));
  }

  /**
   * @param answer the store's answer, or null when it failed or timed out
   */
  private void answered(long id, int n, Boolean answer) {
    if (id != asking) {
      return;
    }
    asking++;
    if (!ctx.channel().isActive()) {
      abandon();
      return;
    }
    boolean granted;
    long wait = retryNanos;
    if (answer == null) {
      store.onFailure().run();
      granted = store.failOpen();
      wait = Math.max(retryNanos, FAILURE_RETRY_NANOS);
    } else {
      granted = answer;
    }
    if (!granted) {
      ctx.executor()
          .schedule(
              this, jittered(wait, ThreadLocalRandom.current().nextDouble()), TimeUnit.NANOSECONDS);
      return;
    }
    if (n >= body.readableBytes()) {
      writeLast(n);
      return;
    }
    ctx.writeAndFlush(new DefaultHttpContent(body.readRetainedSlice(n)));
    // the next chunk as a new task: a store that answers at once must not grow the stack
    ctx.executor().execute(this);
  }

  private void writeLast(int n) {
    released = true;
    PacedBody.writeLast(ctx, body, n, done);
  }

  private void abandon() {
    if (!released) {
      released = true;
      body.release();
    }
    done.tryFailure(new ClosedChannelException());
  }
}
