package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.loadgen.UserCounts;
import dev.alm.loop.NoiseMargin;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The optimum of P1 with the correlation-beacon fetches as a fixed load, on paper-fig2. */
class AllLoadOptimumTest {

  private static UserCounts users(long probes, long beaconFetches) {
    return new UserCounts(
        1000, 500, 500, 1000, 0, 0, 3000, 0, 0, 2000, probes, beaconFetches, 0, 0, 0, 0);
  }

  @Test
  void fetchRatesAreTheBeaconFetchesPerSecondByTheRowThatAnsweredThem() {
    Map<String, UserCounts> users = new LinkedHashMap<>();
    users.put("e1", users(600, 120)); // answered by a
    users.put("e2", users(300, 60)); // answered by a too
    users.put("e3", users(150, 30)); // answered by b
    users.put("e4", users(999, 999)); // no known catchment: left out
    Map<String, String> rows = Map.of("e1", "a", "e2", "a", "e3", "b");
    double[] r = AllLoadOptimum.fetchRates(List.of("a", "b"), users, rows::get, 60);
    // probes are never counted in S_i (docs/proxy-node.md): only the beacon fetches count
    assertArrayEquals(new double[] {180 / 60.0, 30 / 60.0}, r, 1e-12);
  }

  @Test
  void theBackgroundIsTheFetchesRoutedThroughC() {
    Topology t = BuiltinTopologies.paperFig2(); // C = [[0.1, 0.9], [0.5, 0.5]]
    double[] b = AllLoadOptimum.background(t.correlation(), new double[] {100, 20}, 100);
    assertArrayEquals(new double[] {(10 + 10) / 100.0, (90 + 10) / 100.0}, b, 1e-12);
  }

  @Test
  void theCapacitiesLeftAreFlooredAboveZero() {
    Topology t = BuiltinTopologies.paperFig2(); // T = 0.7 each
    Topology r = AllLoadOptimum.reduced(t, new double[] {0.2, 5});
    assertEquals(0.5, r.node(0).capacity(), 1e-12);
    assertEquals(AllLoadOptimum.CAPACITY_FLOOR * 0.7, r.node(1).capacity(), 1e-12);
    assertEquals(t.node(1).demand(), r.node(1).demand());
    assertSame(t.correlation(), r.correlation());
  }

  @Test
  void aProxyWhoseBackgroundFillsItsCapacityIsOverloadedWhateverX() {
    Topology t = BuiltinTopologies.paperFig2(); // T = 0.7 each
    assertEquals(List.of(), AllLoadOptimum.overloadedWhateverX(t, new double[] {0.2, 0.69}));
    assertEquals(List.of("b"), AllLoadOptimum.overloadedWhateverX(t, new double[] {0.2, 0.7}));
    assertEquals(List.of("a", "b"), AllLoadOptimum.overloadedWhateverX(t, new double[] {0.8, 5}));
  }

  @Test
  void withoutBackgroundItIsTheOptimumOfTheTopology() {
    Topology t = BuiltinTopologies.paperFig2();
    CentralOptimum solver = new CentralOptimum();
    AllLoadOptimum.Result all = AllLoadOptimum.solve(solver, t, new double[2], 150);
    assertArrayEquals(solver.solve(t).x(), all.optimum().x(), 1e-9);
    assertArrayEquals(new double[2], all.background(), 0);
  }

  @Test
  void aBackgroundLoadLowersTheOptimumsXAndLeavesRoomForIt() {
    Topology t = BuiltinTopologies.paperFig2();
    CentralOptimum solver = new CentralOptimum();
    OptimumResult plain = solver.solve(t);
    // 15 fetches/s from each PoP's users at 150 requests/s per load unit: B = (0.06, 0.14)
    AllLoadOptimum.Result all = AllLoadOptimum.solve(solver, t, new double[] {15, 15}, 150);
    assertArrayEquals(new double[] {0.06, 0.14}, all.background(), 1e-12);
    double[] x = all.optimum().x();
    assertTrue(x[1] < plain.x()[1] - 0.01, "b's x: " + x[1] + " against " + plain.x()[1]);
    double[] s = all.optimum().s();
    for (int j = 0; j < 2; j++) {
      assertTrue(s[j] + all.background()[j] < t.node(j).capacity(), "proxy " + j + " over T");
    }
  }

  @Test
  void theAimedCapacitiesAreTheNoiseMarginsAndLowerTheOptimumsX() {
    Topology t = BuiltinTopologies.paperFig2(); // T = 0.7 each
    // 50 requests/s a load unit, 1 s intervals: a proxy of 35 requests/s is aimed at 0.92 T
    Topology aimed = AllLoadOptimum.aimed(t, 50, 1, 1.1);
    assertEquals(0.7 * NoiseMargin.ratio(35, 1, 1.1), aimed.node(0).capacity(), 1e-12);
    assertTrue(aimed.node(0).capacity() < 0.7 * 0.95, "aimed " + aimed.node(0).capacity());
    assertEquals(0.7, AllLoadOptimum.aimed(t, 100_000, 1, 1.1).node(1).capacity(), 1e-12);
    CentralOptimum solver = new CentralOptimum();
    double[] full = solver.solve(t).x();
    double[] lower = solver.solve(aimed).x();
    assertTrue(lower[0] + lower[1] < full[0] + full[1], "less room at L1: " + lower[0]);
  }
}
