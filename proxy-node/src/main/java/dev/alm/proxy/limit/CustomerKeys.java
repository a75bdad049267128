package dev.alm.proxy.limit;

import dev.alm.ratelimit.keys.KeyedLimiter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.collection.LongObjectHashMap;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import net.openhft.hashing.LongHashFunction;

/**
 * One customer's per-key limit at this PoP (docs/ratelimit/keys.md): takes the request's key as its
 * {@link KeyRule} says, hashes it (XXH3, seeded by the customer's name, so every PoP hashes a key
 * alike and a key never appears in clear past this point) and asks the customer's {@link
 * KeyedLimiter}. Named keys have limits of their own. A request without the key is not limited by
 * key: only by the customer's own limits, if it has any.
 */
final class CustomerKeys {

  /** {@link #decide}'s answer for a request without the key. */
  static final long NO_KEY = -2;

  private final KeyRule rule;
  private final KeyedLimiter limiter;
  private final LongHashFunction hash;

  /** Named keys' limits by hash: a primitive-keyed map, so a look-up boxes nothing. */
  private final LongObjectHashMap<Long> overrides;

  private final String policyItem;

  CustomerKeys(String customer, KeyRule rule, KeyedLimiter limiter) {
    this.rule = rule;
    this.limiter = limiter;
    this.hash = hashFor(customer);
    LongObjectHashMap<Long> o = new LongObjectHashMap<>(Math.max(8, rule.overrides().size() * 2));
    for (Map.Entry<String, Long> e : rule.overrides().entrySet()) {
      o.put(hash(hash, e.getKey()), e.getValue());
    }
    this.overrides = o;
    this.policyItem =
        "\"" + RateLimitFields.KEY + "\";q=" + rule.limit() + ";w=" + rule.window().seconds();
  }

  /** The hash function of a customer's keys: XXH3 seeded by the XXH3 of its name. */
  static LongHashFunction hashFor(String customer) {
    return LongHashFunction.xx3(
        LongHashFunction.xx3().hashBytes(customer.getBytes(StandardCharsets.UTF_8)));
  }

  static long hash(LongHashFunction f, CharSequence key) {
    return f.hashChars(key instanceof String str ? str : key.toString());
  }

  /**
   * Decides {@code req} at wall-clock {@code nowMillis}: the requests its key has left in the
   * window here after it, -1 when its key is over its limit, {@link #NO_KEY} when it has no key.
   */
  long decide(HttpRequest req, String client, long nowMillis) {
    CharSequence key = rule.key().extract(req, client);
    if (key == null) {
      return NO_KEY;
    }
    long h = hash(hash, key);
    Long named = overrides.isEmpty() ? null : overrides.get(h);
    return limiter.admit(h, named != null ? named : rule.limit(), nowMillis);
  }

  /**
   * {@code target} as the access log may hold it: with a {@code query:NAME} key, the value of every
   * {@code NAME} parameter replaced by {@code ~} and the 16 hex digits of its hash (the hash this
   * PoP counts the key by), so an API key in a URL never reaches the log in clear; any other target
   * as it is.
   */
  String logged(String target) {
    KeyDescriptor d = rule.key();
    int q = target.indexOf('?');
    if (d.kind() != KeyDescriptor.Kind.QUERY || q < 0) {
      return target;
    }
    StringBuilder out = null;
    int copied = 0;
    int from = q + 1;
    int start;
    while ((start = KeyDescriptor.queryValue(target, d.name(), from)) >= 0) {
      int end = KeyDescriptor.queryValueEnd(target, start);
      out = out == null ? new StringBuilder(target.length() + 16) : out;
      out.append(target, copied, start).append('~');
      out.append(HexFormat.of().toHexDigits(hash(hash, target.substring(start, end))));
      copied = end;
      from = end + 1;
    }
    return out == null ? target : out.append(target, copied, target.length()).toString();
  }

  /** Whole seconds to the end of the window at {@code nowMillis}, at least 1. */
  long secondsLeft(long nowMillis) {
    return Math.max(1, (rule.window().millisLeft(nowMillis) + 999) / 1000);
  }

  /** The {@code RateLimit-Policy} item of the key limit. */
  String policyItem() {
    return policyItem;
  }

  KeyRule rule() {
    return rule;
  }
}
