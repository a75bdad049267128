package dev.alm.drl.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyShareSettings;
import dev.alm.ratelimit.keys.KeyWindow;
import dev.alm.ratelimit.keys.KeyedLimiter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where keys' homes go when a peer is reported down, and what a round sends when idle. */
class KeySharingHomesTest {

  private static final KeyRing RING = KeyRing.ofText("the-fleet-gossip-key-0123456789");
  private static final long NOW = 1_700_000_000_000L;

  private static KeySharing sharing() {
    KeyedLimiter limiter = new KeyedLimiter(KeyWindow.parse("1m"), KeyShareSettings.DEFAULTS);
    KeyedCustomer customer = new KeyedCustomer("api", limiter);
    KeySharing s = new KeySharing(0, 3, RING, 1, () -> List.of(customer));
    s.membership(1, true);
    s.membership(2, true);
    return s;
  }

  /** A key whose home is PoP 2 while all three are up. */
  private static long keyHomedAt2(KeySharing s) {
    for (long k = 1; ; k++) {
      if (s.homeOf(k) == 2) {
        return k;
      }
    }
  }

  @Test
  void aPeerDownKeepsItsKeysForTheGraceAndLosesThemAfter() {
    KeySharing s = sharing();
    long key = keyHomedAt2(s);
    s.membership(2, false);
    s.round(NOW);
    s.round(NOW + KeySharing.HOME_GRACE_MILLIS - 1);
    assertEquals(2, s.homeOf(key), "a partition or restart shorter than the grace moves nothing");
    s.round(NOW + KeySharing.HOME_GRACE_MILLIS);
    assertNotEquals(2, s.homeOf(key));
    s.membership(2, true);
    assertEquals(2, s.homeOf(key), "a peer that joins takes its keys back at once");
  }

  @Test
  void aPeerBackWithinTheGraceNeverMovedItsKeys() {
    KeySharing s = sharing();
    long key = keyHomedAt2(s);
    s.membership(2, false);
    s.round(NOW);
    s.membership(2, true);
    s.round(NOW + 2 * KeySharing.HOME_GRACE_MILLIS);
    assertEquals(2, s.homeOf(key));
  }

  @Test
  void anIdleRoundSendsEachPeerAnEmptySignOfLifeEveryFewRounds() {
    KeySharing s = sharing();
    long round = KeyShareSettings.DEFAULTS.roundMillis();
    assertEquals(2, s.round(NOW).size(), "one empty datagram to each peer");
    assertEquals(0, s.round(NOW + round).size());
    assertEquals(0, s.round(NOW + 2 * round).size());
    List<Datagram> third = s.round(NOW + 3 * round);
    assertEquals(2, third.size());
    assertTrue(third.stream().allMatch(d -> d.bytes().length < 64), "empty: header and MAC");
  }
}
