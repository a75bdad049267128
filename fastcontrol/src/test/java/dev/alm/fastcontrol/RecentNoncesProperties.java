package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The replay table against a plain model: over any sequence of nonces and times, it never holds
 * more than its bound, answers FIRST for a nonce at most once while the nonce is within its window,
 * and (when not full) answers exactly as a set of the unexpired nonces would.
 */
class RecentNoncesProperties {

  @Property
  void behavesAsTheSetOfUnexpiredNoncesWithinItsBound(
      @ForAll @Size(min = 1, max = 400) List<@IntRange(min = 0, max = 40) Integer> nonces,
      @ForAll @Size(min = 1, max = 400) List<@IntRange(min = 0, max = 3_000) Integer> steps,
      @ForAll @IntRange(min = 1, max = 64) int max) {
    long skew = 5_000;
    RecentNonces w = new RecentNonces(max, skew);
    Map<Long, Long> model = new HashMap<>(); // nonce -> expiry second, only unexpired
    long now = 1_790_000_000_000L;
    for (int i = 0; i < Math.min(nonces.size(), steps.size()); i++) {
      now += steps.get(i);
      long nowMillis = now;
      long nonce = nonces.get(i);
      long expiry = nowMillis / 1000 + 10; // as a signer with a 10 s lifetime writes it
      model.values().removeIf(e -> e * 1000 + skew < nowMillis);
      Long known = model.get(nonce);
      RecentNonces.Result r = w.add(nonce, known != null ? known : expiry, nowMillis);
      if (known != null) {
        assertEquals(RecentNonces.Result.REPLAYED, r, "nonce " + nonce + " seen before");
      } else if (model.size() >= max) {
        assertEquals(RecentNonces.Result.FULL, r);
      } else {
        assertEquals(RecentNonces.Result.FIRST, r);
        model.put(nonce, expiry);
      }
      assertTrue(w.size() <= max, "size " + w.size() + " over " + max);
      assertEquals(model.size(), w.size());
    }
  }
}
