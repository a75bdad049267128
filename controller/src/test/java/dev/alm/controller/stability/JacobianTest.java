package dev.alm.controller.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.alm.controller.model.Topology;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.junit.jupiter.api.Test;

class JacobianTest {

  @Test
  void atTheUncontrollableCornerOfSectionIIIBTheJacobianIsDiagonal() {
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB());
    Jacobian j = Jacobian.at(ode, new double[] {1, 0});
    // Eq. (48): x_a = 1 gives +(S_a - T_a) = 0.1 - 0.7; x_b = 0 gives -(S_b - T_b) = -(0.9 - 0.7).
    assertEquals(-0.6, j.get(0, 0), 1e-12);
    assertEquals(-0.2, j.get(1, 1), 1e-12);
    assertEquals(0, j.get(0, 1), 0);
    assertEquals(0, j.get(1, 0), 0);
    List<Eigenvalue> eigenvalues = j.eigenvalues();
    assertEquals(-0.2, eigenvalues.get(0).real(), 1e-12);
    assertEquals(-0.6, eigenvalues.get(1).real(), 1e-12);
    assertEquals(0, eigenvalues.get(0).imaginary(), 0);
    assertEquals(Verdict.STABLE, j.verdict(1e-9));
  }

  @Test
  void theOtherCornerIsASaddle() {
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB());
    // At (0, 1): S = (0.5, 0.5); diagonal -(0.5 - 0.7) = 0.2 and +(0.5 - 0.7) = -0.2.
    Jacobian j = Jacobian.at(ode, new double[] {0, 1});
    assertEquals(0.2, j.eigenvalues().get(0).real(), 1e-12);
    assertEquals(-0.2, j.eigenvalues().get(1).real(), 1e-12);
    assertEquals(Verdict.UNSTABLE, j.verdict(1e-9));
  }

  @Test
  void aZeroEigenvalueAtACornerIsMarginal() {
    // T_a = S_a = 0.1 at (1, 0).
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.1, 0.9}, {0.5, 0.5}}, new double[] {1, 1}, new double[] {0.1, 0.7});
    Jacobian j = Jacobian.at(new GreedyOde(t), new double[] {1, 0});
    assertEquals(0, j.eigenvalues().get(0).real(), 1e-15);
    assertEquals(Verdict.MARGINAL, j.verdict(1e-9));
  }

  @Test
  void interiorFixedPointOfAFavourableSystemIsStable() {
    Topology t =
        TestTopologies.twoNode(
            new double[][] {{0.8, 0.2}, {0.3, 0.7}}, new double[] {2, 2}, new double[] {0.7, 0.7});
    Jacobian j = Jacobian.at(new GreedyOde(t), new double[] {0.28, 0.42});
    // J = -diag(R) B with B = [[1.6, 0.6], [0.4, 1.4]], R = (0.28*0.72, 0.42*0.58).
    double r1 = 0.28 * 0.72;
    double r2 = 0.42 * 0.58;
    double trace = -(r1 * 1.6 + r2 * 1.4);
    double det = r1 * r2 * (1.6 * 1.4 - 0.6 * 0.4);
    double disc = Math.sqrt(trace * trace - 4 * det);
    List<Eigenvalue> e = j.eigenvalues();
    assertEquals((trace + disc) / 2, e.get(0).real(), 1e-12);
    assertEquals((trace - disc) / 2, e.get(1).real(), 1e-12);
    assertEquals(Verdict.STABLE, j.verdict(1e-9));
  }

  @Test
  void matchesAFiniteDifferenceJacobianOfTheVectorField() {
    Random r = new Random(5);
    for (int trial = 0; trial < 10; trial++) {
      int n = 2 + r.nextInt(6);
      Topology t = TestTopologies.random(n, 100 + trial, 1 + 5 * r.nextDouble());
      GreedyOde ode =
          new GreedyOde(t, StabilityConfig.defaults().withGain(0.5 + 2 * r.nextDouble()));
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        x[i] = 0.05 + 0.9 * r.nextDouble();
      }
      Jacobian j = Jacobian.at(ode, x);
      double h = 1e-6;
      for (int k = 0; k < n; k++) {
        double[] up = x.clone();
        double[] down = x.clone();
        up[k] += h;
        down[k] -= h;
        double[] fu = ode.rate(up);
        double[] fd = ode.rate(down);
        for (int i = 0; i < n; i++) {
          double fdValue = (fu[i] - fd[i]) / (2 * h);
          assertEquals(
              fdValue,
              j.get(i, k),
              1e-7 * Math.max(1, Math.abs(fdValue)),
              "trial " + trial + " entry (" + i + ", " + k + ")");
        }
      }
    }
  }

  @Test
  void blockEigenvaluesEqualThoseOfTheFullMatrix() {
    Random r = new Random(9);
    for (int trial = 0; trial < 20; trial++) {
      int n = 2 + r.nextInt(7);
      Topology t = TestTopologies.random(n, 200 + trial, 2);
      GreedyOde ode = new GreedyOde(t);
      double[] x = new double[n];
      for (int i = 0; i < n; i++) {
        double u = r.nextDouble();
        x[i] = u < 0.25 ? 0 : u < 0.5 ? 1 : r.nextDouble();
      }
      Jacobian j = Jacobian.at(ode, x);
      EigenDecomposition full = new EigenDecomposition(j.toRealMatrix());
      double[][] expected = new double[n][];
      for (int i = 0; i < n; i++) {
        expected[i] = new double[] {full.getRealEigenvalues()[i], full.getImagEigenvalues()[i]};
      }
      Arrays.sort(
          expected,
          Comparator.<double[]>comparingDouble(e -> e[0])
              .thenComparingDouble(e -> e[1])
              .reversed());
      List<Eigenvalue> actual = j.eigenvalues();
      for (int i = 0; i < n; i++) {
        assertEquals(expected[i][0], actual.get(i).real(), 1e-9, "trial " + trial);
        assertEquals(
            Math.abs(expected[i][1]), Math.abs(actual.get(i).imaginary()), 1e-9, "trial " + trial);
      }
    }
  }

  @Test
  void scalesWithTheGain() {
    GreedyOde ode =
        new GreedyOde(TestTopologies.sectionIIIB(), StabilityConfig.defaults().withGain(3));
    Jacobian j = Jacobian.at(ode, new double[] {1, 0});
    assertEquals(-0.6, j.eigenvalues().get(0).real(), 1e-12);
    assertEquals(-1.8, j.eigenvalues().get(1).real(), 1e-12);
  }

  @Test
  void rejectsPointsOutsideTheCube() {
    GreedyOde ode = new GreedyOde(TestTopologies.sectionIIIB());
    assertThrows(IllegalArgumentException.class, () -> Jacobian.at(ode, new double[] {1.1, 0}));
    assertThrows(IllegalArgumentException.class, () -> Jacobian.at(ode, new double[] {0.5}));
  }
}
