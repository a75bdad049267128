package dev.alm.loop.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Sample;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetModelTest {

  private final Topology fig2 = BuiltinTopologies.paperFig2();

  @Test
  void aSeedGivesOneRunAndAnotherSeedAnother() {
    FleetModelConfig.Builder b =
        FleetModelConfig.builder(fig2)
            .loop(FleetModelConfig.clusterLoop(Algorithm.DUAL).withBetaSource(BetaSource.ECHO))
            .duration(Duration.ofSeconds(20));
    FleetRun one = FleetModel.run(b.seed(7).build());
    FleetRun again = FleetModel.run(b.seed(7).build());
    FleetRun other = FleetModel.run(b.seed(8).build());
    assertEquals(one.samples(), again.samples());
    assertEquals(one.totals(), again.totals());
    assertNotEquals(one.samples(), other.samples());
    assertEquals(20, one.intervals());
    assertEquals(40, one.samples().size());
  }

  @Test
  void underAFixedXTheMeanLoadIsCTransposeDiagAX() {
    double x = 0.5;
    double unit = 150;
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2)
                .loop(FleetModelConfig.clusterLoop(Algorithm.GREEDY))
                .pinX(x)
                .duration(Duration.ofSeconds(400))
                .seed(3)
                .build());
    double[] expected = fig2.correlation().load(fig2.demands(), new double[] {x, x});
    for (int j = 0; j < fig2.size(); j++) {
      List<Sample> s = run.of(fig2.ids().get(j));
      double sum = 0;
      int count = 0;
      for (Sample f : s.subList(2, s.size())) {
        sum += f.load();
        count++;
      }
      double mean = sum / count;
      double want = expected[j] * unit;
      // a Poisson count of about want x 400 requests, overdispersed by the resolvers' batches
      // (each answer drives 2.5 requests): a standard error of about 1%
      assertEquals(want, mean, 0.04 * want, "proxy " + fig2.ids().get(j));
    }
    // the DNS answered L1 to half the cache misses, and every L1 request reached a proxy
    long l1 = 0;
    long proxied = 0;
    for (FleetRun.PopTotals t : run.totals()) {
      assertEquals(0.5, t.toL1() / (double) t.requests(), 0.03, t.pop());
      l1 += t.toL1();
      proxied += t.proxyRequests();
    }
    assertEquals(l1, proxied);
  }

  @Test
  void backgroundRequestsReachTheProxiesByCWhateverX() {
    double background = 30;
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2)
                .loop(FleetModelConfig.clusterLoop(Algorithm.GREEDY))
                .pinX(0)
                .backgroundRate(background)
                .duration(Duration.ofSeconds(200))
                .seed(3)
                .build());
    // at x = 0 every user goes to L2: the proxies see the background alone, C^T times 30/s each
    double[] expected =
        fig2.correlation().load(new double[] {background, background}, new double[] {1, 1});
    for (int j = 0; j < fig2.size(); j++) {
      List<Sample> s = run.of(fig2.ids().get(j));
      double mean = s.subList(2, s.size()).stream().mapToDouble(Sample::load).average().orElse(0);
      assertEquals(expected[j], mean, 0.08 * expected[j], "proxy " + fig2.ids().get(j));
    }
    for (FleetRun.PopTotals t : run.totals()) {
      assertEquals(0, t.toL1(), "no user request went to L1 at x = 0: " + t.pop());
    }
  }

  @Test
  void aStepOfXReachesTheProxiesOverOneTtl() {
    int step = 30; // x goes from 0 to 1 at 30 s: the interval ending at 31 s is the first after it
    double[] ttl6 = l1Share(6, step);
    double[] ttl1 = l1Share(1, step);
    assertEquals(0, ttl6[step - 1], 1e-9, "nothing reaches L1 before the step");
    // every cache asks again within one TTL of the step, the caches' expiries spread over it: the
    // share climbs for about a TTL, then stays
    assertTrue(ttl6[step] < 0.35, "one second after the step: " + ttl6[step]);
    double half = ttl6[step + 2];
    assertTrue(half > 0.25 && half < 0.75, "half a TTL after the step: " + half);
    assertTrue(ttl6[step + 6 + 2] > 0.9, "a TTL after: " + ttl6[step + 8]);
    int reached6 = firstAbove(ttl6, step, 0.9);
    int reached1 = firstAbove(ttl1, step, 0.9);
    assertTrue(reached6 >= step + 4 && reached6 <= step + 7, "TTL 6 s: at " + reached6);
    assertTrue(reached1 <= step + 1, "TTL 1 s: at " + reached1);
  }

  /**
   * The share of the users' demand at the proxies per interval, x pinned at 0 then 1 from {@code
   * step} seconds on; 0.5 requests/s per resolver, so that the caches' expiries spread out after
   * the cold start, when every cache asked at once.
   */
  private double[] l1Share(long ttl, int step) {
    double unit = 1000;
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2)
                .loop(FleetModelConfig.clusterLoop(Algorithm.GREEDY).withLoad(unit, 1))
                .resolvers(2000)
                .ttlSeconds(ttl)
                .pinX(0)
                .pinX(step, 1)
                .duration(Duration.ofSeconds(step + 15))
                .seed(5)
                .build());
    double full = 0;
    for (double a : fig2.demands()) {
      full += a * unit;
    }
    double[] share = new double[run.intervals()];
    for (int k = 0; k < run.intervals(); k++) {
      double s = 0;
      for (int i = 0; i < fig2.size(); i++) {
        s += run.samples().get(k * fig2.size() + i).load();
      }
      share[k] = s / full; // interval k ends at k + 1 s
    }
    return share;
  }

  private static int firstAbove(double[] share, int from, double level) {
    for (int k = from; k < share.length; k++) {
      if (share[k] > level) {
        return k;
      }
    }
    return share.length;
  }

  @Test
  void theDualSettlesAndAFlashAndARouteChangeAreMeasured() {
    CorrelationMatrix swapped =
        CorrelationMatrix.of(fig2.ids(), new double[][] {{0.5, 0.5}, {0.5, 0.5}});
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2)
                .loop(FleetModelConfig.clusterLoop(Algorithm.DUAL).withBetaSource(BetaSource.ECHO))
                .duration(Duration.ofSeconds(90))
                .flash(new Flash("b", 3, 30, 20))
                .routeChange(new RouteChange(60, swapped, "even.csv"))
                .seed(2)
                .build());
    assertTrue(run.coldStartIntervals().isPresent(), "the dual settles within 90 s");
    List<FleetRun.Recovery> r = run.recoveries();
    assertEquals(3, r.size());
    assertEquals("flash-start b x3", r.get(0).event());
    assertEquals(30, r.get(0).from());
    assertEquals(50, r.get(0).to());
    assertEquals("flash-end b", r.get(1).event());
    assertEquals(50, r.get(1).from());
    assertEquals(60, r.get(1).to());
    assertEquals("route-change even.csv", r.get(2).event());
    assertEquals(60, r.get(2).from());
    assertEquals(90, r.get(2).to());
    assertTrue(run.worstMeanRatioLastHalf() < 1.2, "worst " + run.worstMeanRatioLastHalf());
    // probes flowed and echoes came back at both PoPs
    for (FleetRun.PopTotals t : run.totals()) {
      assertTrue(t.echoes() > 0.9 * t.probes(), t.toString());
    }
  }

  @Test
  void theHeadroomGuardAbsorbsAFlashCrowdWithinATtlAndAMeasurement() {
    LoopConfig echo = FleetModelConfig.clusterLoop(Algorithm.DUAL).withBetaSource(BetaSource.ECHO);
    int guarded = overloadedDuringFlash(echo);
    int unguarded =
        overloadedDuringFlash(echo.toBuilder().guardLoad(Double.POSITIVE_INFINITY).build());
    // b's users x5 at 20 s: the TTL (2 s) and the meter window (1 s) make 3 intervals the least
    assertTrue(guarded <= 5, "intervals above 1.1 T with the guard: " + guarded);
    assertTrue(unguarded >= guarded + 4, "without the guard " + unguarded + ", with " + guarded);
  }

  /** Intervals between 20 and 45 s in which some proxy was above 1.1 T, b's users x5 at 20 s. */
  private int overloadedDuringFlash(LoopConfig loop) {
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2.withoutCorrelation())
                .loop(loop)
                .routeChange(new RouteChange(0, fig2.correlation(), "C withheld"))
                .duration(Duration.ofSeconds(50))
                .flash(new Flash("b", 5, 20, 20))
                .seed(1)
                .build());
    double[] t = run.times();
    double[][] ratio = run.ratio();
    int n = 0;
    for (int k = 0; k < t.length; k++) {
      if (t[k] > 20 && t[k] <= 45 && Arrays.stream(ratio[k]).max().orElse(0) > 1.1) {
        n++;
      }
    }
    return n;
  }

  @Test
  void probeModeHandsOutThePlannedProbes() {
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(fig2).duration(Duration.ofSeconds(20)).seed(4).build());
    long probes = run.totals().stream().mapToLong(FleetRun.PopTotals::probes).sum();
    long counted = run.totals().stream().mapToLong(FleetRun.PopTotals::proxyProbes).sum();
    long beacons = run.totals().stream().mapToLong(FleetRun.PopTotals::beacons).sum();
    assertEquals(probes, counted);
    assertTrue(probes > 0 && probes < beacons, probes + " of " + beacons);
    assertEquals(0, run.totals().get(0).echoes());
  }

  @Test
  void badSettingsAreRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> FleetModelConfig.builder(fig2).flash(new Flash("z", 2, 1, 1)).build());
    assertTrue(e.getMessage().contains("no PoP 'z'"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            FleetModelConfig.builder(fig2)
                .duration(Duration.ofSeconds(10))
                .routeChange(new RouteChange(10, fig2.correlation(), ""))
                .build());
    assertThrows(
        IllegalArgumentException.class,
        () -> FleetModelConfig.builder(fig2).resolution(Duration.ofSeconds(2)).build());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            FleetModelConfig.builder(fig2)
                .loops(List.of(LoopConfig.defaults(Algorithm.DUAL)))
                .build());
  }
}
