package dev.alm.ratelimit.keys;

import org.junit.jupiter.api.Test;

class ScratchTest {
  @Test
  void scratch() {
    KeyedScenario s = new KeyedScenario(
        10, 1_000_000, 1.1, 400_000, KeyWindow.parse("1m"), 0, 0.05, 0.01, 2, 0.01, 70, 180, 20, 1,
        KeyShareSettings.DEFAULTS);
    System.out.println(KeyedSimulation.run(s, null));
  }
}
