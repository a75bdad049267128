package dev.alm.ratelimit.laplacian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.graph.CommunicationGraph;
import dev.alm.ratelimit.graph.Graphs;
import dev.alm.ratelimit.graph.Laplacian;
import dev.alm.ratelimit.graph.RandomGraphs;
import dev.alm.ratelimit.graph.SiamiGraphs;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class UpdateCycleAndWeightsTest {

  /** Theorem 2: no cycle on a fine grid beats 2/(lambda_2 + lambda_n). */
  @Property(tries = 60)
  void optimalCycleMinimisesTheConvergenceFactor(
      @ForAll @IntRange(min = 2, max = 25) int n,
      @ForAll @IntRange(min = 0, max = 30) int extra,
      @ForAll long seed) {
    Laplacian l = Laplacian.of(RandomGraphs.connected(n, extra, true, seed));
    double best = UpdateCycle.optimal(l);
    assertEquals(2.0 / (l.lambda2() + l.lambdaN()), best, 1e-15);
    double phiBest = UpdateCycle.convergenceFactor(l, best);
    double limit = UpdateCycle.stabilityLimit(l);
    for (int k = 1; k < 2000; k++) {
      double gamma = limit * k / 2000.0;
      assertTrue(UpdateCycle.convergenceFactor(l, gamma) >= phiBest - 1e-12);
    }
    assertTrue(phiBest < 1);
  }

  /** Table 2, gamma = 1: K5 needs weight 1/5 on every link, S5 1/3. */
  @Test
  void table2OptimalUniformWeights() {
    var k5 = LinkWeights.uniform(Graphs.complete(5), 1.0);
    var s5 = LinkWeights.uniform(Graphs.star(5), 1.0);
    assertEquals(0.2, k5.weights()[0], 1e-12);
    assertEquals(0.0, k5.phiCr(), 1e-12);
    assertEquals(1.0 / 3, s5.weights()[0], 1e-12);
    assertEquals(2.0 / 3, s5.phiCr(), 1e-12);
    // edge-transitive graphs: per-link weights cannot beat uniform
    assertEquals(s5.phiCr(), LinkWeights.fastest(Graphs.star(5), 1.0, 2000).phiCr(), 1e-9);
  }

  /** On a graph that is not edge-transitive, per-link weights beat the best uniform weight. */
  @Test
  void perLinkWeightsBeatUniformOnTheTree() {
    CommunicationGraph tree = SiamiGraphs.tree();
    var u = LinkWeights.uniform(tree, 1.0);
    var f = LinkWeights.fastest(tree, 1.0, 3000);
    assertTrue(f.phiCr() < u.phiCr() - 1e-3, f.phiCr() + " vs uniform " + u.phiCr());
    double check = UpdateCycle.convergenceFactor(Laplacian.of(tree.withWeights(f.weights())), 1.0);
    assertEquals(f.phiCr(), check, 1e-9);
    for (double w : f.weights()) {
      assertTrue(w >= 0);
    }
  }
}
