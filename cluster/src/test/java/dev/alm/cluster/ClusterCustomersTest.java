package dev.alm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.drl.central.RedisServerProcess;
import dev.alm.loop.Algorithm;
import dev.alm.proxy.limit.LimitMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A customer limited to 50 requests/s with 80 requests/s of demand through the three PoPs of
 * builtin:synthetic?n=3, moving to PoP p1 alone after 8 s: with the PoPs' DRL agents the fleet
 * serves about the limit before and after the move; with independent limits it serves the whole
 * demand (each PoP allows the whole limit). Real sockets, real gossip; generous margins, no timing.
 */
class ClusterCustomersTest {

  private static final CustomerLoad API =
      new CustomerLoad(
          "api",
          "api.shop.example",
          50,
          80,
          List.of(new CustomerLoad.Phase(0, List.of()), new CustomerLoad.Phase(8, List.of("p1"))));

  private static ClusterRun run(LimitMode mode) throws Exception {
    return run(mode, List.of(API), Double.NaN);
  }

  private static ClusterRun run(LimitMode mode, List<CustomerLoad> loads, double stopCentral)
      throws Exception {
    ClusterConfig c =
        Fig2Cluster.builder(
                BuiltinTopologies.resolve("builtin:synthetic?n=3"),
                Algorithm.DUAL,
                Duration.ofSeconds(16))
            .customers(loads)
            .customerMode(mode)
            .centralStopSeconds(stopCentral)
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
        d.admittedRate() > 50 * 0.8 && d.admittedRate() < 50 * 1.15,
        "DRL admits about the limit: " + d);
    long rejected = d.pops().stream().mapToLong(CustomerOutcome.PopPart::rejected).sum();
    assertTrue(rejected > 0, "requests over the limit were answered 429: " + d);
    // after the move, p1 alone gets (nearly) the whole limit as its share
    CustomerWindows w = drl.customerWindows().get(0);
    double late = w.share(w.windows() - 2, 0);
    assertTrue(late > 50 * 0.7, "p1's share follows the demand: " + late + " " + d);

    ClusterRun independent = run(LimitMode.INDEPENDENT);
    CustomerOutcome i = independent.customers().get(0);
    // admitted by the limiters (sent less 429s): an overloaded PoP sheds some of what it admits
    // (503), which is load control's doing, not the limit's
    double before = 0;
    CustomerWindows iw = independent.customerWindows().get(0);
    for (int k = 2; k < 8; k++) {
      for (int p = 0; p < 3; p++) {
        before += iw.sent(k, p) - iw.rejected(k, p);
      }
    }
    assertTrue(
        before / 6 > 50 * 1.25,
        "two independent limits admit over the global limit while both PoPs see demand: "
            + before / 6
            + " "
            + i);
  }

  @Test
  void aCentralRedisBucketHoldsTheLimitUntilRedisStopsThenFailsOpen() throws Exception {
    Assumptions.assumeTrue(RedisServerProcess.installed(), "redis-server is not installed");
    CustomerLoad everywhere = new CustomerLoad("api", "api.shop.example", 50, 80, List.of());
    ClusterRun run = run(LimitMode.CENTRAL, List.of(everywhere), 9);
    CustomerWindows w = run.customerWindows().get(0);
    double before = 0;
    for (int k = 2; k < 8; k++) {
      before += w.admittedTotal(k);
    }
    double after = 0;
    for (int k = 11; k < 15; k++) {
      after += w.admittedTotal(k);
    }
    CustomerOutcome o = run.customers().get(0);
    assertTrue(
        before / 6 > 50 * 0.8 && before / 6 < 50 * 1.15,
        "one bucket in Redis serves about the limit: " + before / 6 + " " + o);
    assertTrue(
        after / 4 > 50 * 1.25, "with Redis gone every request fails open: " + after / 4 + " " + o);
    assertTrue(o.latencyP50Ms() > 0, "latencies were measured: " + o);
  }
}
