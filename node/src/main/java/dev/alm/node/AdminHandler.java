package dev.alm.node;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * One admin request, answered ({@link AdminServer}): a request {@link AdminAccess} refuses is
 * counted and closed; then the {@code POST} writes and documents, the console's assets, {@code GET
 * /events}, {@code /ready}, {@code /}, {@code /status} and {@code /metrics}; anything else is 404
 * (405 for other methods). An idle connection is closed.
 */
final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final String JSON = "application/json; charset=utf-8";
  private static final String HTML = "text/html; charset=utf-8";
  private static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

  private final AdminEndpoints endpoints;
  private final AdminAccess access;
  private final AdminRefusals refusals;

  AdminHandler(AdminEndpoints endpoints, AdminAccess access, AdminRefusals refusals) {
    this.endpoints = endpoints;
    this.access = access;
    this.refusals = refusals;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
    FullHttpResponse r;
    if (!req.decoderResult().isSuccess()) {
      r = response(HttpResponseStatus.BAD_REQUEST, "text/plain", "bad request\n");
      HttpUtil.setKeepAlive(r, false);
      ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    boolean get = req.method() == HttpMethod.GET || req.method() == HttpMethod.HEAD;
    if (refused(ctx, req, get)) {
      return;
    }
    QueryStringDecoder uri = new QueryStringDecoder(req.uri());
    String path = uri.path();
    boolean page = path.equals("/") && endpoints.page() != null;
    DoubleFunction<String> write = endpoints.write(path);
    Function<String, String> document = endpoints.document(path);
    if (write != null) {
      r = set(req, uri, write);
    } else if (document != null) {
      r = post(req, uri, document);
    } else if (get && path.startsWith("/assets/") && ConsoleAssets.get(path) != null) {
      ConsoleAssets.Asset a = ConsoleAssets.get(path);
      r = AdminServerResponses.bytes(HttpResponseStatus.OK, a.type(), a.bytes());
      r.headers().set(HttpHeaderNames.CACHE_CONTROL, "max-age=3600");
    } else if (get && path.equals("/events") && endpoints.events() != null) {
      subscribe(ctx);
      return;
    } else if (path.equals("/ready") && get) {
      r = ready();
    } else if (!path.equals("/status") && !path.equals("/metrics") && !page) {
      r =
          response(
              HttpResponseStatus.NOT_FOUND,
              "text/plain",
              "not found: try /status, /metrics or /ready\n");
    } else if (!get) {
      r = response(HttpResponseStatus.METHOD_NOT_ALLOWED, "text/plain", "GET only\n");
      r.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
    } else {
      r = read(page, path);
    }
    if (req.method() == HttpMethod.HEAD) {
      r.content().clear();
    }
    HttpUtil.setKeepAlive(r, HttpUtil.isKeepAlive(req));
    ctx.writeAndFlush(r);
  }

  /**
   * Whether {@link AdminAccess} refuses the request: then it is counted and answered 401 or 403 and
   * the connection closed.
   */
  private boolean refused(ChannelHandlerContext ctx, FullHttpRequest req, boolean get) {
    AdminAccess.Verdict verdict =
        access.judge(
            !get,
            isLoopback(ctx.channel().remoteAddress()),
            req.headers().get(HttpHeaderNames.AUTHORIZATION),
            req.headers().get(HttpHeaderNames.ORIGIN),
            req.headers().get(HttpHeaderNames.HOST),
            req.headers().get("Sec-Fetch-Site"));
    if (verdict != AdminAccess.Verdict.ALLOW) {
      refusals.count(verdict);
      boolean auth = verdict == AdminAccess.Verdict.UNAUTHORIZED;
      FullHttpResponse r =
          response(
              auth ? HttpResponseStatus.UNAUTHORIZED : HttpResponseStatus.FORBIDDEN,
              "text/plain",
              verdict.label() + "\n");
      if (auth) {
        r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"alm admin\"");
      }
      HttpUtil.setKeepAlive(r, false);
      ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
      return true;
    }
    return false;
  }

  /**
   * {@code GET /events}: the connection becomes an event stream, bounded by its stall timeout and
   * lifetime rather than the idle timeout.
   */
  private void subscribe(ChannelHandlerContext ctx) {
    if (endpoints.events().subscribe(ctx)) {
      IdleStateHandler idle = ctx.pipeline().get(IdleStateHandler.class);
      if (idle != null) {
        ctx.pipeline().remove(idle);
      }
    }
  }

  /** {@code GET /ready}: 200 "ready", or 503 with the reason not to send users here. */
  private FullHttpResponse ready() {
    String why;
    try {
      why = endpoints.notReady();
    } catch (RuntimeException e) {
      why = "readiness check failed: " + e;
    }
    return why == null
        ? response(HttpResponseStatus.OK, "text/plain", "ready\n")
        : response(HttpResponseStatus.SERVICE_UNAVAILABLE, "text/plain", why + "\n");
  }

  /** {@code GET /}, {@code /status} or {@code /metrics}; a failing endpoint is a 500. */
  private FullHttpResponse read(boolean page, String path) {
    try {
      return page
          ? response(HttpResponseStatus.OK, HTML, endpoints.page().get())
          : path.equals("/status")
              ? response(HttpResponseStatus.OK, JSON, endpoints.status() + "\n")
              : response(HttpResponseStatus.OK, PROMETHEUS, endpoints.metrics().scrape());
    } catch (RuntimeException e) {
      return response(HttpResponseStatus.INTERNAL_SERVER_ERROR, "text/plain", e + "\n");
    }
  }

  private static boolean isLoopback(SocketAddress peer) {
    return peer instanceof InetSocketAddress a
        && a.getAddress() != null
        && a.getAddress().isLoopbackAddress();
  }

  private static FullHttpResponse set(
      FullHttpRequest req, QueryStringDecoder uri, DoubleFunction<String> setter) {
    if (req.method() != HttpMethod.POST && req.method() != HttpMethod.PUT) {
      return postOnly(uri.path() + "?value=X");
    }
    List<String> v = uri.parameters().get("value");
    if (v == null || v.size() != 1) {
      return response(HttpResponseStatus.BAD_REQUEST, "text/plain", "expected ?value=X\n");
    }
    try {
      return response(
          HttpResponseStatus.OK, JSON, setter.apply(Double.parseDouble(v.get(0))) + "\n");
    } catch (IllegalArgumentException e) {
      return response(HttpResponseStatus.BAD_REQUEST, "text/plain", e.getMessage() + "\n");
    }
  }

  private static FullHttpResponse post(
      FullHttpRequest req, QueryStringDecoder uri, Function<String, String> handler) {
    if (req.method() != HttpMethod.POST && req.method() != HttpMethod.PUT) {
      return postOnly(uri.path() + " with a JSON body");
    }
    try {
      String body = req.content().toString(StandardCharsets.UTF_8);
      return response(HttpResponseStatus.OK, JSON, handler.apply(body) + "\n");
    } catch (IllegalArgumentException e) {
      String m = String.valueOf(e.getMessage()).replace('\n', ' ');
      return response(HttpResponseStatus.BAD_REQUEST, "text/plain", m + "\n");
    }
  }

  private static FullHttpResponse response(HttpResponseStatus s, String type, String body) {
    return AdminServerResponses.bytes(s, type, body.getBytes(StandardCharsets.UTF_8));
  }

  /** 405 to a write endpoint asked with another method than POST or PUT; {@code usage} says how. */
  private static FullHttpResponse postOnly(String usage) {
    FullHttpResponse r =
        response(HttpResponseStatus.METHOD_NOT_ALLOWED, "text/plain", "POST " + usage + "\n");
    r.headers().set(HttpHeaderNames.ALLOW, "POST, PUT");
    return r;
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
