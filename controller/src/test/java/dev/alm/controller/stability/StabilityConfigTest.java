package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StabilityConfigTest {

  @Test
  void defaultsAreTheNamedConstants() {
    StabilityConfig c = StabilityConfig.defaults();
    assertEquals(StabilityConfig.DEFAULT_GAIN, c.gain());
    assertEquals(1.0, c.gain());
    assertEquals(StabilityConfig.DEFAULT_RANDOM_STARTS, c.randomStarts());
    assertEquals(StabilityConfig.DEFAULT_SEED, c.seed());
    assertEquals(StabilityConfig.DEFAULT_DEDUP_TOLERANCE, c.dedupTolerance());
  }

  @Test
  void withersChangeOneSetting() {
    StabilityConfig c =
        StabilityConfig.defaults()
            .withGain(2)
            .withRandomStarts(3)
            .withSeed(9)
            .withSettling(1e-8, 10);
    assertEquals(2, c.gain());
    assertEquals(3, c.randomStarts());
    assertEquals(9, c.seed());
    assertEquals(1e-8, c.tolerance());
    assertEquals(10, c.horizon());
    assertEquals(StabilityConfig.DEFAULT_BOUNDARY_TOLERANCE, c.boundaryTolerance());
  }

  @Test
  void rejectsInvalidValues() {
    StabilityConfig d = StabilityConfig.defaults();
    assertThrows(IllegalArgumentException.class, () -> d.withGain(0));
    assertThrows(IllegalArgumentException.class, () -> d.withGain(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> d.withRandomStarts(-1));
    assertThrows(IllegalArgumentException.class, () -> d.withSettling(0, 1));
    assertThrows(
        IllegalArgumentException.class, () -> d.withSettling(1e-9, Double.POSITIVE_INFINITY));
    assertThrows(
        IllegalArgumentException.class,
        () -> StabilityConfig.builder().boundaryTolerance(0.5).build());
    assertThrows(
        IllegalArgumentException.class, () -> StabilityConfig.builder().dedupTolerance(0).build());
    assertThrows(
        IllegalArgumentException.class, () -> StabilityConfig.builder().eigenTolerance(-1).build());
  }
}
