package dev.alm.loop.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.Sample;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The users as alm lab's eyeball networks, their warm-up lag and the background at the proxies. */
class FleetModelEyeballsTest {

  /** paper-fig2's PoPs with the unit matrix: routing by C keeps every user at its own PoP. */
  private final Topology unit = BuiltinTopologies.paperFig2().withoutCorrelation();

  private static final double LOAD_UNIT = 150; // clusterLoop's: A = 1 is 150 requests/s

  private FleetModelConfig.Builder pinned(double x, int seconds, List<Eyeball> eyeballs) {
    return FleetModelConfig.builder(unit)
        .loop(FleetModelConfig.clusterLoop(Algorithm.GREEDY))
        .pinX(x)
        .duration(Duration.ofSeconds(seconds))
        .eyeballs(eyeballs)
        .seed(5);
  }

  private static double meanLoad(FleetRun run, String pop) {
    List<Sample> s = run.of(pop);
    return s.subList(2, s.size()).stream().mapToDouble(Sample::load).average().orElse(0);
  }

  @Test
  void anEyeballNetworksRequestsReachItsHttpCatchmentWhateverC() {
    List<Eyeball> nets =
        List.of(
            new Eyeball("e1", "a", "a", 0.25, "e1", 10),
            new Eyeball("e2", "a", "b", 0.75, "r1", 30),
            new Eyeball("e3", "b", "b", 1.0, "e3", 40));
    FleetRun run = FleetModel.run(pinned(1, 100, nets).build());
    // a's DNS answers e1 and e2, in proportion to their demand; e2 is one BGP catchment, b's
    assertEquals(0.25 * LOAD_UNIT, meanLoad(run, "a"), 0.06 * 0.25 * LOAD_UNIT);
    assertEquals(1.75 * LOAD_UNIT, meanLoad(run, "b"), 0.04 * 1.75 * LOAD_UNIT);
    // without the networks the unit matrix keeps a's users at a
    FleetRun byC = FleetModel.run(pinned(1, 100, List.of()).build());
    assertEquals(LOAD_UNIT, meanLoad(byC, "a"), 0.04 * LOAD_UNIT);
    // the beacons are the networks' summed
    for (FleetRun.PopTotals t : run.totals()) {
      double perSecond = t.beacons() / 100.0;
      assertEquals(40, perSecond, 3, t.pop());
    }
  }

  @Test
  void aLaggingLaneSendsItsFirstRequestsStretchedAndThenItsBacklogAtOnce() {
    Eyeball late = new Eyeball("e1", "a", "a", 1.0, "e1", 0, 3.5, 2);
    assertEquals(0, late.sentAt(0), 1e-12);
    assertEquals(5.5, late.sentAt(2), 1e-12, "the request due at lagAt goes out lag late");
    assertEquals(2.75, late.sentAt(1), 1e-12, "those before it stretched over 5.5 s");
    assertEquals(5.5, late.sentAt(4), 1e-12, "those due up to 5.5 s: at once, at 5.5 s");
    assertEquals(6, late.sentAt(6), 1e-12, "on time after");
    List<Eyeball> nets = List.of(late, new Eyeball("e2", "b", "b", 1.0, "e2", 0));
    FleetRun run = FleetModel.run(pinned(1, 12, nets).build());
    List<Sample> a = run.of("a");
    List<Sample> b = run.of("b");
    // x = 1: every request of a's users reaches proxy a, 150/s on schedule
    double third = a.get(2).load(); // the interval ending at 3 s: a lane at 2 / 5.5 of its rate
    assertTrue(third > 30 && third < 85, "slowed lane: " + third);
    double burst = a.get(5).load(); // ending at 6 s: the backlog due 2-5.5 s, and 5.5-6 s
    assertTrue(burst > 500 && burst < 700, "backlog at once: " + burst);
    double after = a.get(8).load();
    assertTrue(after > 100 && after < 200, "on schedule: " + after);
    double other = b.get(2).load();
    assertTrue(other > 100 && other < 200, "a network without lag keeps its schedule: " + other);
  }

  @Test
  void backgroundAtAProxyArrivesThereWhateverXAndC() {
    FleetRun run =
        FleetModel.run(pinned(0, 100, List.of()).backgroundAt(Map.of("b", 40.0)).build());
    assertEquals(0, meanLoad(run, "a"), 1e-9);
    assertEquals(40, meanLoad(run, "b"), 0.08 * 40);
  }

  @Test
  void eyeballNetworksMustNamePopsOfTheTopology() {
    List<Eyeball> nets = List.of(new Eyeball("e1", "a", "z", 1.0, "e1", 0));
    assertThrows(IllegalArgumentException.class, () -> pinned(1, 10, nets).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> pinned(1, 10, List.of()).backgroundAt(Map.of("z", 1.0)).build());
    assertThrows(
        IllegalArgumentException.class, () -> new Eyeball("e", "a", "a", 1, "e", 0, -1, 0));
  }

  @Test
  void aProbeCarriesKappaOverItsSignersRateOfTheSecondBefore() {
    // 20 beacons/s a PoP, each a probe with echoes: kappa / count of the second before is on
    // average about 1/20 above kappa / rate (Jensen), what the proxies of alm lab measure
    FleetRun run =
        FleetModel.run(
            FleetModelConfig.builder(BuiltinTopologies.paperFig2())
                .loop(
                    FleetModelConfig.clusterLoop(Algorithm.DUAL)
                        .withBetaSource(dev.alm.loop.BetaSource.ECHO))
                .beaconRate(20)
                .duration(Duration.ofSeconds(120))
                .seed(2)
                .build());
    for (FleetRun.PopTotals t : run.totals()) {
      assertTrue(t.publishedWeights() > 0, t.pop());
      double ratio = t.signedWeights() / t.publishedWeights();
      assertTrue(ratio > 1.02 && ratio < 1.12, t.pop() + ": " + ratio);
    }
  }
}
