package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.loop.Algorithm;
import dev.alm.proxy.limit.LimitMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A customer limited to 50 requests/s with 80 requests/s of demand through both PoPs of paper-fig2,
 * moving to PoP a alone after 8 s: with the PoPs' DRL agents the fleet serves about the limit
 * before and after the move; with independent limits it serves the whole demand (each PoP allows
 * the whole limit). Real sockets, real gossip; generous margins, no timing.
 */
class ClusterCustomersTest {

  private static final CustomerLoad API =
      new CustomerLoad(
          "api",
          "api.shop.example",
          50,
          80,
          List.of(new CustomerLoad.Phase(0, List.of()), new CustomerLoad.Phase(8, List.of("a"))));

  private static ClusterRun run(LimitMode mode) throws Exception {
    ClusterConfig c =
        Fig2Cluster.builder(Algorithm.DUAL, Duration.ofSeconds(16))
            .customers(List.of(API))
            .customerMode(mode)
            .build();
    List<String> log = new ArrayList<>();
    return Cluster.run(c, interval -> {}, log::add);
  }

  @Test
  void drlHoldsTheGlobalLimitAcrossAShiftAndIndependentLimitsDoNot() throws Exception {
    ClusterRun drl = run(LimitMode.DRL);
    CustomerOutcome d = drl.customers().get(0);
    assertEquals("api", d.name());
    assertTrue(d.sentRate() > 65, "the users sent their demand: " + d);
    assertTrue(
        d.servedRate() > 50 * 0.8 && d.servedRate() < 50 * 1.15,
        "DRL serves about the limit: " + d);
    long rejected = d.pops().stream().mapToLong(CustomerOutcome.PopPart::rejected).sum();
    assertTrue(rejected > 0, "requests over the limit were answered 429: " + d);
    // after the move, a alone gets (nearly) the whole limit as its share
    CustomerWindows w = drl.customerWindows().get(0);
    double late = w.share(w.windows() - 2, 0);
    assertTrue(late > 50 * 0.7, "a's share follows the demand: " + late + " " + d);

    ClusterRun independent = run(LimitMode.INDEPENDENT);
    CustomerOutcome i = independent.customers().get(0);
    double before = 0;
    for (int k = 2; k < 8; k++) {
      before += independent.customerWindows().get(0).servedTotal(k);
    }
    assertTrue(
        before / 6 > 50 * 1.25,
        "two independent limits serve over the global limit while both PoPs see demand: "
            + before / 6
            + " "
            + i);
  }
}
