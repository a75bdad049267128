package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class CustomerReportTest {

  private static final List<String> IDS = List.of("a", "b");

  private static CustomerLoad load() {
    return new CustomerLoad(
        "api",
        "api.example",
        100,
        150,
        List.of(
            new CustomerLoad.Phase(0, List.of()),
            new CustomerLoad.Phase(20, List.of("a")),
            new CustomerLoad.Phase(50, List.of())));
  }

  /** Fills window w: {@code sent} requests per PoP of which {@code served} served, rest 429. */
  private static void fill(CustomerWindows c, int w, int pop, int sent, int served) {
    for (int k = 0; k < sent; k++) {
      c.record(w, pop, k < served, k >= served);
    }
  }

  @Test
  void anOvershootAfterAShiftIsMeasuredAndTheSteadyStateIsExact() {
    CustomerWindows c = new CustomerWindows(2, 60);
    for (int w = 0; w < 60; w++) {
      boolean few = w >= 20 && w < 50;
      int served = (w >= 20 && w < 23) ? 130 : 100;
      if (few) {
        fill(c, w, 0, 150, served);
      } else {
        fill(c, w, 0, 75, served / 2);
        fill(c, w, 1, 75, served / 2);
      }
      c.share(w, 0, few ? 100 : 50);
      c.share(w, 1, few ? 0 : 50);
    }
    CustomerOutcome o = CustomerReport.of(load(), IDS, c);
    assertEquals(List.of(3.0, 0.0), o.convergenceSeconds());
    // the steady windows skip 20, 21 (settling) but not 22: 1 of 54 windows at 0.3 error
    assertEquals(0.0, o.aggregateErrorP95(), 1e-12);
    assertEquals(3 * 0.3 / 60, o.servedOverLimit(), 1e-12);
    assertEquals(150, o.sentRate(), 1e-12);
    assertEquals(1.0, o.jainLimiters(), 1e-3);
    assertEquals(30 * 50 / 60.0, o.pops().get(1).meanShare(), 1e-9);
    assertEquals(60 * 150 - 30 * 75, o.pops().get(0).sent());
  }

  @Test
  void aPopTreatedWorseLowersJainAndAnUnfinishedShiftHasNoConvergence() {
    CustomerWindows c = new CustomerWindows(2, 60);
    for (int w = 0; w < 60; w++) {
      fill(c, w, 0, 75, 75); // a serves all its users
      fill(c, w, 1, 75, w >= 50 ? 0 : 25); // b serves a third, then nothing
    }
    CustomerOutcome o = CustomerReport.of(load(), IDS, c);
    // served/sent over steady windows: a 1, b 25*(steady windows before 50)/(75*steady)
    assertNull(o.convergenceSeconds().get(1));
    assertEquals(0.0, o.convergenceSeconds().get(0), 1e-12);
    double xa = 1;
    double xb = (25.0 * (48 - 2)) / (75.0 * (48 - 2 + 8));
    double jain = (xa + xb) * (xa + xb) / (2 * (xa * xa + xb * xb));
    assertEquals(jain, o.jainLimiters(), 1e-9);
  }

  @Test
  void percentileIsNearestRank() {
    assertEquals(
        9.0,
        CustomerReport.percentile(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0), 0.9));
    assertEquals(Double.NaN, CustomerReport.percentile(List.of(), 0.95));
  }
}
