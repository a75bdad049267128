package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.loop.Sample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The figures of a cluster run (flash-crowd recovery, settling, load), from hand-made samples. */
class ClusterSummaryTest {

  private static ClusterRun run(DoubleUnaryOperator ratioOfB) {
    return run(ratioOfB, t -> 0.5);
  }

  private static ClusterRun run(DoubleUnaryOperator ratioOfB, DoubleUnaryOperator xOfA) {
    ClusterConfig c =
        ClusterConfig.builder(BuiltinTopologies.paperFig2())
            .duration(Duration.ofSeconds(60))
            .flash(FlashCrowd.parse("b:5:20:30"))
            .build();
    List<Sample> samples = new ArrayList<>();
    for (int t = 1; t <= 60; t++) {
      samples.add(
          new Sample(
              t, "a", xOfA.applyAsDouble(t), 1, 1, 0.1, 50, 100, 100, "normal", 0, 1, Double.NaN));
      samples.add(
          new Sample(
              t,
              "b",
              0.5,
              1,
              1,
              0.1,
              100 * ratioOfB.applyAsDouble(t),
              100,
              100,
              "normal",
              0,
              1,
              Double.NaN));
    }
    return new ClusterRun(c, samples, Map.of(), 60, 300, List.of(), List.of(), List.of());
  }

  @Test
  void recoveryIgnoresAQuietIntervalAmidOverload() {
    // over 1.1 T from 21 to 27 except at 25; quiet from 28 on
    ClusterSummary s = ClusterSummary.of(run(t -> t >= 21 && t <= 27 && t != 25 ? 2 : 0.9));
    assertEquals(8, s.recoverySeconds(), 1e-9);
  }

  @Test
  void stillOverloadedAtTheFlashsEndIsNever() {
    ClusterSummary s = ClusterSummary.of(run(t -> t >= 21 && t <= 50 && t % 3 != 0 ? 1.5 : 0.9));
    assertTrue(Double.isInfinite(s.recoverySeconds()));
  }

  @Test
  void overloadAfterTheFlashDoesNotCount() {
    ClusterSummary s = ClusterSummary.of(run(t -> t == 21 || t > 50 ? 1.5 : 0.9));
    assertEquals(2, s.recoverySeconds(), 1e-9);
  }

  @Test
  void settledIsTheLastIntervalWithAChangeOfAtLeastTheSettledStep() {
    // a's x steps by 0.02 up to t = 40, then by 0.005 (every interval) and once by 0.0125 at t = 50
    ClusterSummary s =
        ClusterSummary.of(
            run(t -> 0.9, t -> t <= 40 ? 0.02 * t : t < 50 ? 0.8 + 0.005 * (t % 2) : 0.8175));
    ClusterSummary.PopFigures a = s.pops().get("a");
    assertEquals(50, a.settledSeconds(), 1e-9);
    assertEquals(50, s.settledSeconds(), 1e-9, "b never changed: a settles last");
    // the second half is t = 31..60: changes of 0.02 at 31..40, one of 0.0125 at 50
    assertEquals(11, a.largeXChangesLastHalf());
    assertEquals(0.02, a.maxXChangeLastHalf(), 1e-9);
    assertEquals(0, s.pops().get("b").largeXChangesLastHalf());
    assertEquals(0.9, s.pops().get("b").meanLoadRatioLastHalf(), 1e-9);
  }
}
