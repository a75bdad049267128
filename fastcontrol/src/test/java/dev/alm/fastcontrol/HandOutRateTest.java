package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HandOutRateTest {

  @Test
  void aProbeCarriesKappaOverTheRateOfTheSecondBeforeIt() {
    HandOutRate h = new HandOutRate();
    long t0 = 1_000_000_000_000L;
    float w = 0.001f; // published: kappa 0.04 at 40 probes/s
    float r = 40;
    for (int k = 0; k < HandOutRate.MIN_COUNT - 1; k++) {
      HandOutRate.Signed s = h.handOut(w, r, t0 + k * 50_000_000L);
      assertEquals(w, s.weight(), "too few hand-outs in the window: the published weight");
      assertEquals(r, s.rate());
    }
    // 20 hand-outs a second for 3 s: 20 probes/s signed, kappa / 20 the weight
    HandOutRate g = new HandOutRate();
    for (int k = 0; k < 60; k++) {
      g.handOut(w, r, t0 + k * 50_000_000L);
    }
    HandOutRate.Signed s = g.handOut(w, r, t0 + 3_025_000_000L);
    assertEquals(20, s.rate(), 1e-4);
    assertEquals(0.04 / 20, s.weight(), 1e-7);
    assertEquals(0.04, s.weight() * s.rate(), 1e-6, "kappa is kept");
  }
}
