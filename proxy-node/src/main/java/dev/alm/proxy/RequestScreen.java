package dev.alm.proxy;

import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Requests the proxy refuses before looking at them: a protocol version other than HTTP/1.0 and
 * HTTP/1.1 (505; an HTTP/2 connection preface parses as {@code PRI * HTTP/2.0}). The Host header
 * and the request target are read next, by {@link RequestAuthority}.
 */
final class RequestScreen {

  private RequestScreen() {}

  /** The status to refuse {@code req} with, or null to serve it. */
  static HttpResponseStatus refusal(HttpRequest req) {
    HttpVersion v = req.protocolVersion();
    if (!v.protocolName().equals("HTTP") || v.majorVersion() != 1 || v.minorVersion() > 1) {
      return HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED;
    }
    return null;
  }
}
