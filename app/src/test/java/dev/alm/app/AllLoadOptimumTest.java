package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.loop.NoiseMargin;
import dev.alm.optimum.CentralOptimum;
import dev.alm.optimum.OptimumResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optimum of P1 with a load that does not follow x as a fixed load, on paper-fig2. */
class AllLoadOptimumTest {

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
    AllLoadOptimum.Result all = AllLoadOptimum.solve(solver, t, new double[2]);
    assertArrayEquals(solver.solve(t).x(), all.optimum().x(), 1e-9);
    assertArrayEquals(new double[2], all.background(), 0);
  }

  @Test
  void aBackgroundLoadLowersTheOptimumsXAndLeavesRoomForIt() {
    Topology t = BuiltinTopologies.paperFig2();
    CentralOptimum solver = new CentralOptimum();
    OptimumResult plain = solver.solve(t);
    // 9 and 21 requests/s of catchment checks at 150 requests/s per load unit: B = (0.06, 0.14)
    AllLoadOptimum.Result all = AllLoadOptimum.solve(solver, t, new double[] {0.06, 0.14});
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
