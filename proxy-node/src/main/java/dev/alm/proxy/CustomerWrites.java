package dev.alm.proxy;

import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.ShareSource;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.traffic.GlobalTrafficShapingHandler;
import java.nio.charset.StandardCharsets;

/**
 * The responses of customers with limits (docs/ratelimit.md, "Enforcement in the proxy"): 429 with
 * {@code Retry-After} (RFC 6585 section 4) over the limit, and a paced customer's responses written
 * through its traffic shaper in chunks.
 */
final class CustomerWrites {

  private static final byte[] OVER_LIMIT_BODY =
      "over the customer's rate limit, retry later\n".getBytes(StandardCharsets.US_ASCII);

  /** The pipeline name of a paced customer's shaper on a connection. */
  static final String SHAPER = "alm-customer-shaper";

  /** The size of the chunks a paced response is written in, bytes. */
  static final int PACED_CHUNK = 16 * 1024;

  private CustomerWrites() {}

  /** 429 Too Many Requests, retry after {@code retryAfterSeconds}, not to be cached. */
  static FullHttpResponse overLimit(long retryAfterSeconds) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.TOO_MANY_REQUESTS,
            Unpooled.wrappedBuffer(OVER_LIMIT_BODY));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    r.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
    HttpUtil.setContentLength(r, OVER_LIMIT_BODY.length);
    return r;
  }

  /**
   * Writes a response of customer {@code c} and counts its bytes; a paced customer's goes through
   * its shaper (added to this connection's pipeline) in chunks of {@link #PACED_CHUNK} bytes, so
   * that the shaper spreads it over time and the client's TCP flow sees a rate, not a pause.
   */
  static ChannelFuture write(
      ChannelHandlerContext ctx, FullHttpResponse r, CustomerLimiter c, ShareSource source) {
    int n = r.content().readableBytes();
    c.served(n, source);
    if (!c.paced()) {
      return ctx.write(r);
    }
    GlobalTrafficShapingHandler shaper = c.state().shaper(ctx.channel().eventLoop());
    ChannelPipeline p = ctx.pipeline();
    ChannelHandler now = p.get(SHAPER);
    if (now == null) {
      p.addFirst(SHAPER, shaper);
    } else if (now != shaper) {
      p.replace(SHAPER, SHAPER, shaper);
    }
    DefaultHttpResponse head = new DefaultHttpResponse(r.protocolVersion(), r.status());
    head.headers().set(r.headers());
    ctx.write(head);
    ByteBuf body = r.content();
    try {
      while (body.readableBytes() > PACED_CHUNK) {
        ctx.write(new DefaultHttpContent(body.readRetainedSlice(PACED_CHUNK)));
      }
      return ctx.write(new DefaultLastHttpContent(body.readRetainedSlice(body.readableBytes())));
    } finally {
      r.release();
    }
  }
}
