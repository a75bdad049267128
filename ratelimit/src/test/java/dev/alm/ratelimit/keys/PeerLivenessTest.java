package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PeerLivenessTest {

  @Test
  void aPeerIsSilentOnlyAfterTheSilenceWithoutADatagramAndNeverItself() {
    PeerLiveness l = PeerLiveness.of(3, 1, KeyShareSettings.DEFAULTS, 10_000);
    assertFalse(l.silent(0, 11_000), "everyone counts as heard at the start");
    assertTrue(l.silent(0, 11_001));
    l.heard(0, 11_500);
    assertFalse(l.silent(0, 12_500));
    assertTrue(l.silentAt(12_501).test(0));
    assertTrue(l.silent(2, 20_000));
    assertFalse(l.silent(1, 99_000), "this PoP");
    l.heard(0, 5_000);
    assertTrue(l.silent(0, 12_501), "an older time does not move it back");
  }

  @Test
  void idsOutOfRangeAreNeitherHeardNorSilent() {
    PeerLiveness l = new PeerLiveness(2, 0, 500, 0);
    l.heard(7, 100);
    l.heard(-1, 100);
    assertFalse(l.silent(7, 10_000));
    assertThrows(IllegalArgumentException.class, () -> new PeerLiveness(2, 2, 500, 0));
  }
}
