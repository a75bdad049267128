package dev.alm.proxy;

import dev.alm.node.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.AbstractChannelPoolMap;
import io.netty.channel.pool.ChannelPoolMap;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The proxy's HTTP/1.1 client to its origin: one {@link FixedChannelPool} of keep-alive connections
 * per event loop, so that a request and its origin connection share a thread and nothing hops
 * between threads. A reply arrives on the requesting event loop, exactly once: the origin's
 * response, or an error status (502 when the origin cannot be reached or fails, 504 on timeout).
 */
public final class OriginClient {

  /** An origin reply: a response (the receiver owns and must release it), or an error status. */
  public record Reply(FullHttpResponse response, HttpResponseStatus error) {}

  private static final AttributeKey<Exchange> EXCHANGE =
      AttributeKey.valueOf("alm.origin.exchange");
  private static final int MAX_RESPONSE_BYTES = 64 << 20;

  private final ChannelPoolMap<EventLoop, FixedChannelPool> pools;
  private final long timeoutNanos;

  /** One request in flight on one origin connection. */
  private static final class Exchange {
    final Consumer<Reply> done;
    final FixedChannelPool pool;
    ScheduledFuture<?> timeout;
    boolean finished;

    Exchange(Consumer<Reply> done, FixedChannelPool pool) {
      this.done = done;
      this.pool = pool;
    }

    void finish(Channel ch, Reply reply, boolean reusable) {
      if (finished) {
        if (reply.response() != null) {
          reply.response().release();
        }
        return;
      }
      finished = true;
      if (timeout != null) {
        timeout.cancel(false);
      }
      ch.attr(EXCHANGE).set(null);
      if (!reusable) {
        ch.close();
      }
      pool.release(ch);
      done.accept(reply);
    }
  }

  private final Set<String> trustedHops;

  public OriginClient(EventLoopGroup group, Transport transport, ContentConfig content) {
    this.timeoutNanos = content.originTimeout().toNanos();
    this.trustedHops = content.trustedHops();
    Bootstrap base =
        new Bootstrap()
            .channel(transport.clientChannel())
            .remoteAddress(content.origin().socketAddress())
            .option(ChannelOption.TCP_NODELAY, true)
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.min(Integer.MAX_VALUE, content.originTimeout().toMillis()));
    int perLoop = content.originConnections();
    this.pools =
        new AbstractChannelPoolMap<>() {
          @Override
          protected FixedChannelPool newPool(EventLoop loop) {
            return new FixedChannelPool(
                base.clone(loop),
                new AbstractChannelPoolHandler() {
                  @Override
                  public void channelCreated(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            new HttpClientCodec(),
                            new HttpObjectAggregator(MAX_RESPONSE_BYTES),
                            new ResponseHandler());
                  }
                },
                perLoop,
                Integer.MAX_VALUE);
          }
        };
  }

  /**
   * Sends {@code request} to the origin from {@code loop}; {@code done} is called on {@code loop}.
   * Takes ownership of {@code request} (releases it).
   */
  public void forward(
      EventLoop loop, FullHttpRequest request, String clientAddress, Consumer<Reply> done) {
    FixedChannelPool pool = pools.get(loop);
    FullHttpRequest out =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            request.method(),
            request.uri(),
            request.content().retain(),
            request.headers().copy(),
            request.trailingHeaders().copy());
    request.release();
    HopByHop.strip(out.headers());
    HttpUtil.setContentLength(out, out.content().readableBytes());
    ForwardedFor.apply(out.headers(), clientAddress, trustedHops);
    pool.acquire()
        .addListener(
            (Future<Channel> f) -> {
              if (!f.isSuccess()) {
                out.release();
                done.accept(new Reply(null, HttpResponseStatus.BAD_GATEWAY));
                return;
              }
              Channel ch = f.getNow();
              Exchange ex = new Exchange(done, pool);
              ch.attr(EXCHANGE).set(ex);
              ex.timeout =
                  ch.eventLoop()
                      .schedule(
                          () ->
                              ex.finish(
                                  ch, new Reply(null, HttpResponseStatus.GATEWAY_TIMEOUT), false),
                          timeoutNanos,
                          TimeUnit.NANOSECONDS);
              ch.writeAndFlush(out)
                  .addListener(
                      w -> {
                        if (!w.isSuccess()) {
                          ex.finish(ch, new Reply(null, HttpResponseStatus.BAD_GATEWAY), false);
                        }
                      });
            });
  }

  /**
   * Hands the origin's response to the exchange in flight; a connection that fails ends it with
   * 502.
   */
  private static final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
    ResponseHandler() {
      super(false);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse msg) {
      Exchange ex = ctx.channel().attr(EXCHANGE).get();
      if (ex == null) {
        msg.release();
        ctx.close();
        return;
      }
      boolean reusable = HttpUtil.isKeepAlive(msg) && msg.decoderResult().isSuccess();
      if (!msg.decoderResult().isSuccess()) {
        msg.release();
        ex.finish(ctx.channel(), new Reply(null, HttpResponseStatus.BAD_GATEWAY), false);
        return;
      }
      HopByHop.strip(msg.headers());
      HttpUtil.setContentLength(msg, msg.content().readableBytes());
      ex.finish(ctx.channel(), new Reply(msg, null), reusable);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      Exchange ex = ctx.channel().attr(EXCHANGE).get();
      if (ex != null) {
        ex.finish(ctx.channel(), new Reply(null, HttpResponseStatus.BAD_GATEWAY), false);
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      Exchange ex = ctx.channel().attr(EXCHANGE).get();
      if (ex != null) {
        ex.finish(ctx.channel(), new Reply(null, HttpResponseStatus.BAD_GATEWAY), false);
      } else {
        ctx.close();
      }
    }
  }

  /** Closes the pools (their connections). */
  public void close() {
    if (pools instanceof AbstractChannelPoolMap<?, ?> m) {
      m.close();
    }
  }
}
