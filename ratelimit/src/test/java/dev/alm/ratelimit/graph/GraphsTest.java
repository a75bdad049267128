package dev.alm.ratelimit.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.alm.ratelimit.laplacian.H2Measure;
import dev.alm.ratelimit.laplacian.UpdateCycle;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GraphsTest {

  @ParameterizedTest
  @CsvSource({"10,2", "10,4", "10,8", "100,3", "1000,8", "11,4"})
  void regularGraphsAreRegularConnectedAndSeeded(int n, int d) {
    CommunicationGraph g = Graphs.regular(n, d, 7);
    for (int i = 0; i < n; i++) {
      assertEquals(d, g.degree(i));
    }
    assertEquals(g.edges(), Graphs.regular(n, d, 7).edges());
    if (n > 10) {
      assertNotEquals(g.edges(), Graphs.regular(n, d, 8).edges());
    }
  }

  @Test
  void ringSpectrumIsTwoMinusTwoCos() {
    int n = 10;
    double[] ev = Laplacian.of(Graphs.ring(n)).eigenvalues();
    double[] want = new double[n];
    for (int k = 0; k < n; k++) {
      want[k] = 2 - 2 * Math.cos(2 * Math.PI * k / n);
    }
    Arrays.sort(want);
    for (int k = 0; k < n; k++) {
      assertEquals(want[k], ev[k], 1e-9);
    }
  }

  /** The two graphs rebuilt for paper 003's Example 2 give its published numbers. */
  @Test
  void siamiGraphsGiveTables3And4() {
    Laplacian tree = Laplacian.of(SiamiGraphs.tree());
    Laplacian plus = Laplacian.of(SiamiGraphs.treePlus());
    assertEquals(9, SiamiGraphs.tree().edges().size());
    assertEquals(0.4226, UpdateCycle.optimal(tree), 5e-5);
    assertEquals(0.2222, UpdateCycle.optimal(plus), 5e-5);
    assertEquals(0.9969, UpdateCycle.convergenceFactor(tree, 0.02), 5e-5);
    assertEquals(0.9727, UpdateCycle.convergenceFactor(plus, 0.02), 5e-5);
    assertEquals(334.7965, H2Measure.iid(tree, 0.02, 50.0), 5e-3);
    assertEquals(69.3075, H2Measure.iid(plus, 0.02, 50.0), 5e-3);
  }
}
