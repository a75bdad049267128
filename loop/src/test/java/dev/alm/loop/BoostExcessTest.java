package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The boost's excess: counted while boosting, given back only after a deep spell. */
class BoostExcessTest {

  @Test
  void theExcessAddsUpWhileBoostingAndResetsTheDeepCount() {
    BoostExcess e = BoostExcess.NONE.boosted(5).boosted(-1).boosted(3);
    assertEquals(8, e.price(), 1e-12, "a boost below the plain step adds nothing");
    assertEquals(0, e.unboosted(10, 100, 80).boosted(1).deepIntervals());
  }

  @Test
  void nothingComesBackBeforeTheLoadHasBeenDeepLongEnough() {
    BoostExcess e = new BoostExcess(10, 0);
    for (int k = 1; k < BoostExcess.DEEP_INTERVALS; k++) {
      e = e.unboosted(30, 100, 80); // 30 < 0.5 * min(100, 80)
      assertEquals(0, e.giveBack(), "interval " + k);
    }
    e = e.unboosted(30, 100, 80);
    assertEquals(BoostExcess.RETURN_SHARE * 10, e.giveBack(), 1e-12);
    assertEquals(10 - BoostExcess.RETURN_SHARE * 10, e.after(e.giveBack(), 50).price(), 1e-12);
  }

  @Test
  void aLoadNearTheLevelOrAnUnknownLevelIsNotDeep() {
    BoostExcess e = new BoostExcess(10, BoostExcess.DEEP_INTERVALS);
    assertEquals(0, e.unboosted(45, 100, 80).deepIntervals(), "45 is above 0.5 * 80");
    assertEquals(0, e.unboosted(10, 100, Double.NaN).deepIntervals());
  }

  @Test
  void theExcessIsNeverMoreThanThePriceLeft() {
    assertEquals(2, new BoostExcess(10, 0).after(0, 2).price(), 1e-12);
    assertEquals(0, new BoostExcess(10, 0).after(0, -1).price(), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> new BoostExcess(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new BoostExcess(Double.NaN, 0));
  }
}
