package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoadMeterTest {

  private static final long MS = 1_000_000L;

  @Test
  void rateOverTheLastIntervalAndItsMovingAverage() {
    LoadMeter m = new LoadMeter(100 * MS, 10, 1000 * MS, 0);
    // 500/s for 5 s, then 1000/s for 5 s (one request every 2 ms, then every 1 ms)
    for (long t = 0; t < 5000; t += 2) {
      m.record(t * MS);
    }
    assertEquals(500, m.rate(5000 * MS), 1e-9);
    assertEquals(500, m.read(5000 * MS).ewma(), 1e-6);
    for (long t = 5000; t < 10_000; t++) {
      m.record(t * MS);
      if (t % 1000 == 0) {
        m.read(t * MS);
      }
    }
    LoadMeter.Reading r = m.read(10_000 * MS);
    assertEquals(1000, r.rate(), 1e-9);
    // tau = 1 s: after 5 s the average is within e^-5 of the new rate
    assertEquals(1000 - 500 * Math.exp(-4.9), r.ewma(), 5);
    assertEquals(2500 + 5000, r.total());
  }

  @Test
  void longSilenceFoldsTheWindowMean() {
    LoadMeter m = new LoadMeter(100 * MS, 10, 1000 * MS, 0);
    for (long t = 0; t < 1000; t++) {
      m.record(t * MS);
    }
    m.read(1000 * MS);
    double later = m.read(60_000 * MS).ewma();
    assertTrue(later < 1, "an idle minute brings the average near zero, got " + later);
    assertTrue(Double.isNaN(new LoadMeter(100 * MS, 10, 1000 * MS, 0).rate(50 * MS)));
  }
}
