package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;
import org.junit.jupiter.api.Test;

/**
 * The in-band measures the price step and the probe weights rest on follow a step at once and
 * average noise: the hand-out rate a PoP signs into its probes, and the sigma_i and H_ii its proxy
 * sums from them.
 */
class MeasuredStepsTest {

  private static final long SECOND = 1_000_000_000L;

  private final ControlLoop loop =
      new ControlLoop(
          LoopConfig.builder(Algorithm.DUAL).loadUnit(100).betaSource(BetaSource.ECHO).build(),
          BuiltinTopologies.paperFig2(),
          0);

  /** Cumulative counts of one PoP: handed out, and its proxy's probes, weights and pair sums. */
  private static final class Counts {
    long nanos;
    long handedOut;
    long probes;
    double sigma;
    double curvature;

    /** One second in which the DNS handed out {@code hand} probes and the proxy counted these. */
    Measurement next(long hand, long counted, double sigmaSum, double curvatureSum) {
      nanos += SECOND;
      handedOut += hand;
      probes += counted;
      sigma += sigmaSum;
      curvature += curvatureSum;
      return new Measurement(
          nanos,
          50,
          probes,
          probes,
          100 * nanos / SECOND,
          new EchoTotals(probes, 10 * probes, 100 * probes),
          handedOut,
          sigma,
          curvature,
          RequeryDemand.Totals.NONE);
    }
  }

  private LoopState start(Counts c) {
    return loop.step(loop.initial(0.5, 1), c.next(0, 0, 0, 0));
  }

  @Test
  void theHandOutRateFollowsAStepAtOnceAndAveragesItsNoise() {
    Counts c = new Counts();
    LoopState s = start(c);
    // a DNS warming up: 500 probes in the first second, then 1,200 a second
    s = loop.step(s, c.next(500, 1000, 1, 1));
    assertEquals(500, loop.probeRate(s), 1e-9);
    s = loop.step(s, c.next(1200, 1000, 1, 1));
    assertEquals(1200, loop.probeRate(s), 1e-9, "a step of 140% is followed at once");
    // 1,230 is within the Poisson noise of 1,200 (sd 35): averaged
    s = loop.step(s, c.next(1230, 1000, 1, 1));
    assertEquals(0.3 * 1230 + 0.7 * 1200, loop.probeRate(s), 1e-9);
  }

  @Test
  void aSensitivityThreeTimesOffItsLevelStartsTheAverageOver() {
    Counts c = new Counts();
    LoopState s = start(c);
    // a start in which the probes carried weights for a third of their real rate
    for (int k = 0; k < 2; k++) {
      s = loop.step(s, c.next(1200, 1000, 0.09, 0.04));
    }
    assertEquals(0.04, s.estimates().curvature(), 1e-12);
    s = loop.step(s, c.next(1200, 1000, 0.028, 0.012));
    assertEquals(0.012, s.estimates().curvature(), 1e-12, "H_ii 3.3 times lower: a step");
    assertEquals(0.028, s.estimates().sigma(), 1e-12, "sigma_i 3.2 times lower: a step");
    // then noise of 20% is averaged
    s = loop.step(s, c.next(1200, 1000, 0.0336, 0.0144));
    assertEquals(0.3 * 0.0144 + 0.7 * 0.012, s.estimates().curvature(), 1e-12);
    assertEquals(0.3 * 0.0336 + 0.7 * 0.028, s.estimates().sigma(), 1e-12);
  }

  @Test
  void aStepNeedsBothTheFactorAndEnoughProbes() {
    // three times lower, but from 20 probes: their weights may be one PoP's few
    assertFalse(Sensitivity.surged(0.03, 0.009, 20, 8));
    // twice lower from 1,000 probes: within what unequal weights can do
    assertFalse(Sensitivity.surged(0.03, 0.015, 1000, 8));
    assertTrue(Sensitivity.surged(0.03, 0.009, 1000, 8));
    assertTrue(Sensitivity.surged(0.03, 0.1, 1000, 8));
    assertFalse(Sensitivity.surged(0, 0.1, 1000, 8), "no level yet: nothing to step from");
  }

  @Test
  void aStepDownIsASurgeAsSurelyAsTheSameStepUp() {
    // H_ii's spread (16 / sqrt(n)) at 200 probes: a ninefold fall back from an inflated start
    assertTrue(Sensitivity.surged(0.36, 0.04, 200, 16));
    assertTrue(Sensitivity.surged(0.04, 0.36, 200, 16));
    // threefold either way from 100 probes is within that spread
    assertFalse(Sensitivity.surged(0.03, 0.01, 100, 16));
    assertFalse(Sensitivity.surged(0.01, 0.03, 100, 16));
  }
}
