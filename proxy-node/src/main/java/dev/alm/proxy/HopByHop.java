package dev.alm.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Removes hop-by-hop headers from a message a proxy forwards (RFC 9110 section 7.6.1): the fixed
 * ones ({@code Connection}, {@code Keep-Alive}, {@code Proxy-Connection}, {@code TE}, {@code
 * Transfer-Encoding}, {@code Trailer}, {@code Upgrade}, {@code Proxy-Authorization}, {@code
 * Proxy-Authenticate}) and every header the message names in its {@code Connection} header.
 */
final class HopByHop {

  private static final List<CharSequence> FIXED =
      List.of(
          HttpHeaderNames.KEEP_ALIVE,
          HttpHeaderNames.PROXY_CONNECTION,
          HttpHeaderNames.TE,
          HttpHeaderNames.TRANSFER_ENCODING,
          HttpHeaderNames.TRAILER,
          HttpHeaderNames.UPGRADE,
          HttpHeaderNames.PROXY_AUTHORIZATION,
          HttpHeaderNames.PROXY_AUTHENTICATE);

  private HopByHop() {}

  /** Strips the hop-by-hop headers of {@code headers} in place. */
  static void strip(HttpHeaders headers) {
    List<String> named = new ArrayList<>();
    for (String value : headers.getAll(HttpHeaderNames.CONNECTION)) {
      for (String token : value.split(",")) {
        String t = token.trim().toLowerCase(Locale.ROOT);
        if (!t.isEmpty()) {
          named.add(t);
        }
      }
    }
    headers.remove(HttpHeaderNames.CONNECTION);
    for (CharSequence h : FIXED) {
      headers.remove(h);
    }
    for (String h : named) {
      headers.remove(h);
    }
  }
}
