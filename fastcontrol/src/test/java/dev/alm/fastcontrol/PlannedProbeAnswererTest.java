package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlannedProbeAnswererTest {

  private static final long MS = 1_000_000L;
  private static final ProbeAnswererConfig WINDOW =
      new ProbeAnswererConfig(Duration.ofMillis(100), 10);

  private static ProbePlan plan(double ra, double rb) {
    return new ProbePlan(
        "a", List.of("a", "b"), new double[] {ra, rb}, List.of(), ProbePlanConfig.ofGamma(1), 1);
  }

  /** Beacons at a steady 1000/s (one per ms) for {@code ms} milliseconds from {@code from}. */
  private static Map<String, Integer> beacons(PlannedProbeAnswerer a, long from, long ms) {
    Map<String, Integer> got = new HashMap<>();
    for (long t = from; t < from + ms; t++) {
      String c = a.category(t * MS);
      got.merge(c == null ? "-" : c, 1, Integer::sum);
    }
    return got;
  }

  @Test
  void handsOutEachCategoryWithProbabilityRateOverBeaconRate() {
    SplittableRandom r = new SplittableRandom(1);
    PlannedProbeAnswerer a = new PlannedProbeAnswerer(plan(100, 300), WINDOW, 0, r::nextDouble);
    Map<String, Integer> warm = beacons(a, 0, 1100);
    assertTrue(warm.getOrDefault("-", 0) >= 100, "no probes before the first bucket completes");
    assertEquals(1000, a.beaconRate(1100 * MS), 1e-9);
    Map<String, Integer> got = beacons(a, 1100, 100_000);
    // expected 10,000 of a (p = 0.1) and 30,000 of b (p = 0.3) out of 100,000 beacons
    assertEquals(10_000, got.get("a"), 4 * Math.sqrt(10_000 * 0.9));
    assertEquals(30_000, got.get("b"), 4 * Math.sqrt(30_000 * 0.7));
    AnswererStats s = a.stats(101_100 * MS);
    assertEquals(101_100, s.beacons());
    assertEquals(0, s.clippedBeacons());
    assertFalse(s.clipped());
    assertEquals(
        got.get("a") + got.get("b") + warm.getOrDefault("a", 0) + warm.getOrDefault("b", 0),
        s.probes());
  }

  @Test
  void clipsProportionallyWhenThePlanExceedsTheBeaconRate() {
    SplittableRandom r = new SplittableRandom(2);
    PlannedProbeAnswerer a = new PlannedProbeAnswerer(plan(1000, 3000), WINDOW, 0, r::nextDouble);
    beacons(a, 0, 1100);
    Map<String, Integer> got = beacons(a, 1100, 40_000);
    assertNull(got.get("-"), "a clipped plan gives every beacon a probe");
    assertEquals(10_000, got.get("a"), 4 * Math.sqrt(10_000 * 0.75));
    AnswererStats s = a.stats(41_100 * MS);
    assertTrue(s.clipped());
    assertEquals(0.25, s.deliverable(), 1e-9);
    assertTrue(s.clippedBeacons() >= 40_000);
  }

  @Test
  void aSeededBeaconRateHandsOutProbesFromTheFirstBeacon() {
    SplittableRandom r = new SplittableRandom(4);
    PlannedProbeAnswerer a = new PlannedProbeAnswerer(plan(100, 300), WINDOW, 0, r::nextDouble);
    a.seedBeaconRate(1000);
    Map<String, Integer> first = beacons(a, 0, 1000); // the first bucket, not yet completed
    assertEquals(
        100, first.getOrDefault("a", 0), 4 * Math.sqrt(100 * 0.9), "p = 100 / 1000 from the seed");
    assertEquals(300, first.getOrDefault("b", 0), 4 * Math.sqrt(300 * 0.7));
    assertEquals(0, a.stats(999 * MS).warmupBeacons(), "no beacon waited for the window");
  }

  @Test
  void planCanBeReplacedAtAnyTime() {
    SplittableRandom r = new SplittableRandom(3);
    PlannedProbeAnswerer a =
        new PlannedProbeAnswerer(
            ProbePlan.none("a", ProbePlanConfig.ofGamma(1)), WINDOW, 0, r::nextDouble);
    Map<String, Integer> none = beacons(a, 0, 2000);
    assertEquals(Map.of("-", 2000), none);
    a.replacePlan(plan(0, 1000));
    assertEquals(Map.of("b", 1000), beacons(a, 2000, 1000));
    assertEquals(1000, a.plan().totalRate(), 0);
  }

  @Test
  void noneAnswererNeverProbes() {
    assertNull(ProbeAnswerer.NONE.category(0));
  }

  @Test
  void pickFindsTheFirstCumulativeWeightAboveTheDraw() {
    double[] cum = {1, 1, 3, 6};
    assertEquals(0, PlannedProbeAnswerer.pick(cum, 0));
    assertEquals(2, PlannedProbeAnswerer.pick(cum, 1), "an empty slot is never picked");
    assertEquals(2, PlannedProbeAnswerer.pick(cum, 2.9));
    assertEquals(3, PlannedProbeAnswerer.pick(cum, 3));
    assertEquals(3, PlannedProbeAnswerer.pick(cum, 7), "beyond the total: the last");
  }
}
