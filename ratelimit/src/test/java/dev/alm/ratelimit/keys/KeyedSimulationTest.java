package dev.alm.ratelimit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyedSimulationTest {

  static KeyedScenario small(double multi, double roam) {
    return new KeyedScenario(
        4,
        20_000,
        1.1,
        20_000,
        KeyWindow.parse("1m"),
        0,
        0.05,
        multi,
        2,
        roam,
        70,
        180,
        20,
        1,
        KeyShareSettings.DEFAULTS);
  }

  @Test
  void keysOverTheirLimitGetItAndKeysUnderItAreNeverRefused() {
    KeyedResult r = KeyedSimulation.run(small(0.05, 0.1), null);
    System.out.println(r);
    assertEquals(3, r.windows());
    assertTrue(r.over().n() > 1000, "keys over: " + r.over().n());
    assertTrue(r.over().p99() <= 1.10, "p99 " + r.over().p99());
    assertTrue(Math.abs(r.over().median() - 1) <= 0.02, "median " + r.over().median());
    assertTrue(r.overMulti().n() > 20, "multi " + r.overMulti().n());
    assertTrue(r.overMulti().p99() <= 1.10, "multi p99 " + r.overMulti().p99());
  }
}
