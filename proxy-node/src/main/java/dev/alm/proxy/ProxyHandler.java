package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeTarget;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.proxy.limit.CentralLimiter;
import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerTable;
import dev.alm.proxy.limit.LimitDecision;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * The per-connection HTTP handler of the proxy: reads which host a request is for ({@link
 * RequestAuthority}: 400 and close for a Host header or target it cannot read exactly; an
 * absolute-form target names the host and is forwarded in origin-form), classifies it (FastControl
 * probe or ordinary), asks {@link ProxyNode} to count and admit it, and writes the answer: 204 for
 * a probe (never shed), 429 with {@code Retry-After} for a request over its customer's limit at
 * this PoP (docs/ratelimit/enforcement.md; a central customer's request waits for the central
 * store's answer, asynchronously), 503 with {@code Retry-After} for a shed request, else the
 * content (generated, or from the origin), paced to the customer's byte share when it has one.
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

  /** Whether a paced body is still being written: later responses wait behind it. */
  private boolean pacing;

  private boolean closed;

  /** The access-log lines of this connection's responses being written; made on first use. */
  private PendingAccess pendingAccess;

  /**
   * The last Host header of an origin-form request on this connection and its answer (requests on
   * one usually share it).
   */
  private String lastRawHost;

  private RequestAuthority.Accepted lastAccepted;
  private String clientText;

  /** The customer of {@link #lastCustomerHost} in {@link #lastTable}. */
  private CustomerTable lastTable;

  private String lastCustomerHost;
  private CustomerLimiter lastCustomer;

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
    if (busy || pacing || closed) {
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
                logHost(req),
                req.uri(),
                null,
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
      RequestAuthority authority = authority(req);
      if (authority instanceof RequestAuthority.Refused refusal) {
        node.recordBadRequest();
        closed = true;
        FullHttpResponse r = text(HttpResponseStatus.BAD_REQUEST, refusal.reason().text() + "\n");
        respond(ctx, req, arrival, r, "", req.uri(), null, null)
            .addListener(ChannelFutureListener.CLOSE);
        return;
      }
      RequestAuthority.Accepted accepted = (RequestAuthority.Accepted) authority;
      String host = accepted.host();
      String path = accepted.target();
      if (origin != null) {
        forwardAs(req, accepted);
      }
      ProbeTarget target = node.probeOf(host, path);
      if (target != null) {
        // answered alike whether counted or refused (docs/fastcontrol.md), but for the price echo
        boolean counted = node.admitProbe(target, arrival, client(ctx)) == ProbeVerdict.COUNTED;
        ProbeName probe = counted ? target.name() : null;
        FullHttpResponse r =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT, Unpooled.EMPTY_BUFFER);
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        String echo = counted ? node.echoOf(target) : null;
        if (echo != null) {
          r.headers().set(ProxyNode.PRICE_ECHO, echo);
        }
        respond(ctx, req, arrival, r, host, path, probe, null);
        return;
      }
      node.recordRequest(arrival);
      CustomerLimiter customer = customerOf(host);
      if (customer != null) {
        LimitDecision d = customer.decide(client(ctx), node.customers().source());
        switch (d.outcome()) {
          case REJECT -> {
            respond(
                ctx,
                req,
                arrival,
                CustomerWrites.overLimit(d.retryAfterSeconds()),
                host,
                path,
                null,
                null);
            return;
          }
          case CENTRAL -> {
            busy = true;
            handedOff = true;
            askCentral(ctx, req, arrival, host, path, customer);
            return;
          }
          case ADMIT -> {}
        }
      }
      handedOff = serveAdmitted(ctx, req, arrival, host, path, customer);
    } finally {
      if (!handedOff) {
        req.release();
      }
    }
  }

  /**
   * Admission control, then the content: generated here, or forwarded to the origin (then true: the
   * request is handed off and {@link #busy} until the origin answers).
   */
  private boolean serveAdmitted(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      long arrival,
      String host,
      String path,
      CustomerLimiter customer) {
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
      respond(ctx, req, arrival, r, host, path, null, null);
      return false;
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
            null,
            customer);
        return false;
      }
      ByteBuf body = req.method() == HttpMethod.HEAD ? Unpooled.EMPTY_BUFFER : generated.body(n);
      FullHttpResponse r =
          new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
      r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM);
      HttpUtil.setContentLength(r, n);
      respond(ctx, req, arrival, r, host, path, null, customer);
      return false;
    }
    busy = true;
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
          var f = write(ctx, r, customer);
          ctx.flush();
          if (node.logsAccess()) {
            pendingAccess(ctx).add(f, logHost, path, status, bytes, arrival, null);
          }
          busy = false;
          drain(ctx);
          ctx.flush();
          collectAccess();
        });
    return true;
  }

  /**
   * Asks the central store about a request of a central customer; the answer (or its failure, or
   * the timeout) is handled on this connection's event loop, and the requests behind it wait, so
   * responses keep their order.
   */
  private void askCentral(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      long arrival,
      String host,
      String path,
      CustomerLimiter customer) {
    CustomerLimits limits = node.customers();
    EventLoop loop = ctx.channel().eventLoop();
    boolean[] decided = {false};
    java.util.function.Consumer<Boolean> decide =
        admitted -> {
          if (decided[0]) {
            return;
          }
          decided[0] = true;
          centralDecided(ctx, req, arrival, host, path, customer, admitted);
        };
    var timeout =
        loop.schedule(
            () -> decide.accept(null),
            limits.settings().centralTimeout().toNanos(),
            TimeUnit.NANOSECONDS);
    CompletionStage<Boolean> stage;
    try {
      CentralLimiter central = limits.central();
      stage =
          central == null
              ? CompletableFuture.failedFuture(new IllegalStateException("no central store"))
              : central.tryAcquire(customer.name(), 1);
    } catch (RuntimeException e) {
      stage = CompletableFuture.failedFuture(e);
    }
    stage.whenComplete(
        (ok, err) -> {
          Boolean v = err == null ? ok : null;
          Runnable r =
              () -> {
                timeout.cancel(false);
                decide.accept(v);
              };
          if (loop.inEventLoop()) {
            r.run();
          } else {
            loop.execute(r);
          }
        });
  }

  /**
   * @param answer the store's answer, or null when it failed or timed out
   */
  private void centralDecided(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      long arrival,
      String host,
      String path,
      CustomerLimiter customer,
      Boolean answer) {
    boolean handedOff = false;
    try {
      boolean admitted;
      if (answer == null) {
        customer.centralFailed();
        admitted = node.customers().settings().centralFailOpen();
      } else {
        admitted = answer;
      }
      customer.centralDecided(admitted);
      busy = false;
      if (closed || !ctx.channel().isActive()) {
        return;
      }
      if (!admitted) {
        respond(ctx, req, arrival, CustomerWrites.overLimit(1), host, path, null, null);
      } else {
        handedOff = serveAdmitted(ctx, req, arrival, host, path, customer);
      }
    } finally {
      if (!handedOff) {
        req.release();
      }
    }
    if (!busy) {
      drain(ctx);
      ctx.flush();
      collectAccess();
    }
  }

  /** The customer of a Host name, remembered while the connection sends the same one. */
  private CustomerLimiter customerOf(String host) {
    CustomerTable t = node.customers().table();
    if (t.isEmpty()) {
      return null;
    }
    if (t != lastTable || !host.equals(lastCustomerHost)) {
      lastCustomer = t.match(host);
      lastTable = t;
      lastCustomerHost = host;
    }
    return lastCustomer;
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
          if (!busy) {
            drain(ctx);
            ctx.flush();
            collectAccess();
          }
        });
    ByteBuf body = r.content().retain();
    r.release();
    CustomerWrites.pace(ctx, body, c, node, done);
    return done;
  }

  /** Serves queued requests until one goes to the origin again or the queue is empty. */
  private void drain(ChannelHandlerContext ctx) {
    while (!busy && !pacing && !closed && !queue.isEmpty()) {
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
      ProbeName probe,
      CustomerLimiter customer) {
    HttpUtil.setKeepAlive(r, HttpUtil.isKeepAlive(req) && !closed);
    r.setProtocolVersion(req.protocolVersion());
    r.headers().set(SERVED_BY, node.config().pop());
    long bytes = r.content().readableBytes();
    if (req.method() == HttpMethod.HEAD && bytes > 0) {
      r.content().clear();
      bytes = 0;
    }
    int status = r.status().code();
    io.netty.channel.ChannelFuture f = write(ctx, r, customer);
    if (node.logsAccess()) {
      pendingAccess(ctx).add(f, host, path, status, bytes, arrival, probe);
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

  /**
   * {@link RequestAuthority#of}, reusing the last answer for an origin-form target while the
   * connection sends the same Host header (the answer then depends on that header alone).
   */
  private RequestAuthority authority(FullHttpRequest req) {
    List<String> hosts = req.headers().getAll(HttpHeaderNames.HOST);
    String uri = req.uri();
    boolean originForm =
        hosts.size() == 1 && uri.startsWith("/") && !req.method().equals(HttpMethod.CONNECT);
    if (originForm && lastAccepted != null && hosts.get(0).equals(lastRawHost)) {
      return uri.equals(lastAccepted.target())
          ? lastAccepted
          : new RequestAuthority.Accepted(lastAccepted.authority(), uri);
    }
    RequestAuthority a = RequestAuthority.of(req.method(), uri, hosts, req.protocolVersion());
    if (originForm && a instanceof RequestAuthority.Accepted ok) {
      lastRawHost = hosts.get(0);
      lastAccepted = ok;
    }
    return a;
  }

  /**
   * Makes {@code req} the request the origin gets: its target in origin-form and the Host it was
   * matched by (RFC 9112 section 3.2.2), so that the origin serves the customer that was counted.
   */
  private static void forwardAs(FullHttpRequest req, RequestAuthority.Accepted a) {
    if (!a.target().equals(req.uri())) {
      req.setUri(a.target());
    }
    if (a.authority() != null) {
      req.headers().set(HttpHeaderNames.HOST, a.authority().header());
    }
  }

  private static FullHttpResponse text(HttpResponseStatus status, String body) {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(b));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    HttpUtil.setContentLength(r, b.length);
    return r;
  }

  /** The host of a request the codec could not read, for its access-log line; "" if none. */
  private static String logHost(FullHttpRequest req) {
    String h = req.headers().get(HttpHeaderNames.HOST);
    return h == null ? "" : HostAuthority.parse(h).map(HostAuthority::host).orElse("");
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
