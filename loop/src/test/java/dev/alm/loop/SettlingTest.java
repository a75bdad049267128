package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import org.junit.jupiter.api.Test;

/** The dual's gain schedule: shrinking while the counts are steady, full again on an alarm. */
class SettlingTest {
  private static final long SECOND = 1_000_000_000L;
  private final Topology fig2 = BuiltinTopologies.paperFig2();

  @Test
  void theGainsHalveOverTheHorizonAndStopAtTheFloor() {
    Settling s = new Settling(6, 0.08, 4, false);
    assertEquals(1, s.scale(0));
    assertEquals(0.5, s.scale(6), 1e-12);
    assertEquals(0.25, s.scale(18), 1e-12);
    assertEquals(0.08, s.scale(1000));
    assertEquals(1, Settling.OFF.scale(1000), "horizon 0: fixed gains");
  }

  @Test
  void alarmsNeedAFewStandardDeviationsAndEnoughExpectedCounts() {
    Settling s = Settling.DEFAULT;
    assertFalse(s.above(170, 100), "7 sigma above in one interval: overdispersed noise");
    assertTrue(s.above(181, 100), "8.1 sigma above: a surge");
    assertFalse(s.above(10, 100), "one-sided");
    assertTrue(s.away(19, 100), "8.1 sigma below");
    assertFalse(s.away(40, 4), "too few expected to judge");
    assertFalse(s.drifting(35, 100), "a summed gradient of 3.5 sigma: noise");
    assertTrue(s.drifting(-41, 100), "4.1 sigma: the price is still on its way");
    assertThrows(IllegalArgumentException.class, () -> new Settling(-1, 0.5, 4, false));
    assertThrows(IllegalArgumentException.class, () -> new Settling(6, 0, 4, false));
  }

  @Test
  void steadyCountsCalmTheDualLoopAndAnOverloadResetsItAtOnce() {
    LoopConfig c = LoopConfig.defaults(Algorithm.DUAL).withLoad(100, 1);
    ControlLoop loop = new ControlLoop(c, fig2, 1);
    LoopState s = loop.step(loop.initial(0.5, 10), new Measurement(0, 60, 0, 0, 0));
    long own = 0;
    long queries = 0;
    for (int k = 1; k <= 30; k++) {
      own += 40; // beta = 20 at gamma 2, the same every interval
      queries += 100; // A = 1 load unit, the prior of PoP b
      // the proxy carries exactly the S* of the last decision: no price gradient, nothing drifts
      double load = Double.isFinite(s.sStar()) ? s.sStar() * 100 : 60;
      s = loop.step(s, new Measurement(k * SECOND, load, own, own, queries));
    }
    assertTrue(s.calm() >= 28, "every schedule calm since the first intervals: " + s);
    assertEquals(c.settling().scale(s.betaCalm().intervals()), loop.gainScale(s), 1e-12);
    assertTrue(loop.gainScale(s) < 0.2, "settled gains: " + loop.gainScale(s));
    double muBefore = s.mu();

    own += 40;
    queries += 100;
    s =
        loop.step(
            s, new Measurement(31 * SECOND, 160, own, own, queries)); // 160 requests against T = 70
    assertEquals(0, s.priceCalm().intervals(), "an overload far beyond Poisson noise is an alarm");
    assertTrue(s.betaCalm().intervals() > 20, "the probes were steady: beta keeps its small gain");
    assertTrue(s.mu() > muBefore, "the price still rose on the alarm interval");

    own += 40;
    queries += 400; // demand x4
    s = loop.step(s, new Measurement(32 * SECOND, s.sStar() * 100, own, own, queries));
    assertEquals(0, s.demandCalm().intervals(), "a jump of the query count is an alarm for A_i");
  }

  @Test
  void aPriceGradientThatKeepsItsSignResetsTheScheduleBeforeItSettles() {
    LoopConfig c = LoopConfig.defaults(Algorithm.DUAL).withLoad(100, 1);
    ControlLoop loop = new ControlLoop(c, fig2, 1);
    LoopState s = loop.step(loop.initial(0.5, 10), new Measurement(0, 60, 0, 0, 0));
    long own = 0;
    long queries = 0;
    long longestCalm = 0;
    for (int k = 1; k <= 60; k++) {
      own += 40;
      queries += 100;
      // 0.15 T above S* every interval: within one interval's noise (sqrt(80) = 9 requests) but
      // persistent
      double load = Double.isFinite(s.sStar()) ? s.sStar() * 100 + 10.5 : 60;
      s = loop.step(s, new Measurement(k * SECOND, load, own, own, queries));
      longestCalm = Math.max(longestCalm, s.priceCalm().intervals());
    }
    assertTrue(
        longestCalm < 40,
        "the drift alarm keeps the gains up while the price climbs: " + longestCalm);
  }

  @Test
  void greedyIgnoresTheSchedule() {
    ControlLoop loop =
        new ControlLoop(LoopConfig.defaults(Algorithm.GREEDY).withLoad(100, 1), fig2, 1);
    LoopState s = loop.step(loop.initial(0.5, 0), new Measurement(0, 60, 0, 0, 0));
    s = loop.step(s, new Measurement(SECOND, 60, 0, 0, 100));
    assertEquals(1, loop.gainScale(s));
  }
}
