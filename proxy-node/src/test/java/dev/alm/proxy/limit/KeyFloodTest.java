package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A flood of distinct keys from one client through the proxy's decide path ({@link CustomerLimits}
 * and {@link CustomerLimiter#decide} on real requests, in process): the table of keys stays within
 * its bound and a quarter, the round's forgetting brings it back under the bound, what passed the
 * bound is counted as uncounted, no flood request is refused (each key is new), and a key that
 * keeps being asked for keeps its count through the flood (docs/ratelimit/keys-hostile.md).
 */
class KeyFloodTest {

  private static final int MAX_KEYS = 10_000;
  private static final int FLOOD = 2_000_000;

  /** Requests between two refreshes: the proxy's 50 ms at about 100,000 requests/s. */
  private static final int PER_REFRESH = 5_000;

  /** Flood requests between two requests of the real key. */
  private static final int REAL_EVERY = 500;

  private static final int REAL_LIMIT = 1_000;

  static CustomerLimits limits(int maxKeys) {
    KeyRule rule =
        new KeyRule(
            KeyDescriptor.of("header:X-Api-Key"),
            100,
            KeyWindow.parse("1d"),
            Map.of("real-key", (long) REAL_LIMIT),
            null,
            maxKeys);
    return new CustomerLimits(KeyedApi.only(rule), null, null, System::nanoTime);
  }

  static HttpRequest request(String key) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/v1/items");
    r.headers().set("Host", "api.example").set("X-Api-Key", key);
    return r;
  }

  @Test
  void twoMillionDistinctKeysStayWithinTheBoundAndARealKeyKeepsItsCount() {
    CustomerLimits limits = limits(MAX_KEYS);
    CustomerLimiter c = limits.match("api.example");
    KeyedLimiter k = limits.keyed().get("api");
    SplittableRandom random = new SplittableRandom(7);
    int hardBound = MAX_KEYS + MAX_KEYS / 4;
    long maxHeld = 0;
    long expectUncounted = 0;
    long floodRefused = 0;
    int realAsked = (FLOOD + REAL_EVERY - 1) / REAL_EVERY;
    for (int i = 0; i < FLOOD; i++) {
      if (i % REAL_EVERY == 0) {
        c.decide("203.0.113.9", request("real-key"), null);
      }
      // a key of 16 random bytes as hex: never seen before
      String key = Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
      if (k.keys() >= hardBound) {
        expectUncounted++;
      }
      LimitDecision d = c.decide("203.0.113.9", request(key), null);
      if (d.outcome() != LimitDecision.Outcome.ADMIT) {
        floodRefused++;
      }
      maxHeld = Math.max(maxHeld, k.keys());
      if (i % PER_REFRESH == PER_REFRESH - 1) {
        limits.refresh();
        assertTrue(k.keys() <= MAX_KEYS, "after forget: " + k.keys());
      }
    }
    assertTrue(maxHeld <= hardBound, "held at most " + hardBound + ": " + maxHeld);
    assertEquals(hardBound, maxHeld, "the flood fills the table to its bound");
    assertEquals(0, floodRefused, "a new key is never refused");
    assertEquals(expectUncounted, k.uncounted(), "what passed the bound is counted");
    assertTrue(k.uncounted() > 0);
    assertTrue(k.forgotten() >= FLOOD - expectUncounted - hardBound, "forgotten " + k.forgotten());
    // the real key, asked realAsked times, was admitted its limit's worth and refused the rest
    assertEquals(realAsked - REAL_LIMIT, limits.match("api.example").state().keyRejected());
    assertEquals(FLOOD + REAL_LIMIT, limits.match("api.example").state().served());
  }
}
