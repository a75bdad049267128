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
    return LabSettings.builder()
        .topology(topology)
        .out(out)
        .loadUnit(loadUnit)
        .resolverCaches(caches)
        .fcBeaconsPerUnit(beacons)
        .gamma(5)
        .greedyGain(2)
        .startX(0.3)
        .betaSource(betaSource)
        .withholdC(withholdC)
        .build();
  }
}
