package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.ode.nonstiff.DormandPrince54Integrator;
import org.apache.commons.math3.ode.sampling.StepHandler;
import org.apache.commons.math3.ode.sampling.StepInterpolator;
import org.junit.jupiter.api.Test;

class GreedyOdeTest {

  private static List<double[]> interiorStarts(int n, long seed, int count) {
    Random r = new Random(seed);
    List<double[]> starts = new ArrayList<>();
    starts.add(new double[] {0.5, 0.5});
    starts.add(new double[] {0.01, 0.99});
    starts.add(new double[] {0.99, 0.01});
    starts.add(new double[] {0.01, 0.01});
    starts.add(new double[] {0.99, 0.99});
    for (int k = 0; k < count; k++) {
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = 0.001 + 0.998 * r.nextDouble();
      }
      starts.add(x);
    }
    return starts;
  }

  @Test
  void sectionIIIBConvergesToTheUncontrollableAttractorFromEveryStart() {
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB());
    for (double[] x0 : interiorStarts(2, 7, 20)) {
      OdeResult r = ode.settle(x0);
      assertTrue(r.settled(), "settled from " + x0[0] + ", " + x0[1]);
      assertArrayEquals(new double[] {1, 0}, r.x(), 1e-3);
      assertTrue(r.load()[1] >= 0.9 - 1e-3, "b overloaded: S_b = " + r.load()[1]);
      assertTrue(r.residual() <= StabilityConfig.DEFAULT_TOLERANCE * ode.rateScale() * (1 + 1e-6));
    }
  }

  @Test
  void favourableTwoNodeSystemSettlesAtTheInteriorFixedPoint() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.3, 0.7}}, new double[] {2, 2}, new double[] {0.7, 0.7});
    GreedyOde ode = new GreedyOde(t);
    for (double[] x0 : interiorStarts(2, 11, 10)) {
      OdeResult r = ode.settle(x0);
      assertTrue(r.settled());
      // S = (1.6 x1 + 0.6 x2, 0.4 x1 + 1.4 x2) = T gives x = (0.28, 0.42).
      assertArrayEquals(new double[] {0.28, 0.42}, r.x(), 1e-4);
      assertArrayEquals(new double[] {0.7, 0.7}, r.load(), 1e-4);
    }
  }

  @Test
  void gainRescalesTimeButNotTheFixedPoint() {
    Topology t = TestTopologies.sectionIIIB();
    double[] x0 = {0.3, 0.6};
    OdeResult slow = new GreedyOde(t, StabilityConfig.defaults()).settle(x0);
    OdeResult fast = new GreedyOde(t, StabilityConfig.defaults().withGain(10)).settle(x0);
    assertArrayEquals(slow.x(), fast.x(), 1e-6);
    assertEquals(slow.time() / 10, fast.time(), slow.time() * 1e-3);
  }

  @Test
  void trajectoriesStayInTheUnitCube() {
    Topology t = TestTopologies.random(6, 3, 1);
    GreedyOde ode = new GreedyOde(t);
    DormandPrince54Integrator integrator = new DormandPrince54Integrator(0, 100, 1e-12, 1e-10);
    double[] min = {Double.POSITIVE_INFINITY};
    double[] max = {Double.NEGATIVE_INFINITY};
    integrator.addStepHandler(
        new StepHandler() {
          @Override
          public void init(double t0, double[] y0, double t) {}

          @Override
          public void handleStep(StepInterpolator interpolator, boolean isLast) {
            for (double v : interpolator.getInterpolatedState()) {
              min[0] = Math.min(min[0], v);
              max[0] = Math.max(max[0], v);
            }
          }
        });
    double[] y = {0.5, 0.2, 0.9, 0.4, 0.7, 0.05};
    integrator.integrate(ode, 0, y.clone(), 500, y);
    assertTrue(min[0] >= -1e-9 && max[0] <= 1 + 1e-9, "range [" + min[0] + ", " + max[0] + "]");
    OdeResult r = ode.settle(new double[] {0.5, 0.2, 0.9, 0.4, 0.7, 0.05});
    for (double v : r.x()) {
      assertTrue(v >= 0 && v <= 1);
    }
  }

  @Test
  void vectorFieldIsEquation24AndVanishesOnTheBoundary() {
    GreedyOde ode =
        new GreedyOde(TestTopologies.sectionIIIB(), StabilityConfig.defaults().withGain(2));
    double[] x = {0.3, 0.6};
    // S_a = 0.1*0.3 + 0.5*0.6 = 0.33, S_b = 0.9*0.3 + 0.5*0.6 = 0.57.
    assertArrayEquals(new double[] {0.33, 0.57}, ode.load(x), 1e-12);
    double[] f = ode.rate(x);
    assertEquals(-2 * 0.3 * 0.7 * (0.33 - 0.7), f[0], 1e-12);
    assertEquals(-2 * 0.6 * 0.4 * (0.57 - 0.7), f[1], 1e-12);
    assertArrayEquals(new double[] {0, 0}, ode.rate(new double[] {1, 0}), 0);
    assertArrayEquals(new double[] {0, 0}, ode.rate(new double[] {0, 1}), 0);
  }

  @Test
  void aStartAtAFixedPointSettlesImmediately() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.3, 0.7}}, new double[] {2, 2}, new double[] {0.7, 0.7});
    OdeResult r = new GreedyOde(t).settle(new double[] {0.28, 0.42});
    assertTrue(r.settled());
    assertEquals(0, r.time());
  }

  @Test
  void rejectsStartsOutsideTheOpenCube() {
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB());
    assertThrows(IllegalArgumentException.class, () -> ode.settle(new double[] {0, 0.5}));
    assertThrows(IllegalArgumentException.class, () -> ode.settle(new double[] {0.5, 1}));
    assertThrows(IllegalArgumentException.class, () -> ode.settle(new double[] {0.5, Double.NaN}));
    assertThrows(IllegalArgumentException.class, () -> ode.settle(new double[] {0.5}));
  }

  @Test
  void shortHorizonLeavesTheTrajectoryUnsettled() {
    StabilityConfig config = StabilityConfig.defaults().withSettling(1e-9, 1e-3);
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB(), config);
    OdeResult r = ode.settle(new double[] {0.5, 0.5});
    assertTrue(!r.settled());
    assertEquals(1e-3 / ode.rateScale(), r.time(), 1e-12);
  }
}
