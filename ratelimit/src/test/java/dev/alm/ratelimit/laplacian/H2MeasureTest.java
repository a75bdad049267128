package dev.alm.ratelimit.laplacian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.Laplacian;
import dev.alm.ratelimit.graph.RandomGraphs;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;

class H2MeasureTest {

  /** The doubling solver, the series and eq. (22) give the same Q; eq. (24) the same Phi_ss. */
  @Property(tries = 40)
  void lyapunovAgreesWithTheDirectSumAndTheClosedForm(
      @ForAll @IntRange(min = 2, max = 12) int n,
      @ForAll @IntRange(min = 0, max = 15) int extra,
      @ForAll @DoubleRange(min = 0.1, max = 0.9) double fractionOfLimit,
      @ForAll long seed) {
    CommunicationGraph g = RandomGraphs.connected(n, extra, true, seed);
    Laplacian l = Laplacian.of(g);
    double gamma = fractionOfLimit * UpdateCycle.stabilityLimit(l);
    RealMatrix q = H2Measure.lyapunov(l.matrix(), gamma);
    RealMatrix closed = H2Measure.closedForm(l, gamma);
    double rho = UpdateCycle.convergenceFactor(l, gamma);
    int terms = (int) Math.min(200_000, Math.ceil(Math.log(1e-13) / Math.log(rho * rho)) + 10);
    RealMatrix sum = H2Measure.directSum(l.matrix(), gamma, Math.min(terms, 4000));
    double scale = closed.getFrobeniusNorm();
    assertEquals(0, q.subtract(closed).getFrobeniusNorm(), 1e-8 * scale);
    if (terms <= 4000) {
      assertEquals(0, q.subtract(sum).getFrobeniusNorm(), 1e-8 * scale);
    }
    double sigma2 = 3.0;
    double viaQ = H2Measure.phi(q, H2Measure.iidCovariance(n, gamma, sigma2));
    assertEquals(H2Measure.iid(l, gamma, sigma2), viaQ, 1e-8 * viaQ);
  }

  @Test
  void directSumOnTheRingMatchesTheSolver() {
    Laplacian l = Laplacian.of(Graphs.ring(8));
    RealMatrix q = H2Measure.lyapunov(l.matrix(), 0.3);
    RealMatrix s = H2Measure.directSum(l.matrix(), 0.3, 3000);
    assertEquals(0, q.subtract(s).getFrobeniusNorm(), 1e-10);
  }

  @Test
  void unstableCycleHasInfiniteMeasure() {
    Laplacian l = Laplacian.of(Graphs.complete(5));
    double gamma = 0.41; // 2/lambda_n = 0.4
    assertNull(H2Measure.lyapunov(l.matrix(), gamma));
    assertNull(H2Measure.closedForm(l, gamma));
    assertEquals(Double.POSITIVE_INFINITY, H2Measure.iid(l, gamma, 1.0));
    assertTrue(Double.isFinite(H2Measure.iid(l, 0.39, 1.0)));
  }
}
