package dev.alm.lab;

/**
 * Lab settings for the tests: the dual at 1 s, TTL 2 s, gamma 5, no refresh; the rest given
 * (withholdC: the PoPs get the unit matrix instead of C).
 */
final class TestSettings {
  private TestSettings() {}

  static LabSettings of(
      String topology,
      String out,
      double loadUnit,
      int caches,
      double beacons,
      String betaSource,
      boolean withholdC) {
    return new LabSettings(
        topology,
        out,
        "dual",
        1000,
        loadUnit,
        caches,
        2,
        beacons,
        4,
        5,
        0.2,
        0.15,
        2,
        0.3,
        64,
        1,
        0.1,
        0,
        "measured",
        2,
        20,
        betaSource,
        withholdC,
        0,
        0,
        null);
  }
}
