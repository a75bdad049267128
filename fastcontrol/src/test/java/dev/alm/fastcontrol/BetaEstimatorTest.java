package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BetaEstimatorTest {

  @Test
  void eq20WithPoissonStandardError() {
    BetaEstimator e = new BetaEstimator(BetaEstimatorConfig.ofGamma(50));
    BetaEstimate b = e.next(400, 2.0, null);
    // R = 200/s, beta = 4, se = sqrt(400) / (2 * 50) = 0.2
    assertEquals(4.0, b.beta(), 1e-12);
    assertEquals(0.2, b.stdError(), 1e-12);
    assertEquals(2.0, b.zScore(3.6), 1e-12);
  }

  @Test
  void zeroCountReportsTheErrorOfOneCount() {
    BetaEstimate b = new BetaEstimator(BetaEstimatorConfig.ofGamma(10)).next(0, 1.0, null);
    assertEquals(0, b.beta());
    assertEquals(0.1, b.stdError(), 1e-12);
  }

  @Test
  void knownLossIsCorrected() {
    BetaEstimator e = new BetaEstimator(new BetaEstimatorConfig(10, 1, 0.2));
    BetaEstimate b = e.next(80, 1.0, null);
    assertEquals(10.0, b.beta(), 1e-12);
    assertEquals(Math.sqrt(80) / 8, b.stdError(), 1e-12);
  }

  @Test
  void ewmaSmoothsValueAndError() {
    BetaEstimator e = new BetaEstimator(new BetaEstimatorConfig(1, 0.25, 0));
    BetaEstimate first = e.next(100, 1.0, null);
    BetaEstimate second = e.next(200, 1.0, first);
    assertEquals(0.25 * 200 + 0.75 * 100, second.beta(), 1e-12);
    assertEquals(Math.sqrt(0.0625 * 200 + 0.5625 * 100), second.stdError(), 1e-12);
    assertEquals(200, second.rawBeta(), 1e-12);
  }

  @Test
  void rejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> new BetaEstimatorConfig(1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new BetaEstimatorConfig(1, 1, 1));
    BetaEstimator e = new BetaEstimator(BetaEstimatorConfig.ofGamma(1));
    assertThrows(IllegalArgumentException.class, () -> e.next(-1, 1, null));
    assertThrows(IllegalArgumentException.class, () -> e.next(1, 0, null));
  }
}
