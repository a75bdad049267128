package dev.alm.node;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/** Whole responses of the admin server: a status, a content type and a body. */
final class AdminServerResponses {
  private AdminServerResponses() {}

  static FullHttpResponse bytes(HttpResponseStatus s, String type, byte[] body) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, s, Unpooled.wrappedBuffer(body));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
    r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
    HttpUtil.setContentLength(r, body.length);
    return r;
  }

  static FullHttpResponse text(HttpResponseStatus s, String body) {
    return bytes(s, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }
}
