package dev.alm.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.drl.agent.CustomerShare;
import dev.alm.drl.agent.Mode;
import dev.alm.proxy.limit.CustomerLimits;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitDecision;
import dev.alm.proxy.limit.LimitMode;
import dev.alm.ratelimit.alloc.Enforcement;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What the PoP gives the agent and enforces beyond a share: a GRD customer's drop probability
 * reaches the proxy as such (429s with that probability, whatever the bucket holds; a share
 * afterwards puts the bucket back in charge), and a requests/s customer's flows are its clients
 * (FPS's MAXRATE is the fastest client's request rate).
 */
class PopLimitsTest {

  @Test
  void aDropProbabilityRefusesThatFractionOfRequests() {
    AtomicLong now = new AtomicLong(1_000_000_000_000L);
    PopLimits pop = new PopLimits();
    CustomerSpec grd =
        new CustomerSpec("acme", List.of("acme.example"), 1e6, 0, 1, 0, LimitMode.DRL, "grd");
    CustomerLimits limits =
        new CustomerLimits(CustomersConfig.NONE.withCustomers(List.of(grd)), pop, null, now::get);
    pop.enforce(
        new CustomerShare(
            "acme",
            1e6,
            7e5,
            1e6,
            1.4e6,
            Mode.NORMAL,
            "grd",
            new Enforcement.DropProbability(0.3)));
    int refused = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      LimitDecision d = limits.match("acme.example").decide("192.0.2.1", pop);
      if (d.outcome() == LimitDecision.Outcome.REJECT) {
        refused++;
      }
    }
    assertEquals(0.3, refused / (double) n, 0.02, "refused fraction");
    pop.enforce(
        new CustomerShare(
            "acme",
            1e6,
            1e6,
            1e6,
            1e6,
            Mode.NORMAL,
            "share",
            new Enforcement.LocalLimit(1e6, 1e5)));
    assertTrue(Double.isNaN(pop.dropProbability("acme")), "a share clears the drop");
  }

  @Test
  void theFastestClientsRequestRateIsTheFlowSamplesMaxRate() {
    PopLimits pop = new PopLimits();
    long s = 1_000_000_000L;
    pop.measure("acme", 0, 1);
    for (int second = 1; second <= 5; second++) {
      for (int i = 0; i < 1000; i++) {
        pop.arrivedFrom("acme", "192.0.2.1");
      }
      for (int i = 0; i < 10; i++) {
        pop.arrivedFrom("acme", "192.0.2.2");
        pop.arrivedFrom("acme", "192.0.2.3");
      }
      var m = pop.measure("acme", second * s, 1);
      if (second == 5) {
        assertEquals(1020, m.arrivalRate(), 1e-9, "every request counts in the demand");
        assertEquals(1000, m.maxFlowRate(), 1e-9, "the fast client, sampled by now");
        assertTrue(m.sampledFlows() >= 1 && m.sampledFlows() <= 3);
      }
    }
  }
}
