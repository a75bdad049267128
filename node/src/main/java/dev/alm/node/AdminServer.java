package dev.alm.node;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleFunction;

/**
 * The admin HTTP endpoint of an alm daemon: serves its {@link AdminEndpoints} ({@code GET /status}
 * JSON, {@code GET /metrics} Prometheus text, the optional {@code GET /} page, the {@code POST}
 * writes); anything else is 404 (405 for other methods). It knows nothing of what it reports, so
 * every daemon (proxy, DNS, PoP) serves its own status with it, through {@link NodeAdmin}.
 *
 * <p>Runs on one event-loop thread of its own, so that a slow scrape never delays the daemon's
 * traffic. Like the proxy and DNS listeners it bounds what clients hold ({@link AdminLimits}):
 * connections per client address and in all, a deadline for a whole request, an idle timeout, and
 * accept errors survived; {@code GET /events} streams are bounded by their {@link EventStream}.
 */
public final class AdminServer implements AutoCloseable {

  private static final String JSON = "application/json; charset=utf-8";
  private static final String HTML = "text/html; charset=utf-8";
  private static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

  private final EventLoopGroup group;
  private final Channel channel;
  private final ListenerHealth health;
  private final EventStream events;

  private AdminServer(
      EventLoopGroup group, Channel channel, ListenerHealth health, EventStream events) {
    this.group = group;
    this.channel = channel;
    this.health = health;
    this.events = events;
  }

  /**
   * Binds and starts serving.
   *
   * @param address where to listen (port 0: any free port, see {@link #address()})
   * @param endpoints what to answer
   * @throws InterruptedException if interrupted while binding
   * @throws io.netty.channel.ChannelException or another exception if the address cannot be bound
   */
  public static AdminServer start(InetSocketAddress address, AdminEndpoints endpoints)
      throws InterruptedException {
    return start(address, endpoints, AdminAccess.LOOPBACK_ONLY);
  }

  /**
   * Binds and starts serving, judging every request by {@code access} first; refusals are answered
   * 401 or 403 and counted in {@code alm_admin_refused_total{reason}} of the endpoints' registry.
   *
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address}
   */
  public static AdminServer start(
      InetSocketAddress address, AdminEndpoints endpoints, AdminAccess access)
      throws InterruptedException {
    return start(address, endpoints, access, AdminLimits.defaults());
  }

  /**
   * Binds and starts serving as {@link #start(InetSocketAddress, AdminEndpoints, AdminAccess)},
   * holding clients to {@code limits}: connections over the caps are closed at accept and counted
   * in {@code alm_admin_connections_refused_total{reason}}, a request not whole within the deadline
   * closes its connection ({@code alm_admin_deadline_closed_total}), an idle connection is closed,
   * and accept errors pause accepting briefly ({@link AcceptGuard}). The cap in all is lowered to
   * stay under the process's file-descriptor limit ({@link FileDescriptors}).
   *
   * @throws IllegalArgumentException if {@code access} forbids serving {@code address}
   */
  public static AdminServer start(
      InetSocketAddress address, AdminEndpoints endpoints, AdminAccess access, AdminLimits limits)
      throws InterruptedException {
    access.checkBind(new HostPort(address.getHostString(), address.getPort()));
    Refusals refusals = new Refusals(endpoints.metrics());
    long fdLimit = FileDescriptors.softLimit();
    int cap = FileDescriptors.capBelowLimit(limits.maxConnections(), fdLimit);
    ListenerHealth health =
        new ListenerHealth(
            new ConnectionGuard(cap, Math.min(cap, limits.maxConnectionsPerClient())),
            fdLimit,
            System::nanoTime);
    long idleMillis = limits.idleTimeout().toMillis();
    EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("alm-admin", true));
    try {
      Channel ch =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              .handler(health.acceptGuard())
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                      c.pipeline()
                          .addLast(
                              health.guard(),
                              new MessageDeadline(limits.requestDeadline(), health.onDeadline()),
                              new IdleStateHandler(0, 0, idleMillis, TimeUnit.MILLISECONDS),
                              new HttpServerCodec(4096, 8192, 8192),
                              new HttpServerKeepAliveHandler(),
                              new HttpObjectAggregator(64 * 1024),
                              MessageDeadline.completion(),
                              new Handler(endpoints, access, refusals));
                    }
                  })
              .bind(address)
              .sync()
              .channel();
      health.watch(ch);
      health.bind(endpoints.metrics(), "alm.admin");
      if (endpoints.events() != null) {
        endpoints.events().bind(endpoints.metrics());
      }
      return new AdminServer(group, ch, health, endpoints.events());
    } catch (InterruptedException | RuntimeException e) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      throw e;
    }
  }

  /** The bound address. */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** The listener's caps, refusals, deadline closes and accept errors. */
  public ListenerHealth listener() {
    return health;
  }

  /**
   * The status part of the admin listener: {@link ListenerHealth#status()}, with the event streams'
   * ({@link EventStream#status()}) under {@code events} when it serves them.
   */
  public Map<String, Object> status() {
    Map<String, Object> m = new LinkedHashMap<>(health.status());
    if (events != null) {
      m.put("events", events.status());
    }
    return m;
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final AdminEndpoints endpoints;
    private final AdminAccess access;
    private final Refusals refusals;

    Handler(AdminEndpoints endpoints, AdminAccess access, Refusals refusals) {
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
        r =
            response(
                auth ? HttpResponseStatus.UNAUTHORIZED : HttpResponseStatus.FORBIDDEN,
                "text/plain",
                verdict.label() + "\n");
        if (auth) {
          r.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"alm admin\"");
        }
        HttpUtil.setKeepAlive(r, false);
        ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        return;
      }
      QueryStringDecoder uri = new QueryStringDecoder(req.uri());
      String path = uri.path();
      boolean page = path.equals("/") && endpoints.page() != null;
      DoubleFunction<String> write = endpoints.write(path);
      java.util.function.Function<String, String> document = endpoints.document(path);
      if (write != null) {
        r = set(req, uri, write);
      } else if (document != null) {
        r = post(req, uri, document);
      } else if (get && path.startsWith("/assets/") && ConsoleAssets.get(path) != null) {
        ConsoleAssets.Asset a = ConsoleAssets.get(path);
        r = AdminServerResponses.bytes(HttpResponseStatus.OK, a.type(), a.bytes());
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "max-age=3600");
      } else if (get && path.equals("/events") && endpoints.events() != null) {
        if (endpoints.events().subscribe(ctx)) {
          // a stream is bounded by its stall timeout and lifetime, not by the idle timeout
          IdleStateHandler idle = ctx.pipeline().get(IdleStateHandler.class);
          if (idle != null) {
            ctx.pipeline().remove(idle);
          }
        }
        return;
      } else if (path.equals("/ready") && get) {
        String why;
        try {
          why = endpoints.notReady();
        } catch (RuntimeException e) {
          why = "readiness check failed: " + e;
        }
        r =
            why == null
                ? response(HttpResponseStatus.OK, "text/plain", "ready\n")
                : response(HttpResponseStatus.SERVICE_UNAVAILABLE, "text/plain", why + "\n");
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
        try {
          r =
              page
                  ? response(HttpResponseStatus.OK, HTML, endpoints.page().get())
                  : path.equals("/status")
                      ? response(HttpResponseStatus.OK, JSON, endpoints.status() + "\n")
                      : response(HttpResponseStatus.OK, PROMETHEUS, endpoints.metrics().scrape());
        } catch (RuntimeException e) {
          r = response(HttpResponseStatus.INTERNAL_SERVER_ERROR, "text/plain", e + "\n");
        }
      }
      if (req.method() == HttpMethod.HEAD) {
        r.content().clear();
      }
      HttpUtil.setKeepAlive(r, HttpUtil.isKeepAlive(req));
      ctx.writeAndFlush(r);
    }

    private static boolean isLoopback(java.net.SocketAddress peer) {
      return peer instanceof InetSocketAddress a
          && a.getAddress() != null
          && a.getAddress().isLoopbackAddress();
    }

    private static FullHttpResponse set(
        FullHttpRequest req, QueryStringDecoder uri, DoubleFunction<String> setter) {
      if (req.method() != HttpMethod.POST && req.method() != HttpMethod.PUT) {
        FullHttpResponse r =
            response(
                HttpResponseStatus.METHOD_NOT_ALLOWED,
                "text/plain",
                "POST " + uri.path() + "?value=X\n");
        r.headers().set(HttpHeaderNames.ALLOW, "POST, PUT");
        return r;
      }
      java.util.List<String> v = uri.parameters().get("value");
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
        FullHttpRequest req,
        QueryStringDecoder uri,
        java.util.function.Function<String, String> handler) {
      if (req.method() != HttpMethod.POST && req.method() != HttpMethod.PUT) {
        FullHttpResponse r =
            response(
                HttpResponseStatus.METHOD_NOT_ALLOWED,
                "text/plain",
                "POST " + uri.path() + " with a JSON body\n");
        r.headers().set(HttpHeaderNames.ALLOW, "POST, PUT");
        return r;
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
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      FullHttpResponse r =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, s, Unpooled.wrappedBuffer(b));
      r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
      r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
      HttpUtil.setContentLength(r, b.length);
      return r;
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
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** Counters of refused admin requests, one per reason. */
  private static final class Refusals {
    private final Map<AdminAccess.Verdict, Counter> byVerdict =
        new EnumMap<>(AdminAccess.Verdict.class);

    Refusals(MeterRegistry registry) {
      for (AdminAccess.Verdict v : AdminAccess.Verdict.values()) {
        if (v != AdminAccess.Verdict.ALLOW) {
          byVerdict.put(
              v,
              Counter.builder("alm.admin.refused")
                  .description("Admin requests refused, by reason")
                  .tag("reason", v.label())
                  .register(registry));
        }
      }
    }

    void count(AdminAccess.Verdict v) {
      byVerdict.get(v).increment();
    }
  }
}
