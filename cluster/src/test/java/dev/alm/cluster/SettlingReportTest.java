package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.sim.SettlingMeasure;
import dev.alm.loop.Sample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** Cold-start settling and recovery after events, from hand-made samples of two PoPs. */
class SettlingReportTest {

  /**
   * 60 intervals (t = 1..60) of PoPs a and b; b's S/T and a's x as given, a at 0.5 T, b's x 0.5.
   */
  private static List<Sample> samples(IntToDoubleFunction ratioOfB, IntToDoubleFunction xOfA) {
    List<Sample> samples = new ArrayList<>();
    for (int t = 1; t <= 60; t++) {
      samples.add(sample(t, "a", xOfA.applyAsDouble(t), 0.5));
      samples.add(sample(t, "b", 0.5, ratioOfB.applyAsDouble(t)));
    }
    return samples;
  }

  private static Sample sample(double t, String pop, double x, double ratio) {
    return new Sample(t, pop, x, 1, 1, 0.1, 100 * ratio, 100, 100, "normal", 0, 1, Double.NaN);
  }

  @Test
  void theSeriesHasOneRowPerIntervalAndOneColumnPerPop() {
    List<Sample> s = samples(t -> 0.01 * t, t -> 0.02 * t);
    s.add(sample(61, "a", 0.9, 0.5)); // a reported an interval b did not: left out
    SettlingReport.Series series = SettlingReport.Series.of(s);
    assertEquals(60, series.size());
    assertEquals(7, series.t()[6], 1e-12);
    assertArrayEquals(new double[] {0.5, 0.07}, series.ratio()[6], 1e-12);
    assertArrayEquals(new double[] {0.14, 0.5}, series.x()[6], 1e-12);
  }

  @Test
  void coldStartIsTheMeasureOfTheRunsSeries() {
    // a's x comes down from 0.9 to 0.5 by t = 10; b is at 2 T at t = 3 and 4
    IntToDoubleFunction ratio = t -> t == 3 || t == 4 ? 2 : 0.8;
    IntToDoubleFunction x = t -> t < 10 ? 0.9 - 0.04 * t : 0.5;
    SettlingReport.Series series = SettlingReport.Series.of(samples(ratio, x));
    OptionalInt expected = SettlingMeasure.coldStart(series.ratio(), series.x());
    assertEquals(9, expected.getAsInt(), "x reaches 0.54 at t = 9, within 0.05 of 0.5");
    assertEquals(expected, SettlingReport.of(samples(ratio, x), List.of()).coldStartIntervals());
  }

  @Test
  void aRunStillMovingAtItsEndHasNotSettled() {
    SettlingReport r = SettlingReport.of(samples(t -> 0.8, t -> 0.03 * t), List.of());
    assertTrue(r.coldStartIntervals().isEmpty());
    assertEquals(OptionalInt.of(0), r.coldStartOverloadIntervals(), "never overloaded");
  }

  @Test
  void eachEventsRecoveryRunsToTheNextEvent() {
    // b above 1.1 T from 21 to 24 (after an event at 20), and from 41 to 60 (after one at 40)
    IntToDoubleFunction ratio = t -> (t >= 21 && t <= 24) || t > 40 ? 1.6 : 0.9;
    List<SettlingReport.Event> events =
        List.of(new SettlingReport.Event("restart b", 20), new SettlingReport.Event("x", 40));
    SettlingReport r = SettlingReport.of(samples(ratio, t -> 0.5), events);
    // the first interval after 20 is t = 21 (index 20); the windows ending at t = 21..27 hold two
    // or more of the 1.6s, the one ending at t = 28 one (mean 1.04): 7 intervals after the drill
    assertEquals(OptionalInt.of(7), r.recoveries().get(0).intervals());
    assertEquals("restart b", r.recoveries().get(0).event().label());
    assertTrue(r.recoveries().get(1).intervals().isEmpty(), "still above at the end");
  }

  @Test
  void anOverloadAfterTheNextEventDoesNotCount() {
    IntToDoubleFunction ratio = t -> t > 40 ? 1.6 : 0.9;
    List<SettlingReport.Event> events =
        List.of(new SettlingReport.Event("x", 40), new SettlingReport.Event("kill b", 20));
    SettlingReport r = SettlingReport.of(samples(ratio, t -> 0.5), events);
    assertTrue(r.recoveries().get(0).intervals().isEmpty());
    assertEquals(OptionalInt.of(0), r.recoveries().get(1).intervals(), "never above to t = 40");
  }

  @Test
  void theClusterSummaryCarriesTheDrillsAndTheFlashs() {
    ClusterConfig c =
        ClusterConfig.builder(BuiltinTopologies.paperFig2())
            .duration(Duration.ofSeconds(60))
            .flash(FlashCrowd.parse("b:5:30:10"))
            .build();
    // a restart at 10 s overloads b for 3 intervals; the flash from 30 s to 40 s for 6
    IntToDoubleFunction ratio = t -> (t >= 11 && t <= 13) || (t >= 31 && t <= 36) ? 1.8 : 0.8;
    DrillOutcome restart =
        new DrillOutcome(new Drill(Drill.Kind.RESTART, "b", 10), 10, 0.5, 20, 0.5, 20, 60);
    ClusterRun run =
        new ClusterRun(
            c, samples(ratio, t -> 0.5), Map.of(), 60, 300, List.of(restart), List.of(), List.of());
    ClusterSummary s = ClusterSummary.of(run);
    SettlingReport.Series series = SettlingReport.Series.of(run.samples());
    assertEquals(
        SettlingMeasure.recovery(series.ratio(), 10, 30), s.drills().get(0).recoveryIntervals());
    assertEquals(SettlingMeasure.recovery(series.ratio(), 30, 40), s.flashStartRecoveryIntervals());
    assertEquals(OptionalInt.of(0), s.flashEndRecoveryIntervals());
    assertTrue(s.drills().get(0).recoveryIntervals().getAsInt() > 0);
    assertTrue(s.flashStartRecoveryIntervals().getAsInt() > 3);
    // the cold start is over before the first event (the restart at 10 s): settled at once there
    assertEquals(series.coldStart(10), s.coldStartIntervals());
    assertEquals(OptionalInt.of(1), s.coldStartIntervals());
  }

  @Test
  void eventsTheRunDoesNotHoldEndTheColdStartToo() {
    // the lab's drills are not the run's own: a drill at 20 s overloads b from 21 to 60
    ClusterConfig c =
        ClusterConfig.builder(BuiltinTopologies.paperFig2())
            .duration(Duration.ofSeconds(60))
            .build();
    ClusterRun run =
        new ClusterRun(
            c,
            samples(t -> t > 20 ? 1.6 : 0.8, t -> 0.5),
            Map.of(),
            60,
            300,
            List.of(),
            List.of(),
            List.of());
    assertTrue(ClusterSummary.of(run).coldStartIntervals().isEmpty(), "over the whole run");
    ClusterSummary lab =
        ClusterSummary.of(run, List.of(new SettlingReport.Event("withdraw p6", 20)));
    assertEquals(OptionalInt.of(1), lab.coldStartIntervals(), "before the drill at 20 s");
    assertEquals(OptionalInt.of(0), lab.coldStartOverloadIntervals());
  }
}
