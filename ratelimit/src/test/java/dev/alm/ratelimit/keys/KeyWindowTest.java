package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyWindowTest {

  @Test
  void readsEveryLengthFixedOrSliding() {
    assertEquals(new KeyWindow(1_000, false), KeyWindow.parse("1s"));
    assertEquals(new KeyWindow(60_000, false), KeyWindow.parse("minute"));
    assertEquals(new KeyWindow(3_600_000, true), KeyWindow.parse(" 1h  sliding "));
    assertEquals(new KeyWindow(86_400_000, false), KeyWindow.parse("DAY fixed"));
    for (String t : new String[] {"1s", "1m", "1h sliding", "1d"}) {
      assertEquals(t, KeyWindow.parse(t).text());
    }
  }

  @Test
  void refusesWhatItCannotRead() {
    for (String bad : new String[] {"", "2m", "1h rolling", "1h sliding x", "60"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> KeyWindow.parse(bad));
      assertTrue(e.getMessage().startsWith("window: "), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> KeyWindow.parse(null));
    assertThrows(IllegalArgumentException.class, () -> new KeyWindow(5_000, false));
  }

  @Test
  void windowsAreAlignedToTheEpoch() {
    KeyWindow m = KeyWindow.parse("1m");
    assertEquals(0, m.id(59_999));
    assertEquals(1, m.id(60_000));
    assertEquals(1, m.millisLeft(59_999));
    assertEquals(60_000, m.millisLeft(60_000));
    assertEquals(60, m.seconds());
  }

  @Test
  void onlyASlidingWindowCarriesThePreviousCount() {
    KeyWindow fixed = KeyWindow.parse("1m");
    KeyWindow sliding = KeyWindow.parse("1m sliding");
    assertEquals(0, fixed.carried(100, 75_000));
    assertEquals(75, sliding.carried(100, 75_000), 1e-9);
    assertEquals(100, sliding.carried(100, 60_000), 1e-9);
    assertFalse(sliding.carried(0, 60_000) > 0);
  }
}
