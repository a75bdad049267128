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
 * A GRD customer's drop probability reaches the proxy as such: its requests are refused (429) with
 * that probability whatever the bucket holds; a share afterwards puts the bucket back in charge.
 */
class PopLimitsDropTest {

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
}
