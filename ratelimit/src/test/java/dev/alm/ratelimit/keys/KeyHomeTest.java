package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyHomeTest {

  private static KeyReport report(long key, int window, int count, int arrivals, boolean shared) {
    return new KeyReport(key, window, 100, count, arrivals, 10, 0, shared);
  }

  @Test
  void aKeyOnePopReportsNeedsNoGrant() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, report(1, 0, 10, 10, false), 1_000);
    assertEquals(List.of(), h.round(1_000));
  }

  @Test
  void aKeyTwoPopsReportIsGrantedToBothWithTheTotals() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, report(1, 0, 30, 40, false), 1_000);
    h.receive(3, report(1, 0, 10, 20, false), 1_000);
    List<KeyHome.Addressed> g = h.round(1_000);
    assertEquals(2, g.size());
    KeyGrant to0 = g.get(0).pop() == 0 ? g.get(0).grant() : g.get(1).grant();
    assertEquals(new KeyGrant(1, 0, 40, 60, 30, 40, 10), to0);
    assertEquals(List.of(), h.round(1_100), "nothing changed since");
  }

  @Test
  void aSharedKeyReportedAloneLearnsItIsAloneOnceTheOthersHadTimeToReport() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(2, report(1, 0, 3, 3, true), 1_000);
    assertEquals(List.of(), h.round(1_000), "the others' first reports may be on their way");
    assertEquals(List.of(), h.round(1_300));
    List<KeyHome.Addressed> g = h.round(1_400);
    assertEquals(1, g.size());
    assertEquals(new KeyGrant(1, 0, 3, 3, 3, 3, 0), g.get(0).grant());
  }

  @Test
  void aSharedKeyReportedAloneWhileTheOthersReportIsSplitNotHandedWhole() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(2, report(1, 0, 3, 3, true), 1_000);
    assertEquals(List.of(), h.round(1_000));
    h.receive(5, report(1, 0, 4, 4, true), 1_100);
    List<KeyHome.Addressed> g = h.round(1_100);
    assertEquals(2, g.size());
    assertEquals(7, g.get(0).grant().total());
  }

  @Test
  void aSilentReporterCountsAtTheMostItMayAdmitAloneNotAtItsLastReport() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, report(1, 0, 30, 40, false), 1_000);
    h.receive(1, report(1, 0, 10, 20, false), 1_000);
    h.round(1_000);
    h.receive(0, report(1, 0, 31, 41, false), 1_100);
    h.round(1_100);
    // PoP 0's grants: 40 then 41 counted of 100, its parts of the rest 40/60 and 41/61: alone it
    // may reach 30 + 40 = 70 after the first and 31 + 40 = 71 after the second
    h.receive(1, report(1, 0, 12, 22, false), 3_000);
    KeyGrant heard = h.round(3_000).get(0).grant();
    assertEquals(31 + 12, heard.total(), "PoP 0 heard from: its last count");
    // that round's grant to PoP 0 (43 of 100, its part 41/63 of the rest): 31 + 38 = 69, but
    // it may be lost, so the 71 before it still counts
    h.receive(1, report(1, 0, 13, 23, false), 3_100);
    KeyGrant silent =
        h.round(3_100, pop -> pop == 0).stream()
            .filter(a -> a.pop() == 1)
            .findFirst()
            .orElseThrow()
            .grant();
    assertEquals(71 + 13, silent.total(), "PoP 0 silent: the most it may admit alone");
  }

  @Test
  void anOthersCountIsProjectedByItsAdmittedRateNoFurtherThanItWouldReportAgain() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, new KeyReport(1, 0, 100, 50, 60, 20, 20, false), 1_000);
    h.receive(1, report(1, 0, 5, 5, false), 1_500);
    KeyGrant to1 =
        h.round(1_500).stream().filter(a -> a.pop() == 1).findFirst().orElseThrow().grant();
    // 20/s for 0.5 s = 10 more at PoP 0, under the 25 it would report again after
    assertEquals(65, to1.total());
    h.receive(1, report(1, 0, 6, 6, false), 60_000);
    KeyGrant later =
        h.round(59_999).stream().filter(a -> a.pop() == 1).findFirst().orElseThrow().grant();
    assertEquals(50 + 25 + 6, later.total(), "capped at a quarter of the limit");
  }

  @Test
  void aPopSilentAcrossAWindowBoundaryCountsAtThePartItStartsTheNewWindowWith() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, report(1, 0, 50, 60, false), 1_000);
    h.receive(1, report(1, 0, 20, 40, false), 1_000);
    h.round(1_000);
    h.receive(1, report(1, 1, 1, 1, true), 61_000);
    assertEquals(List.of(), h.round(61_000), "PoP 0 heard from: PoP 1 waits for its report");
    KeyGrant g = h.round(61_100, pop -> pop == 0).get(0).grant();
    // PoP 0 had 60 of the 100 arrivals: it starts window 1 with 60 of the limit
    assertEquals(60 + 1, g.total());
  }

  @Test
  void reportsOfAnOlderWindowAreDroppedAndANewerOneStartsIt() {
    KeyHome h = new KeyHome(KeyShareSettings.DEFAULTS);
    h.receive(0, report(1, 5, 1, 1, false), 0);
    h.receive(1, report(1, 4, 1, 1, false), 0);
    assertEquals(1, h.stale());
    h.receive(1, report(2, 6, 1, 1, false), 0);
    assertEquals(1, h.keys(), "window 6 started empty");
  }

  @Test
  void newKeysOverTheBoundAreRefusedAndCounted() {
    KeyShareSettings s = new KeyShareSettings(0.05, 0.01, 0.25, 100, 2_000, 3, 1 << 10, 10);
    KeyHome h = new KeyHome(s);
    for (long k = 0; k < 25; k++) {
      h.receive(0, report(k, 0, 1, 1, false), 0);
    }
    assertEquals(10, h.keys());
    assertEquals(15, h.refused());
    assertTrue(h.round(0).isEmpty());
  }
}
