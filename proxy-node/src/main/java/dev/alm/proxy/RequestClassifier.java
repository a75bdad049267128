package dev.alm.proxy;

import dev.alm.fastcontrol.ProbeTarget;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Reads what a request is ({@link RequestClass}): whether the codec read it, whether its version is
 * served ({@link RequestScreen}), which host it is for ({@link RequestAuthority}), and whether it
 * is a FastControl probe. Counts and decides nothing. One per connection: it remembers the last
 * Host header's answer, since requests on one connection usually share it.
 */
final class RequestClassifier {

  /** The probe a host and path claim to be, or null ({@link ProxyNode#probeOf}). */
  private final BiFunction<String, String, ProbeTarget> probeOf;

  /** Whether a host is a correlation beacon's ({@link dev.alm.traces.BeaconName#under}). */
  private final Predicate<String> beacon;

  /**
   * The last Host header of an origin-form request on this connection and its answer (requests on
   * one usually share it).
   */
  private String lastRawHost;

  private RequestAuthority.Accepted lastAccepted;

  RequestClassifier(BiFunction<String, String, ProbeTarget> probeOf, Predicate<String> beacon) {
    this.probeOf = probeOf;
    this.beacon = beacon;
  }

  RequestClass classify(FullHttpRequest req) {
    if (!req.decoderResult().isSuccess()) {
      return new RequestClass.Undecodable(undecodableStatus(req.decoderResult().cause()));
    }
    HttpResponseStatus refused = RequestScreen.refusal(req);
    if (refused != null) {
      return new RequestClass.Screened(refused);
    }
    RequestAuthority authority = authority(req);
    if (authority instanceof RequestAuthority.Refused refusal) {
      return new RequestClass.BadAuthority(refusal);
    }
    RequestAuthority.Accepted accepted = (RequestAuthority.Accepted) authority;
    ProbeTarget target = probeOf.apply(accepted.host(), accepted.target());
    if (target != null) {
      return new RequestClass.Probe(accepted, target);
    }
    return beacon.test(accepted.host())
        ? new RequestClass.Beacon(accepted)
        : new RequestClass.Ordinary(accepted);
  }

  /** The status for a request the codec failed on: 414, 431, 413 for the limits, else 400. */
  static HttpResponseStatus undecodableStatus(Throwable cause) {
    return cause instanceof TooLongHttpLineException
        ? HttpResponseStatus.REQUEST_URI_TOO_LONG
        : cause instanceof TooLongHttpHeaderException
            ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
            : cause instanceof TooLongFrameException
                ? HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE
                : HttpResponseStatus.BAD_REQUEST;
  }

  /** The host of a request the codec could not read, for its access-log line; "" if none. */
  static String logHost(FullHttpRequest req) {
    String h = req.headers().get(HttpHeaderNames.HOST);
    return h == null ? "" : HostAuthority.parse(h).map(HostAuthority::host).orElse("");
  }

  /**
   * Makes {@code req} the request the origin gets: its target in origin-form and the Host it was
   * matched by (RFC 9112 section 3.2.2), so that the origin serves the customer that was counted.
   */
  static void forwardAs(FullHttpRequest req, RequestAuthority.Accepted a) {
    if (!a.target().equals(req.uri())) {
      req.setUri(a.target());
    }
    if (a.authority() != null) {
      req.headers().set(HttpHeaderNames.HOST, a.authority().header());
    }
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
}
