package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FlowReportTest {

  @Test
  void equalFlowsAtTheLimitScoreOneAndUnequalOnesLess() {
    int windows = 20;
    FlowWindows equal = new FlowWindows(10, windows);
    FlowWindows skewed = new FlowWindows(10, windows);
    for (int k = 0; k < windows; k++) {
      for (int f = 0; f < 10; f++) {
        equal.add(f, k, 125_000); // 1 Mbit/s each, 10 Mbit/s in all
        skewed.add(f, k, f < 3 ? 250_000 : 1_250_000 / 7 - 250_000 * 3 / 7 + (k % 2)); // 3 fast
      }
    }
    FlowReport e = FlowReport.of(equal, 10e6);
    assertEquals(1.0, e.meanAggregateRatio(), 1e-12);
    assertEquals(1.0, e.windowsWithin5Percent(), 1e-12);
    assertEquals(0.0, e.aggregateErrorP95(), 1e-12);
    assertEquals(1.0, e.jainFlows(), 1e-12);
    FlowReport s = FlowReport.of(skewed, 10e6);
    double fast = 2e6;
    double slow = s.flowBitsPerSecond().get(9);
    double jain = Math.pow(3 * fast + 7 * slow, 2) / (10 * (3 * fast * fast + 7 * slow * slow));
    assertEquals(jain, s.jainFlows(), 1e-9);
    assertEquals(windows, s.aggregateBitsPerSecond().size());
  }

  @Test
  void theWarmUpIsLeftOutAndAnOvershootCounts() {
    FlowWindows w = new FlowWindows(1, 10);
    for (int k = 0; k < 10; k++) {
      w.add(
          0, k, k < FlowReport.WARM_UP_WINDOWS ? 10_000_000 : (k % 2 == 0 ? 1_375_000 : 1_250_000));
    }
    FlowReport r = FlowReport.of(w, 10e6);
    // steady windows 5..9: 1.0, 1.1, 1.0, 1.1, 1.0 of the limit
    assertEquals(0.6, r.windowsWithin5Percent(), 1e-12);
    assertEquals(1.04, r.meanAggregateRatio(), 1e-12);
    assertEquals(0.1, r.aggregateErrorP95(), 1e-9);
  }
}
