package dev.alm.proxy;

import dev.alm.fastcontrol.PriceEcho;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * The proxy's own responses (docs/proxy-node.md): a plain-text status, the 204 answer to a probe
 * (with its price echo), 503 with {@code Retry-After} for a shed request, and the generated content
 * or its 404. The 429 of a customer over its limit is {@link CustomerWrites#overLimit}.
 */
final class ProxyResponses {

  private static final byte[] SHED_BODY =
      "overloaded, retry later\n".getBytes(StandardCharsets.US_ASCII);

  private ProxyResponses() {}

  /** {@code status} with a plain-text UTF-8 body. */
  static FullHttpResponse text(HttpResponseStatus status, String body) {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(b));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    HttpUtil.setContentLength(r, b.length);
    return r;
  }

  /** {@code status} with its reason phrase as the body. */
  static FullHttpResponse reason(HttpResponseStatus status) {
    return text(status, status.reasonPhrase() + "\n");
  }

  /**
   * The answer to a probe, alike whether counted or refused (docs/fastcontrol.md): 204, not to be
   * cached, with the price echo when there is one.
   *
   * @param echo the price echo's name, or null
   */
  static FullHttpResponse probeAnswer(String echo) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT, Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
    if (echo != null) {
      r.headers().set(PriceEcho.HEADER, echo);
    }
    return r;
  }

  /** 503 Service Unavailable for a shed request, retry after {@code retryAfterSeconds}. */
  static FullHttpResponse shed(long retryAfterSeconds) {
    return retryLater(HttpResponseStatus.SERVICE_UNAVAILABLE, SHED_BODY, retryAfterSeconds);
  }

  /**
   * {@code status} with a plain-text {@code body}, {@code Retry-After} (RFC 9110 section 10.2.3)
   * and not to be cached: a request refused for now.
   */
  static FullHttpResponse retryLater(
      HttpResponseStatus status, byte[] body, long retryAfterSeconds) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    r.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
    HttpUtil.setContentLength(r, body.length);
    return r;
  }

  /**
   * The generated content for {@code path} ({@code /bytes/N}), without its body for HEAD, or 404
   * for a path that names no size.
   */
  static FullHttpResponse generated(GeneratedContent generated, String path, boolean head) {
    int n = generated.size(path);
    if (n < 0) {
      return text(
          HttpResponseStatus.NOT_FOUND,
          "no such size (/bytes/N, N <= " + generated.maxBytes() + ")\n");
    }
    ByteBuf body = head ? Unpooled.EMPTY_BUFFER : generated.body(n);
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM);
    HttpUtil.setContentLength(r, n);
    return r;
  }
}
