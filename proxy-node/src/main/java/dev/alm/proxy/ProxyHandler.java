package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * The per-connection HTTP handler of the proxy: classifies each request (FastControl probe or
 * ordinary), asks {@link ProxyNode} to count and admit it, and writes the answer: 204 for a probe
 * (never shed), 503 with {@code Retry-After} for a shed request, else the content (generated, or
 * from the origin).
 *
 * <p>Responses leave in request order, as HTTP/1.1 pipelining requires: while an origin request is
 * in flight, later requests wait in a queue (and the connection stops being read when {@link
 * HttpLimits#maxPipelined()} wait). Every request buffer is released on every path, including when
 * the connection closes with requests queued.
 */
final class ProxyHandler extends ChannelInboundHandlerAdapter {

  /** The response header naming the PoP that served it: ground truth for catchment maps. */
  static final String SERVED_BY = "X-Alm-Pop";

  private static final byte[] SHED_BODY =
      "overloaded, retry later\n".getBytes(StandardCharsets.US_ASCII);

  private record Pending(FullHttpRequest request, long arrivalNanos) {}

  private final ProxyNode node;
  private final GeneratedContent generated;
  private final OriginClient origin;
  private final int maxPipelined;
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private boolean busy;
  private boolean closed;

  /** The access-log lines of this connection's responses being written; made on first use. */
  private PendingAccess pendingAccess;

  /**
   * The last Host header seen on this connection and its {@link #host} form (requests on one
   * usually share it).
   */
  private String lastRawHost;

  private String lastHost = "";
  private String clientText;

  ProxyHandler(ProxyNode node, GeneratedContent generated, OriginClient origin) {
    this.node = node;
    this.generated = generated;
    this.origin = origin;
    this.maxPipelined = node.config().limits().maxPipelined();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest req)) {
      ReferenceCountUtil.release(msg);
      return;
    }
    long arrival = node.nanoTime();
    if (busy || closed) {
      if (closed) {
        req.release();
        return;
      }
      queue.add(new Pending(req, arrival));
      if (queue.size() >= maxPipelined) {
        ctx.channel().config().setAutoRead(false);
      }
      return;
    }
    handle(ctx, req, arrival);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
    collectAccess();
    ctx.fireChannelReadComplete();
  }

  private void handle(ChannelHandlerContext ctx, FullHttpRequest req, long arrival) {
    boolean handedOff = false;
    try {
      if (!req.decoderResult().isSuccess()) {
        node.recordBadRequest();
        Throwable cause = req.decoderResult().cause();
        HttpResponseStatus status =
            cause instanceof TooLongHttpLineException
                ? HttpResponseStatus.REQUEST_URI_TOO_LONG
                : cause instanceof TooLongHttpHeaderException
                    ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                    : cause instanceof TooLongFrameException
                        ? HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE
                        : HttpResponseStatus.BAD_REQUEST;
        closed = true;
        respond(
                ctx,
                req,
                arrival,
                text(status, status.reasonPhrase() + "\n"),
                host(req),
                req.uri(),
                null)
            .addListener(ChannelFutureListener.CLOSE);
        return;
      }
      HttpResponseStatus refused = RequestScreen.refusal(req);
      if (refused != null) {
        node.recordBadRequest();
        closed = true;
        FullHttpResponse r = text(refused, refused.reasonPhrase() + "\n");
        r.setProtocolVersion(HttpVersion.HTTP_1_1);
        HttpUtil.setKeepAlive(r, false);
        ctx.write(r).addListener(ChannelFutureListener.CLOSE);
        return;
      }
      String host = cachedHost(req);
      String path = req.uri();
      ProbeTarget target = node.probeOf(host, path);
      if (target != null) {
        // answered alike whether counted or refused (docs/fastcontrol.md)
        ProbeName probe =
            node.admitProbe(target, arrival, client(ctx)) == ProbeVerdict.COUNTED
                ? target.name()
                : null;
        FullHttpResponse r =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT, Unpooled.EMPTY_BUFFER);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        respond(ctx, req, arrival, r, host, path, probe);
        return;
      }
      node.recordRequest(arrival);
      Admission a = node.admit();
      if (!a.admitted()) {
        FullHttpResponse r =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.SERVICE_UNAVAILABLE,
                Unpooled.wrappedBuffer(SHED_BODY));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
        r.headers().set(HttpHeaderNames.RETRY_AFTER, a.retryAfterSeconds());
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        HttpUtil.setContentLength(r, SHED_BODY.length);
        respond(ctx, req, arrival, r, host, path, null);
        return;
      }
      if (origin == null) {
        int n = generated.size(path);
        if (n < 0) {
          respond(
              ctx,
              req,
              arrival,
              text(
                  HttpResponseStatus.NOT_FOUND,
                  "no such size (/bytes/N, N <= " + generated.maxBytes() + ")\n"),
              host,
              path,
              null);
          return;
        }
        ByteBuf body = req.method() == HttpMethod.HEAD ? Unpooled.EMPTY_BUFFER : generated.body(n);
        FullHttpResponse r =
            new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM);
        HttpUtil.setContentLength(r, n);
        respond(ctx, req, arrival, r, host, path, null);
        return;
      }
      busy = true;
      handedOff = true;
      String logHost = host;
      boolean head = req.method() == HttpMethod.HEAD;
      HttpVersion version = req.protocolVersion();
      boolean keepAlive = HttpUtil.isKeepAlive(req);
      origin.forward(
          ctx.channel().eventLoop(),
          req,
          client(ctx),
          reply -> {
            FullHttpResponse r = reply.response();
            if (r == null) {
              node.recordOriginError();
              r = text(reply.error(), reply.error().reasonPhrase() + "\n");
            }
            if (closed || !ctx.channel().isActive()) {
              r.release();
              return;
            }
            if (head) {
              r.content().clear();
            }
            r.setProtocolVersion(version);
            HttpUtil.setKeepAlive(r, keepAlive);
            r.headers().set(SERVED_BY, node.config().pop());
            long bytes = r.content().readableBytes();
            int status = r.status().code();
            var f = ctx.writeAndFlush(r);
            if (node.logsAccess()) {
              pendingAccess(ctx).add(f, logHost, path, status, bytes, arrival, null);
            }
            busy = false;
            drain(ctx);
            ctx.flush();
            collectAccess();
          });
    } finally {
      if (!handedOff) {
        req.release();
      }
    }
  }

  /** Serves queued requests until one goes to the origin again or the queue is empty. */
  private void drain(ChannelHandlerContext ctx) {
    while (!busy && !closed && !queue.isEmpty()) {
      Pending p = queue.poll();
      handle(ctx, p.request(), p.arrivalNanos());
    }
    if (queue.size() < maxPipelined && !closed) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  private io.netty.channel.ChannelFuture respond(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      long arrival,
      FullHttpResponse r,
      String host,
      String path,
      ProbeName probe) {
    HttpUtil.setKeepAlive(r, HttpUtil.isKeepAlive(req) && !closed);
    r.setProtocolVersion(req.protocolVersion());
    r.headers().set(SERVED_BY, node.config().pop());
    long bytes = r.content().readableBytes();
    if (req.method() == HttpMethod.HEAD && bytes > 0) {
      r.content().clear();
      bytes = 0;
    }
    io.netty.channel.ChannelFuture f = ctx.write(r);
    if (node.logsAccess()) {
      pendingAccess(ctx).add(f, host, path, r.status().code(), bytes, arrival, probe);
    }
    return f;
  }

  /** Logs the responses whose writes the last flush completed. */
  private void collectAccess() {
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

  /** {@link #host}, reusing the last answer while the connection sends the same Host header. */
  private String cachedHost(FullHttpRequest req) {
    String raw = req.headers().get(HttpHeaderNames.HOST);
    if (raw == null) {
      return "";
    }
    if (!raw.equals(lastRawHost)) {
      lastHost = host(raw);
      lastRawHost = raw;
    }
    return lastHost;
  }

  private static FullHttpResponse text(HttpResponseStatus status, String body) {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(b));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    HttpUtil.setContentLength(r, b.length);
    return r;
  }

  /** The Host header, lower-case, without port; "" when absent. */
  static String host(FullHttpRequest req) {
    String h = req.headers().get(HttpHeaderNames.HOST);
    return h == null ? "" : host(h);
  }

  private static String host(String h) {
    int colon = h.lastIndexOf(':');
    if (colon >= 0 && h.indexOf(']') < colon) {
      h = h.substring(0, colon);
    }
    return h.toLowerCase(Locale.ROOT);
  }

  /** The client's address as text, worked out once per connection. */
  private String client(ChannelHandlerContext ctx) {
    if (clientText == null) {
      SocketAddress a = ctx.channel().remoteAddress();
      clientText = a instanceof InetSocketAddress i ? i.getHostString() : String.valueOf(a);
    }
    return clientText;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof IdleStateEvent) {
      ctx.close();
      return;
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closed = true;
    Pending p;
    while ((p = queue.poll()) != null) {
      p.request().release();
    }
    collectAccess(); // writes failed by the close
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
