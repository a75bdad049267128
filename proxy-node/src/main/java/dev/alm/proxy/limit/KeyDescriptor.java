package dev.alm.proxy.limit;

import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AsciiString;
import java.util.regex.Pattern;

/**
 * What a per-key limit keys on (docs/ratelimit/keys.md, "Configuring a per-key limit"), as Envoy's
 * rate limit descriptors do: a request header's value ({@code header:X-Api-Key}), the client
 * address ({@code client}), the first N segments of the path ({@code path-prefix:2}: {@code
 * /v1/users} of {@code /v1/users/42?x=1}) or a query parameter's value ({@code query:api_key},
 * taken as sent, not percent-decoded). Immutable; {@link #of} refuses anything else in one line.
 *
 * @param kind which part of the request
 * @param name the header's or parameter's name; null for the others
 * @param segments the path segments of {@code path-prefix}; 0 for the others
 * @param header the header's name as Netty looks it up; null for the others
 */
public record KeyDescriptor(Kind kind, String name, int segments, AsciiString header) {

  /**
   * A descriptor; a header's name is kept as an {@link AsciiString} too, its hash computed once.
   */
  public KeyDescriptor(Kind kind, String name, int segments) {
    this(kind, name, segments, kind == Kind.HEADER ? AsciiString.cached(name) : null);
  }

  /** The parts of a request a key can come from. */
  public enum Kind {
    HEADER,
    CLIENT,
    PATH_PREFIX,
    QUERY
  }

  /** The most path segments a prefix keeps. */
  public static final int MAX_SEGMENTS = 16;

  private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}");

  /** Reads {@code header:NAME | client | path-prefix:N | query:NAME}. */
  public static KeyDescriptor of(String text) {
    String t = text == null ? "" : text.trim();
    int colon = t.indexOf(':');
    String kind = colon < 0 ? t : t.substring(0, colon);
    String arg = colon < 0 ? null : t.substring(colon + 1);
    switch (kind) {
      case "client":
        if (arg != null) {
          throw new IllegalArgumentException(
              "key: 'client' takes nothing after it, got '" + t + "'");
        }
        return new KeyDescriptor(Kind.CLIENT, null, 0);
      case "header":
      case "query":
        if (arg == null || !TOKEN.matcher(arg).matches()) {
          throw new IllegalArgumentException(
              "key: '" + kind + ":NAME' with a NAME of 1 to 64 token characters, got '" + t + "'");
        }
        return new KeyDescriptor(kind.equals("header") ? Kind.HEADER : Kind.QUERY, arg, 0);
      case "path-prefix":
        int n;
        try {
          n = arg == null ? -1 : Integer.parseInt(arg);
        } catch (NumberFormatException e) {
          n = -1;
        }
        if (n < 1 || n > MAX_SEGMENTS) {
          throw new IllegalArgumentException(
              "key: 'path-prefix:N' with N in [1, " + MAX_SEGMENTS + "], got '" + t + "'");
        }
        return new KeyDescriptor(Kind.PATH_PREFIX, null, n);
      default:
        throw new IllegalArgumentException(
            "key: one of header:NAME, client, path-prefix:N, query:NAME, got '" + t + "'");
    }
  }

  /** The text {@link #of} reads back. */
  public String text() {
    return switch (kind) {
      case HEADER -> "header:" + name;
      case CLIENT -> "client";
      case PATH_PREFIX -> "path-prefix:" + segments;
      case QUERY -> "query:" + name;
    };
  }

  /**
   * The key of {@code req} from {@code client} (its address as text), or null when the request has
   * none (no such header or parameter, an empty value).
   */
  public CharSequence extract(HttpRequest req, String client) {
    return switch (kind) {
      case HEADER -> nonEmpty(req.headers().get(header));
      case CLIENT -> client;
      case PATH_PREFIX -> pathPrefix(req.uri(), segments);
      case QUERY -> query(req.uri(), name);
    };
  }

  private static CharSequence nonEmpty(String v) {
    return v == null || v.isEmpty() ? null : v;
  }

  /**
   * The first {@code n} segments of the target's path ({@code /a/b}), or the whole path; taken as
   * sent ({@code //}, {@code ..} and percent-escapes are not normalized); an absolute-form target's
   * path is the one after its authority.
   */
  static CharSequence pathPrefix(String uri, int n) {
    int end = uri.indexOf('?');
    if (end < 0) {
      end = uri.length();
    }
    int start = uri.startsWith("/") ? 0 : Math.max(0, uri.indexOf('/', uri.indexOf("//") + 2));
    if ((start == 0 || start >= end) && !uri.startsWith("/") && uri.indexOf("//") >= 0) {
      // an absolute-form target without a path (http://host or http://host?q): its path is "/"
      return "/";
    }
    int seen = 0;
    for (int i = start + 1; i < end; i++) {
      if (uri.charAt(i) == '/' && ++seen == n) {
        return uri.substring(start, i);
      }
    }
    return end > start ? uri.substring(start, end) : null;
  }

  /** The raw value of the first parameter {@code name} of the target's query, or null. */
  static CharSequence query(String uri, String name) {
    int q = uri.indexOf('?');
    int start = q < 0 ? -1 : queryValue(uri, name, q + 1);
    if (start < 0) {
      return null;
    }
    int end = queryValueEnd(uri, start);
    return end > start ? uri.substring(start, end) : null;
  }

  /**
   * Where the raw value of the first parameter {@code name} at or after {@code from} (the start of
   * a parameter of the target's query) begins, or -1 when there is none.
   */
  static int queryValue(String uri, String name, int from) {
    int i = from;
    while (i < uri.length()) {
      int end = queryValueEnd(uri, i);
      if (end - i > name.length()
          && uri.charAt(i + name.length()) == '='
          && uri.regionMatches(i, name, 0, name.length())) {
        return i + name.length() + 1;
      }
      i = end + 1;
    }
    return -1;
  }

  /** Where the query parameter or value at {@code from} ends: the next {@code &}, or the end. */
  static int queryValueEnd(String uri, int from) {
    int amp = uri.indexOf('&', from);
    return amp < 0 ? uri.length() : amp;
  }
}
