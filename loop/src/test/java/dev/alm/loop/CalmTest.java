package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** One input's calm: a surge resets it, a drift halves it, steady counts lengthen it. */
class CalmTest {
  private final Settling settling = Settling.DEFAULT;

  private static Calm steady(int intervals) {
    Calm c = Calm.ALARMED;
    for (int k = 0; k < intervals; k++) {
      c = c.next(0, 100, false, Settling.DEFAULT);
    }
    return c;
  }

  @Test
  void steadyCountsLengthenTheCalmAndShrinkTheGain() {
    Calm c = steady(48);
    assertEquals(48, c.intervals());
    assertEquals(1.0 / 9, c.scale(settling), 1e-12);
  }

  @Test
  void aSurgeResetsTheGainToFull() {
    Calm c = steady(48).next(0, 100, true, settling);
    assertEquals(Calm.ALARMED, c);
    assertEquals(1, c.scale(settling));
  }

  @Test
  void aDriftHalvesTheCalmAndStartsANewSum() {
    Calm before = steady(48);
    // 48 intervals of variance 100 each: sigma of the sum is sqrt(4900) = 70; 4 sigma = 280
    Calm after = before.next(281, 100, false, settling);
    assertEquals(24, after.intervals(), "48 + 1 intervals summed: the calm halves");
    assertEquals(0, after.summed());
    assertEquals(0, after.drift());
    assertEquals(0, after.variance());
    assertEquals(0.2, after.scale(settling), 1e-12);
    assertTrue(after.scale(settling) > before.scale(settling));
  }

  @Test
  void aDriftThatGoesOnHoldsTheCalmNearItsDetectionTime() {
    Calm c = steady(200);
    // 2 sigma of one interval's count too many, every interval: the change detector passes 4 after
    // 5 intervals (the long calm sum would take far longer), and again 5 intervals after each alarm
    int alarms = 0;
    for (int k = 0; k < 100; k++) {
      long calmBefore = c.intervals();
      c = c.next(20, 100, false, settling);
      if (k >= 50 && c.intervals() < calmBefore) {
        alarms++;
      }
    }
    assertEquals(10, alarms, "an alarm every 5 intervals");
    // after each alarm the calm is 4 (a change's span) and grows to 8 before the next one
    assertTrue(
        c.intervals() >= 4 && c.intervals() <= 8,
        "calm held at the detection time: " + c.intervals());
    assertTrue(c.scale(settling) >= 0.4, "the gain follows the drift: " + c.scale(settling));
  }

  @Test
  void aDriftThatAlarmsSoonAfterTheLastOneBringsTheGainNearlyBackToFull() {
    Calm c = steady(48).next(281, 100, false, settling);
    assertEquals(24, c.intervals());
    // 5 sigma in one interval: not a surge (8), but a new sum passes 4 sigma at once: a fast drift
    c = c.next(50, 100, false, settling);
    assertEquals(1, c.intervals(), "the sum alarmed after one interval: calm 1");
    assertEquals(6.0 / 7, c.scale(settling), 1e-12);
  }

  @Test
  void aChangeOfSignAfterALongDriftAlarmsWithinAFewIntervals() {
    // 48 intervals each 0.3 sigma above what was expected: the long sum holds +144, under its
    // 4 sigma of 277
    Calm c = Calm.ALARMED;
    for (int k = 0; k < 48; k++) {
      c = c.next(3, 100, false, settling);
    }
    assertEquals(48, c.intervals(), "no alarm yet");
    // then 3 sigma below, every interval (a load that fell back): the long sum must first cancel
    // its +144 and would alarm after about 16 intervals; the change detector alarms after 3
    int k = 0;
    long before;
    do {
      before = c.intervals();
      c = c.next(-30, 100, false, settling);
      k++;
    } while (c.intervals() > before && k < 20);
    assertEquals(3, k, "the change detector alarmed");
    assertEquals(Calm.CHANGE_SPAN, c.intervals(), "the calm drops to the change's span");
    assertTrue(c.scale(settling) >= 0.6, "the gain is nearly full again: " + c.scale(settling));
  }
}
