package dev.alm.proxy.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where each mode's local rate comes from, in both units: the DRL share (as a fraction of the limit
 * the agent divides), L/N, the whole L; and what a share source is told.
 */
class CustomerLimitsTest {

  private static CustomerSpec spec(String name, double rps, double bps, LimitMode mode) {
    return new CustomerSpec(name, List.of(name + ".example"), rps, bps, 1, 0, mode);
  }

  private static CustomerState state(CustomerLimits l, String name) {
    return l.match(name + ".example").state();
  }

  @Test
  void eachModeSetsTheLocalRateInBothUnits() {
    HandShares shares = new HandShares("lease", 3);
    CustomersConfig cfg =
        new CustomersConfig(
            List.of(
                spec("req", 100, 0, LimitMode.DRL),
                spec("both", 100, 1_000_000, LimitMode.DRL),
                spec("video", 0, 1_000_000, LimitMode.DRL),
                spec("fixed", 100, 0, LimitMode.STATIC),
                spec("alone", 100, 0, LimitMode.INDEPENDENT),
                spec("unknown", 100, 0, LimitMode.DRL)),
            4,
            false,
            CustomersConfig.DEFAULT_CENTRAL_TIMEOUT,
            100);
    shares.share.put("req", 30.0);
    shares.share.put("both", 25.0); // requests: a quarter of the limit
    shares.share.put("video", 300_000.0);
    CustomerLimits l = new CustomerLimits(cfg, shares, null, () -> 0L);
    assertEquals(30, state(l, "req").share(), 1e-9);
    assertEquals(25, state(l, "both").share(), 1e-9);
    assertEquals(250_000, state(l, "both").byteRate, 1e-6, "the same fraction of the bytes");
    assertEquals(300_000, state(l, "video").share(), 1e-6);
    assertEquals(300_000, state(l, "video").byteRate, 1e-6);
    assertEquals(25, state(l, "fixed").share(), 1e-9, "L/N");
    assertEquals(100, state(l, "alone").share(), 1e-9);
    assertEquals(25, state(l, "unknown").share(), 1e-9, "no share yet: L/N");
    // the agent still divides the old limit 200: its fraction applies to the configured 100
    shares.limit.put("req", 200.0);
    shares.share.put("req", 50.0);
    l.refresh();
    assertEquals(25, state(l, "req").share(), 1e-9);
    Map<String, Object> st = l.status().get(0);
    assertEquals("lease", st.get("mode"));
    assertEquals(3, st.get("peers"));
    assertEquals("static", l.status().get(3).get("mode"));
    assertEquals(0, l.status().get(3).get("peers"));
  }

  @Test
  void theSourceHearsRequestsOrFlowWeightsByTheCustomersUnit() {
    HandShares shares = new HandShares("lease", 3);
    CustomersConfig cfg =
        CustomersConfig.NONE.withCustomers(
            List.of(spec("req", 1e6, 1e9, LimitMode.DRL), spec("video", 0, 1e9, LimitMode.DRL)));
    CustomerLimits l = new CustomerLimits(cfg, shares, null, () -> 0L);
    for (String c : List.of("req", "video")) {
      CustomerLimiter k = l.match(c + ".example");
      for (int i = 0; i < 3; i++) {
        k.decide("127.0.0.1", shares);
        k.served(1000, shares);
      }
    }
    assertEquals(3L, shares.arrived.get("req"), "requests for a requests/s customer");
    assertEquals(
        null, shares.arrived.get("video"), "a bytes/s customer's bytes are not its demand");
    assertEquals(3000, state(l, "req").bytes());
    // two paced bodies for 0.5 s: the agent hears 2 flows x L (1e9 bytes/s) x 0.5 s
    CustomerState video = state(l, "video");
    l.refresh(1_000_000_000L);
    video.flow(1);
    video.flow(1);
    l.refresh(1_500_000_000L);
    assertEquals(1_000_000_000L, shares.arrived.get("video"), "flow weight: flows x L per second");
    video.flow(-1);
    video.flow(-1);
    l.refresh(2_500_000_000L);
    assertEquals(1_000_000_000L, shares.arrived.get("video"), "no flow, no demand");
  }

  @Test
  void aBadBodyChangesNothingAndIsCounted() {
    CustomerLimits l =
        new CustomerLimits(
            CustomersConfig.NONE.withCustomers(List.of(spec("a", 1, 0, LimitMode.STATIC))),
            null,
            null,
            () -> 0L);
    CustomerTable before = l.table();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> l.replace("{\"customers\": 3}"));
    assertEquals("POST /customers:customers: expected a list", e.getMessage());
    assertEquals(before, l.table());
    assertEquals(1, l.updatesRefused());
    l.replace("{\"customers\": []}");
    assertEquals(1, l.updatesApplied());
    assertEquals(null, l.match("a.example"));
  }
}
