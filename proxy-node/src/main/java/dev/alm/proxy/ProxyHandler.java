package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.fastcontrol.ProbeVerdict;
import dev.alm.proxy.limit.CustomerLimiter;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.LimitDecision;
import dev.alm.proxy.limit.RateLimitFields;
import dev.alm.traces.BeaconName;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;

/**
 * The per-connection HTTP handler of the proxy: has each request classified ({@link
 * RequestClassifier}: 400 and close for a Host header or target it cannot read exactly; an
 * absolute-form target names the host and is forwarded in origin-form), asks {@link ProxyNode} to
 * count and admit it, and has the answer written ({@link ResponseWriter}): 204 for a probe (never
 * shed), 429 with {@code Retry-After} for a request over its customer's limit at this PoP
 * (docs/ratelimit/enforcement.md; a central customer's request waits for the central store's
 * answer, asynchronously, {@link CentralAsk}), 503 with {@code Retry-After} for a shed request,
 * else the content (generated, or from the origin), paced to the customer's byte share when it has
 * one.
 *
 * <p>Responses leave in request order, as HTTP/1.1 pipelining requires: while an origin request or
 * a central ask is in flight, or a paced body is being written, later requests wait in a queue (and
 * the connection stops being read when {@link HttpLimits#maxPipelined()} wait). Every request
 * buffer is released on every path, including when the connection closes with requests queued.
 */
final class ProxyHandler extends ChannelInboundHandlerAdapter {

  private final ProxyNode node;
  private final GeneratedContent generated;
  private final OriginClient origin;
  private final PipelinedRequests queue;
  private final RequestClassifier classifier;
  private final ResponseWriter writer;
  private final CustomerMemo customers = new CustomerMemo();

  /** Whether an origin request or a central ask is in flight: later requests wait behind it. */
  private boolean busy;

  private boolean closed;

  /** When the connection was accepted: an aged one is closed after its next response. */
  private final long opened;

  /** Whether the connection outlived its age limit: every response from now on closes it. */
  private boolean aged;

  ProxyHandler(ProxyNode node, GeneratedContent generated, OriginClient origin) {
    this.node = node;
    this.opened = node.nanoTime();
    this.generated = generated;
    this.origin = origin;
    this.queue = new PipelinedRequests(node.config().limits().maxPipelined());
    String zone = node.config().zone();
    this.classifier = new RequestClassifier(node::probeOf, host -> BeaconName.under(host, zone));
    this.writer = new ResponseWriter(node, this::afterPaced);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest req)) {
      ReferenceCountUtil.release(msg);
      return;
    }
    long arrival = node.nanoTime();
    if (busy || writer.pacing() || closed) {
      if (closed) {
        req.release();
        return;
      }
      queue.add(ctx.channel(), req, arrival);
      return;
    }
    handle(ctx, req, arrival);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
    writer.collectAccess();
    ctx.fireChannelReadComplete();
  }

  private void handle(ChannelHandlerContext ctx, FullHttpRequest req, long arrival) {
    boolean handedOff = false;
    try {
      RequestClass c = classifier.classify(req);
      if (c instanceof RequestClass.Ordinary o) {
        handedOff = ordinary(ctx, req, arrival, o.accepted());
      } else if (c instanceof RequestClass.Probe p) {
        forwardIfOrigin(req, p.accepted());
        probe(ctx, req, arrival, p);
      } else if (c instanceof RequestClass.Beacon b) {
        // a measurement, as a probe: answered at once, logged for the join, never in S_i
        node.recordBeacon();
        Served s = Served.plain(b.accepted().host(), b.accepted().target());
        writer.respond(ctx, req, closing(arrival), arrival, ProxyResponses.probeAnswer(null), s);
      } else {
        refuse(ctx, req, arrival, c);
      }
    } finally {
      if (!handedOff) {
        req.release();
      }
    }
  }

  /** A request refused before it is served: counted as bad, answered, and the connection closed. */
  private void refuse(
      ChannelHandlerContext ctx, FullHttpRequest req, long arrival, RequestClass c) {
    node.recordBadRequest();
    closed = true;
    if (c instanceof RequestClass.Undecodable u) {
      FullHttpResponse r = ProxyResponses.reason(u.status());
      Served s = Served.plain(RequestClassifier.logHost(req), req.uri());
      writer.respond(ctx, req, true, arrival, r, s).addListener(ChannelFutureListener.CLOSE);
    } else if (c instanceof RequestClass.Screened screened) {
      FullHttpResponse r = ProxyResponses.reason(screened.status());
      r.setProtocolVersion(HttpVersion.HTTP_1_1);
      HttpUtil.setKeepAlive(r, false);
      ctx.write(r).addListener(ChannelFutureListener.CLOSE);
    } else if (c instanceof RequestClass.BadAuthority bad) {
      FullHttpResponse r =
          ProxyResponses.text(HttpResponseStatus.BAD_REQUEST, bad.refusal().reason().text() + "\n");
      writer
          .respond(ctx, req, true, arrival, r, Served.plain("", req.uri()))
          .addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** A probe: answered alike whether counted or refused (docs/fastcontrol.md), but for the echo. */
  private void probe(
      ChannelHandlerContext ctx, FullHttpRequest req, long arrival, RequestClass.Probe p) {
    boolean counted =
        node.admitProbe(p.target(), arrival, writer.client(ctx)) == ProbeVerdict.COUNTED;
    ProbeName probe = counted ? p.target().name() : null;
    String echo = counted ? node.echoOf(p.target()) : null;
    Served s = Served.probe(p.accepted().host(), p.accepted().target(), probe);
    writer.respond(ctx, req, closing(arrival), arrival, ProxyResponses.probeAnswer(echo), s);
  }

  /**
   * An ordinary request: counted, then its customer's limit decides (at once, or by the central
   * store), then admission and the content.
   *
   * @return whether the request is handed off (released later, by whoever holds it)
   */
  private boolean ordinary(
      ChannelHandlerContext ctx,
      FullHttpRequest req,
      long arrival,
      RequestAuthority.Accepted accepted) {
    forwardIfOrigin(req, accepted);
    String host = accepted.host();
    String path = accepted.target();
    node.recordRequest(arrival);
    CustomerLimiter customer = customers.of(node.customers().table(), host);
    if (customer != null) {
      LimitDecision d =
          customer.decide(writer.client(ctx), req, node.customers().source(), arrival);
      switch (d.outcome()) {
        case REJECT -> {
          FullHttpResponse r = CustomerWrites.overLimit(d.retryAfterSeconds());
          if (headers()) {
            writer.rateLimitFields(r, Served.content(host, path, customer, d.rateLimitField()));
          }
          writer.respond(
              ctx, req, closing(arrival), arrival, r, Served.refused(host, path, customer));
          return false;
        }
        case CENTRAL -> {
          busy = true;
          askCentral(ctx, req, arrival, Served.content(host, path, customer));
          return true;
        }
        case ADMIT -> {
          String field = headers() ? d.rateLimitField() : null;
          return serveAdmitted(ctx, req, arrival, Served.content(host, path, customer, field));
        }
      }
    }
    return serveAdmitted(ctx, req, arrival, Served.content(host, path, customer));
  }

  /**
   * Whether the response to a request that arrived at {@code arrival} closes the connection: it is
   * closing, or older than {@link HttpLimits#maxConnectionAge()}, so that its client looks the CDN
   * name up again (counted in {@link ProxyNode#agedConnections()}).
   */
  private boolean closing(long arrival) {
    if (closed || aged) {
      return true;
    }
    if (node.config().limits().aged(arrival - opened)) {
      aged = true;
      node.recordAgedConnection();
    }
    return aged;
  }

  /** Whether limited customers' responses carry the RateLimit fields (the customers file's). */
  private boolean headers() {
    return node.customers().settings().rateLimitHeaders();
  }

  private void forwardIfOrigin(FullHttpRequest req, RequestAuthority.Accepted accepted) {
    if (origin != null) {
      RequestClassifier.forwardAs(req, accepted);
    }
  }

  /**
   * Admission control, then the content: generated here, or forwarded to the origin (then true: the
   * request is handed off and {@link #busy} until the origin answers).
   */
  private boolean serveAdmitted(
      ChannelHandlerContext ctx, FullHttpRequest req, long arrival, Served s) {
    Admission a = node.admit();
    if (!a.admitted()) {
      FullHttpResponse r = ProxyResponses.shed(a.retryAfterSeconds());
      writer.respond(
          ctx, req, closing(arrival), arrival, r, Served.refused(s.host(), s.path(), s.customer()));
      return false;
    }
    if (origin == null) {
      boolean head = req.method() == HttpMethod.HEAD;
      FullHttpResponse r = ProxyResponses.generated(generated, s.path(), head);
      writer.respond(ctx, req, closing(arrival), arrival, r, s);
      return false;
    }
    busy = true;
    forward(ctx, req, arrival, s);
    return true;
  }

  /** Forwards {@code req} (handed off) to the origin and relays its answer when it comes. */
  private void forward(ChannelHandlerContext ctx, FullHttpRequest req, long arrival, Served s) {
    boolean head = req.method() == HttpMethod.HEAD;
    HttpVersion version = req.protocolVersion();
    boolean keepAlive = HttpUtil.isKeepAlive(req) && !closing(arrival);
    origin.forward(
        ctx.channel().eventLoop(),
        req,
        writer.client(ctx),
        reply -> {
          FullHttpResponse r = reply.response();
          if (r == null) {
            node.recordOriginError();
            r = ProxyResponses.reason(reply.error());
          }
          if (closed || !ctx.channel().isActive()) {
            r.release();
            return;
          }
          writer.relay(ctx, r, version, keepAlive, head, arrival, s);
          busy = false;
          resume(ctx);
        });
  }

  /**
   * Asks the central store about a request of a central customer; the answer (or its failure, or
   * the timeout) is handled on this connection's event loop, and the requests behind it wait, so
   * responses keep their order.
   */
  private void askCentral(ChannelHandlerContext ctx, FullHttpRequest req, long arrival, Served s) {
    CustomerLimits limits = node.customers();
    CentralAsk.ask(
        ctx.channel().eventLoop(),
        limits.central(),
        s.customer().name(),
        1,
        limits.settings().centralTimeout().toNanos(),
        answer -> centralDecided(ctx, req, arrival, s, answer));
  }

  /**
   * @param answer the store's answer, or null when it failed or timed out
   */
  private void centralDecided(
      ChannelHandlerContext ctx, FullHttpRequest req, long arrival, Served s, Boolean answer) {
    CustomerLimiter customer = s.customer();
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
        FullHttpResponse r = CustomerWrites.overLimit(1);
        if (headers()) {
          String field = RateLimitFields.refused(RateLimitFields.GLOBAL, 1);
          writer.rateLimitFields(r, Served.content(s.host(), s.path(), customer, field));
        }
        writer.respond(
            ctx,
            req,
            closing(arrival),
            arrival,
            r,
            Served.refused(s.host(), s.path(), s.customer()));
      } else {
        handedOff = serveAdmitted(ctx, req, arrival, s);
      }
    } finally {
      if (!handedOff) {
        req.release();
      }
    }
    if (!busy) {
      resume(ctx);
    }
  }

  /** A paced body is done: the requests behind it may go on, unless one is in flight. */
  private void afterPaced(ChannelHandlerContext ctx) {
    if (!busy) {
      resume(ctx);
    }
  }

  /** Serves what waits, flushes, and logs what the flush completed. */
  private void resume(ChannelHandlerContext ctx) {
    drain(ctx);
    ctx.flush();
    writer.collectAccess();
  }

  /** Serves queued requests until one goes to the origin again or the queue is empty. */
  private void drain(ChannelHandlerContext ctx) {
    while (!busy && !writer.pacing() && !closed && !queue.isEmpty()) {
      PipelinedRequests.Pending p = queue.poll();
      handle(ctx, p.request(), p.arrivalNanos());
    }
    if (!closed) {
      queue.readIfRoom(ctx.channel());
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closed = true;
    queue.releaseAll();
    writer.collectAccess(); // writes failed by the close
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
