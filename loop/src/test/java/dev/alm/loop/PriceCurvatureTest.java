package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;
import org.junit.jupiter.api.Test;

/**
 * What the scaled price step divides by: the diagonal H_ii measured from the probes' counts and
 * rates, the row sum sigma_i from their weights, the topology's before either.
 */
class PriceCurvatureTest {

  private static final long SECOND = 1_000_000_000L;
  private final Topology fig2 = BuiltinTopologies.paperFig2();

  private ControlLoop loop(StepSize.Curvature curvature) {
    LoopConfig c =
        LoopConfig.builder(Algorithm.DUAL)
            .loadUnit(100)
            .betaSource(BetaSource.ECHO)
            .step(new StepSize.Scaled(LoopConfig.DEFAULT_THETA, false, curvature))
            .build();
    return new ControlLoop(c, fig2, 0);
  }

  /**
   * Interval k: the proxy above its capacity (S = 2 T), 40 probes counted and echoed per second,
   * their weights summing to {@code sigma} and their curvature sums to {@code h} per second.
   */
  private static Measurement reading(long k, double capacity, double sigma, double h) {
    return new Measurement(
        k * SECOND,
        2 * capacity * 100,
        40 * k,
        40 * k,
        100 * k,
        new EchoTotals(40 * k, 0, 0),
        40 * k,
        sigma * k,
        h * k,
        RequeryDemand.Totals.NONE);
  }

  private LoopState run(ControlLoop loop, double sigma, double h, int intervals) {
    LoopState s = loop.step(loop.initial(0.5, 1), reading(0, loop.capacity(), 0, 0));
    for (int k = 1; k <= intervals; k++) {
      s = loop.step(s, reading(k, loop.capacity(), sigma, h));
    }
    return s;
  }

  @Test
  void theDiagonalStepDividesByTheMeasuredCurvatureTheRowStepBySigma() {
    ControlLoop diagonal = loop(StepSize.Curvature.DIAGONAL);
    ControlLoop row = loop(StepSize.Curvature.ROW);
    // a proxy shared by several PoPs' users: H_ii 0.4 of sigma_i
    LoopState d = run(diagonal, 2.0, 0.8, 3);
    LoopState r = run(row, 2.0, 0.8, 3);
    assertEquals(2.0, d.estimates().sigma(), 1e-9);
    assertEquals(0.8, d.estimates().curvature(), 1e-9);
    assertEquals(0.8, diagonal.curvature(d), 1e-9);
    assertEquals(2.0, row.curvature(r), 1e-9);
    assertTrue(
        d.mu() - 1 > 2 * (r.mu() - 1),
        "the overloaded proxy's price climbs faster under the diagonal: "
            + d.mu()
            + " against "
            + r.mu());
  }

  @Test
  void theDiagonalDividesByNoLessThanSigmaThetaOverTheModeGainBound() {
    ControlLoop diagonal = loop(StepSize.Curvature.DIAGONAL);
    // H_ii a tenth of sigma_i: the step would give the coupled prices' common mode a gain of 10
    // theta, beyond the delay's bound; it divides by sigma_i theta / 0.6 instead
    LoopState d = run(diagonal, 2.0, 0.2, 3);
    assertEquals(0.2, d.estimates().curvature(), 1e-9);
    assertEquals(
        2.0 * LoopConfig.DEFAULT_THETA / DualStep.MODE_GAIN_BOUND, diagonal.curvature(d), 1e-9);
  }

  @Test
  void probesWithoutARateLeaveTheDiagonalStepOnSigma() {
    ControlLoop diagonal = loop(StepSize.Curvature.DIAGONAL);
    ControlLoop row = loop(StepSize.Curvature.ROW);
    // version 2 tokens: weights but no rates, so no curvature is ever measured
    LoopState d = run(diagonal, 2.0, 0, 3);
    LoopState r = run(row, 2.0, 0, 3);
    assertTrue(Double.isNaN(d.estimates().curvature()));
    assertEquals(2.0, diagonal.curvature(d), 1e-9);
    assertEquals(r.mu(), d.mu(), 1e-12, "the same step as the row sum");
  }

  @Test
  void beforeAnyProbeTheTopologysColumnStandsIn() {
    ControlLoop diagonal = loop(StepSize.Curvature.DIAGONAL);
    LoopState s = diagonal.initial(0.5, 1);
    double c00 = fig2.correlation().get(0, 0);
    double c10 = fig2.correlation().get(1, 0);
    double k0 = fig2.offloadCost(0).sensitivity(fig2.demands()[0]);
    double k1 = fig2.offloadCost(1).sensitivity(fig2.demands()[1]);
    assertEquals(c00 * c00 * k0 + c10 * c10 * k1, diagonal.curvature(s), 1e-9);
  }
}
