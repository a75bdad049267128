package dev.alm.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;
import org.junit.jupiter.api.Test;

class DemandEstimateTest {

  private static final LoopConfig CONFIG =
      LoopConfig.builder(Algorithm.DUAL).loadUnit(10).requestsPerQuery(2).build();

  private static Interval interval(long answers, long rated, double requests) {
    Measurement before =
        new Measurement(0, 50, 0, 0, 0, EchoTotals.NONE, 0, 0, 0, RequeryDemand.Totals.NONE);
    Measurement after =
        new Measurement(
            1_000_000_000L,
            50,
            0,
            0,
            answers,
            EchoTotals.NONE,
            0,
            0,
            0,
            new RequeryDemand.Totals(answers, rated, requests));
    return Interval.between(before, after, CONFIG.loadUnit());
  }

  @Test
  void theRequestsBehindRatedAnswersReplaceTheConfiguredFactor() {
    // 100 answers, 80 rated, 5 requests behind each: 500 requests/s, 50 load units
    assertEquals(0.5, DemandEstimate.perQuery(interval(100, 80, 400), CONFIG), 1e-12);
  }

  @Test
  void withFewerThanHalfRatedTheConfiguredFactorStays() {
    assertEquals(0.2, DemandEstimate.perQuery(interval(100, 40, 200), CONFIG), 1e-12);
    assertEquals(0.2, DemandEstimate.perQuery(interval(100, 0, 0), CONFIG), 1e-12);
  }

  @Test
  void theGuardSeesAJumpAtOnceButNotTheNoiseOfASteadyDemand() {
    Interval jump = interval(100, 80, 400); // 50 load units this interval
    double smoothed = 20; // the EWMA still far behind
    assertEquals(
        50, DemandEstimate.forGuard(smoothed, Calm.ALARMED, jump, CONFIG), 1e-12, "just alarmed");
    assertEquals(
        50,
        DemandEstimate.forGuard(smoothed, Calm.of(DemandEstimate.JUMP_INTERVALS - 1), jump, CONFIG),
        1e-12);
    assertEquals(
        smoothed,
        DemandEstimate.forGuard(smoothed, Calm.of(DemandEstimate.JUMP_INTERVALS), jump, CONFIG),
        1e-12,
        "calm: the smoothed value");
    assertEquals(
        60, DemandEstimate.forGuard(60, Calm.ALARMED, jump, CONFIG), 1e-12, "never below it");
  }
}
