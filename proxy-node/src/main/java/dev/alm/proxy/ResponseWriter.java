package dev.alm.proxy;

import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.RateLimitFields;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.function.Consumer;

/**
 * Writes one connection's responses: the head fields every response gets ({@link #SERVED_BY},
 * keep-alive, the request's version, no body for HEAD), a paced customer's body through {@link
 * CustomerWrites#pace} while later responses wait, the bytes counted against the customer, and the
 * access-log line of each response once its last byte is written ({@link PendingAccess}). Used on
 * the connection's event loop only.
 */
final class ResponseWriter {

  /** The response header naming the PoP that served it: ground truth for catchment maps. */
  static final String SERVED_BY = "X-Alm-Pop";

  private final ProxyNode node;

  /** Called on the event loop when a paced body is done (written or abandoned). */
  private final Consumer<ChannelHandlerContext> afterPaced;

  /** Whether a paced body is still being written: later responses wait behind it. */
  private boolean pacing;

  /** The access-log lines of this connection's responses being written; made on first use. */
  private PendingAccess pendingAccess;

  private String clientText;

  ResponseWriter(ProxyNode node, Consumer<ChannelHandlerContext> afterPaced) {
    this.node = node;
    this.afterPaced = afterPaced;
  }

  /** Whether a paced body is being written. */
  boolean pacing() {
    return pacing;
  }

  /**
   * Answers {@code req} with the proxy's own response {@code r}: keep-alive as the request asks
   * unless {@code closing}, in the request's version.
   */
  ChannelFuture respond(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      boolean closing,
      long arrival,
      FullHttpResponse r,
      Served served) {
    HttpUtil.setKeepAlive(r, HttpUtil.isKeepAlive(req) && !closing);
    r.setProtocolVersion(req.protocolVersion());
    r.headers().set(SERVED_BY, node.config().pop());
    rateLimitFields(r, served);
    long bytes = r.content().readableBytes();
    if (req.method() == HttpMethod.HEAD && bytes > 0) {
      r.content().clear();
      bytes = 0;
    }
    return writeLogged(ctx, r, bytes, arrival, served);
  }

  /**
   * Relays the origin's response {@code r} (or the proxy's 502 or 504) to a request of {@code
   * version} that asked for {@code keepAlive}, then flushes.
   */
  void relay(
      ChannelHandlerContext ctx,
      FullHttpResponse r,
      HttpVersion version,
      boolean keepAlive,
      boolean head,
      long arrival,
      Served served) {
    if (head) {
      r.content().clear();
    }
    r.setProtocolVersion(version);
    HttpUtil.setKeepAlive(r, keepAlive);
    r.headers().set(SERVED_BY, node.config().pop());
    rateLimitFields(r, served);
    writeLogged(ctx, r, r.content().readableBytes(), arrival, served);
    ctx.flush();
  }

  /**
   * The {@code RateLimit-Policy} and {@code RateLimit} fields (docs/ratelimit/enforcement.md,
   * "RateLimit fields") of a limited customer's response, added after any the origin sent, when the
   * proxy's customers file has them on.
   */
  void rateLimitFields(FullHttpResponse r, Served served) {
    CustomerLimiter c = served.customer();
    if (c == null || !node.customers().settings().rateLimitHeaders()) {
      return;
    }
    if (c.policyField() != null) {
      r.headers().add(RateLimitFields.POLICY, c.policyField());
    }
    if (served.rateLimit() != null) {
      r.headers().add(RateLimitFields.LIMIT, served.rateLimit());
    }
  }

  private ChannelFuture writeLogged(
      ChannelHandlerContext ctx, FullHttpResponse r, long bytes, long arrival, Served s) {
    int status = r.status().code();
    ChannelFuture f = write(ctx, r, s.customer());
    if (node.logsAccess()) {
      pendingAccess(ctx).add(f, s.host(), s.loggedPath(), status, bytes, arrival, s.probe());
    }
    return f;
  }

  /**
   * Writes a response; a paced customer's body goes out through {@link PacedBody}, chunk by chunk
   * from the customer's byte bucket (a central one's through {@link CentralPacedBody}, chunk by
   * chunk from the central store), so that the client's TCP flow sees a rate, not a pause, and
   * later responses on the connection wait behind it. Counts the bytes against the customer.
   */
  private ChannelFuture write(ChannelHandlerContext ctx, FullHttpResponse r, CustomerLimiter c) {
    if (c == null) {
      return ctx.write(r);
    }
    int n = r.content().readableBytes();
    c.served(n, node.customers().source());
    if (!c.paced()) {
      return ctx.write(r);
    }
    DefaultHttpResponse head = new DefaultHttpResponse(r.protocolVersion(), r.status());
    head.headers().set(r.headers());
    ctx.write(head);
    ChannelPromise done = ctx.newPromise();
    pacing = true;
    c.state().flow(1);
    done.addListener(
        f -> {
          c.state().flow(-1);
          pacing = false;
          afterPaced.accept(ctx);
        });
    ByteBuf body = r.content().retain();
    r.release();
    CustomerWrites.pace(ctx, body, c, node, done);
    return done;
  }

  /** Logs the responses whose writes the last flush completed. */
  void collectAccess() {
    if (pendingAccess != null) {
      pendingAccess.collect();
    }
  }

  private PendingAccess pendingAccess(ChannelHandlerContext ctx) {
    if (pendingAccess == null) {
      pendingAccess =
          new PendingAccess(
              node.accessRing(), ctx.channel().eventLoop(), node.config().pop(), client(ctx));
    }
    return pendingAccess;
  }

  /** The client's address as text, worked out once per connection. */
  String client(ChannelHandlerContext ctx) {
    if (clientText == null) {
      SocketAddress a = ctx.channel().remoteAddress();
      clientText = a instanceof InetSocketAddress i ? i.getHostString() : String.valueOf(a);
    }
    return clientText;
  }
}
