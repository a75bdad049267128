package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class KeyedLimiterTest {

  private static final KeyWindow MINUTE = KeyWindow.parse("1m");

  @Test
  void aKeySeenHereAloneGetsItsWholeLimitEachWindow() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    for (int i = 0; i < 10; i++) {
      assertEquals(9 - i, l.admit(7, 10, 1_000 + i));
    }
    assertEquals(-1, l.admit(7, 10, 2_000));
    assertEquals(9, l.admit(8, 10, 2_000), "another key has its own count");
    assertEquals(9, l.admit(7, 10, 60_000), "the next window starts again");
  }

  @Test
  void aSlidingWindowWeighsThePreviousWindow() {
    KeyedLimiter l = new KeyedLimiter(KeyWindow.parse("1m sliding"), KeyShareSettings.DEFAULTS);
    for (int i = 0; i < 10; i++) {
      l.admit(1, 10, 50_000);
    }
    // 45 s into the next window a quarter of the last window's 10 still counts: 7 left, not 10
    int admitted = 0;
    while (l.admit(1, 10, 105_000) >= 0) {
      admitted++;
    }
    assertEquals(7, admitted);
  }

  @Test
  void byDefaultAKeyIsReportedAtItsFirstRequestInAWindow() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    l.admit(5, 100, 1_000);
    assertEquals(1, l.reports(1_100).size());
    l.admit(5, 100, 1_200);
    assertEquals(List.of(), l.reports(1_300), "then after a quarter of its limit");
    l.admit(5, 100, 61_000);
    assertEquals(1, l.reports(61_100).size(), "and first again in the next window");
  }

  @Test
  void aKeyIsReportedOnceItsArrivalsReachThetaLThenAfterEachQuarterOfItsLimit() {
    KeyShareSettings theta =
        new KeyShareSettings(0.05, 0.01, 0.25, 100, 2_000, 3, 1 << 20, 1 << 20);
    KeyedLimiter l = new KeyedLimiter(MINUTE, theta);
    for (int i = 0; i < 4; i++) {
      l.admit(5, 100, 1_000);
    }
    assertEquals(List.of(), l.reports(1_100), "4 of 100 is under theta = 5%");
    l.admit(5, 100, 1_200);
    List<KeyReport> first = l.reports(1_300);
    assertEquals(1, first.size());
    assertEquals(5, first.get(0).count());
    assertEquals(100, first.get(0).limit());
    for (int i = 0; i < 24; i++) {
      l.admit(5, 100, 1_400);
    }
    assertEquals(List.of(), l.reports(1_500), "24 more is under a quarter of the limit");
    l.admit(5, 100, 1_600);
    assertEquals(30, l.reports(1_700).get(0).count());
  }

  @Test
  void aGrantSplitsWhatIsLeftByTheArrivals() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    for (int i = 0; i < 20; i++) {
      l.admit(9, 100, 1_000);
    }
    l.reports(1_000);
    // the home counts 60 admitted over two PoPs, 20 of them here, and half of the arrivals here;
    // the other PoP arrives fast, so no reserve beyond the split applies
    l.grant(new KeyGrant(9, 0, 60, 80, 20, 40, 1_000), 1_100);
    int admitted = 0;
    while (l.admit(9, 100, 1_200) >= 0) {
      admitted++;
    }
    assertEquals(20, admitted, "half of the 40 left");
    assertEquals(1, l.reports(1_300).size(), "a key that became shared reports at once");
  }

  @Test
  void aKeyReportingEveryRoundUnansweredKeepsToItsShareAfterAFreshness() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    l.admit(9, 100, 1_000);
    l.reports(1_000);
    // the other PoP arrives slowly: while the home answers, the reserve leaves this PoP more
    // than its half of the 80 left
    l.grant(new KeyGrant(9, 0, 20, 2, 1, 1, 0.1f), 1_100);
    long t = 1_100;
    int admitted = 0;
    // the home falls silent; this PoP keeps reporting every round and is never answered
    for (int round = 0; round < 30; round++, t += 100) {
      if (l.admit(9, 100, t) >= 0) {
        admitted++;
      }
      l.reports(t);
    }
    int more = 0;
    while (l.admit(9, 100, t) >= 0) {
      more++;
    }
    assertEquals(1 + 40, 1 + admitted + more, "its own 1 and half of the 80 left, no more");
  }

  @Test
  void aGrantForAnotherWindowOrAForgottenKeyIsCounted() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    l.admit(1, 10, 1_000);
    l.grant(new KeyGrant(1, 5, 1, 1, 1, 1, 0), 1_000);
    l.grant(new KeyGrant(2, 0, 1, 1, 1, 1, 0), 1_000);
    assertEquals(2, l.staleGrants());
    assertEquals(9, l.admit(1, 10, 1_000) + 1, "the limit is untouched");
  }

  @Test
  void theTableIsBoundedAndForgetsTheLeastRecentlyAskedFor() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS.withMaxKeys(1_000));
    for (long k = 0; k < 1_100; k++) {
      l.admit(k, 10, 1_000 + k * 10);
    }
    assertEquals(1_100, l.keys(), "a round forgets, not the request path");
    int forgot = l.forget();
    // the oldest seconds first, down to 900 exactly: the keys of 1 to 2.99 s
    assertEquals(200, forgot);
    assertEquals(1_100 - forgot, l.keys());
    assertEquals(forgot, l.forgotten());
    assertEquals(forgot, l.forgottenCounting(), "every forgotten key had a count");
    assertEquals(9, l.admit(1_099, 10, 15_000) + 1, "the newest keys are kept");
    assertEquals(9, l.admit(0, 10, 15_000), "the oldest were forgotten: a fresh count");
  }

  @Test
  void aFloodOfNewKeysInOneSecondIsForgottenBeforeAKeyInUse() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS.withMaxKeys(1_000));
    long inUse = -1;
    l.admit(inUse, 10, 1_000);
    for (long k = 0; k < 1_200; k++) {
      l.admit(k, 10, 1_500);
      if (k == 600) {
        l.admit(inUse, 10, 1_600);
      }
    }
    assertEquals(1_201, l.keys());
    // every key last asked for in the same second: only those asked once go, and only to 900
    assertEquals(301, l.forget());
    assertEquals(900, l.keys());
    assertEquals(7, l.admit(inUse, 10, 1_700), "the key in use keeps its count of 2");
  }

  @Test
  void reportsNobodyTakesAreBoundedToAQuarterOfTheTable() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS.withMaxKeys(1_000));
    for (long k = 0; k < 1_000; k++) {
      l.admit(k, 10, 1_000);
    }
    assertEquals(250, l.reports(1_100).size(), "a proxy without an agent queues no more");
    l.admit(999, 10, 1_200);
    l.admit(998, 10, 1_200);
    assertEquals(2, l.reports(1_300).size(), "keys that found the queue full try again");
  }

  @Test
  void pastAQuarterOverTheBoundNewKeysAreAdmittedWithoutACount() {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS.withMaxKeys(1_000));
    for (long k = 0; k < 50_000; k++) {
      assertTrue(l.admit(k, 10, 1_000) >= 0);
    }
    assertEquals(1_250, l.keys());
    assertEquals(48_750, l.uncounted());
    assertTrue(l.admit(7, 10, 1_000) == 8, "a held key still counts");
  }

  /** Alone, a PoP never admits more than the limit in a fixed window, whatever arrives. */
  @Property(tries = 200)
  void aloneNeverOverTheLimit(
      @ForAll @IntRange(min = 1, max = 50) int limit,
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 180_000) Integer> times) {
    KeyedLimiter l = new KeyedLimiter(MINUTE, KeyShareSettings.DEFAULTS);
    int[] admitted = new int[4];
    times.stream()
        .sorted()
        .forEach(
            t -> {
              if (l.admit(3, limit, t) >= 0) {
                admitted[t / 60_000]++;
              }
            });
    for (int a : admitted) {
      assertTrue(a <= limit, a + " > " + limit);
    }
  }
}
