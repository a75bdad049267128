package dev.alm.ratelimit.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class KeyedThrottlerTest {

  static final LimiterConfig ONE_PER_SECOND = new FixedWindow.Config(1, 1_000_000_000L);

  @Test
  void keysAreThrottledSeparately() {
    KeyedThrottler<String> t = new KeyedThrottler<>(KeyedThrottler.Config.of(ONE_PER_SECOND));
    assertTrue(t.tryAcquire("a", 0));
    assertFalse(t.tryAcquire("a", 1));
    assertTrue(t.tryAcquire("b", 2));
    assertTrue(t.tryAcquire("a", 1_000_000_000L));
  }

  @Property(tries = 20)
  void evictsPastItsBound(
      @ForAll @IntRange(min = 1, max = 500) int bound,
      @ForAll @IntRange(min = 1, max = 5000) int keys) {
    KeyedThrottler<Integer> t =
        new KeyedThrottler<>(new KeyedThrottler.Config(ONE_PER_SECOND, bound, Long.MAX_VALUE));
    for (int k = 0; k < keys; k++) {
      assertTrue(t.tryAcquire(k, 0), "a new key starts with its full limit");
    }
    t.cleanUp();
    assertEquals(Math.min(bound, keys), t.keys());
  }

  @Test
  void expiresUnusedKeysOnTheArgumentClock() {
    long expire = 10_000_000_000L;
    KeyedThrottler<String> t =
        new KeyedThrottler<>(new KeyedThrottler.Config(ONE_PER_SECOND, 1000, expire));
    assertTrue(t.tryAcquire("idle", 0));
    assertTrue(t.tryAcquire("busy", 0));
    for (long s = 1; s <= 10; s++) {
      t.tryAcquire("busy", s * 1_000_000_000L);
    }
    t.tryAcquire("busy", expire + 5_000_000);
    t.cleanUp();
    assertNull(t.peek("idle"), "idle for longer than the expiry");
    assertNotNull(t.peek("busy"));
  }

  @Test
  void expiresOnAnInjectedTicker() {
    AtomicLong ticker = new AtomicLong();
    KeyedThrottler<String> t =
        new KeyedThrottler<>(new KeyedThrottler.Config(ONE_PER_SECOND, 1000, 100), ticker::get);
    assertTrue(t.tryAcquire("a", 0));
    assertFalse(t.tryAcquire("a", 0));
    ticker.set(101);
    t.cleanUp();
    assertNull(t.peek("a"));
    assertTrue(t.tryAcquire("a", 0), "an expired key starts again from a fresh window");
  }
}
