package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProbePlanTest {

  private static final List<String> IDS = List.of("a", "b");
  // paper Fig. 2: C = [[0.1, 0.9], [0.5, 0.5]]
  private static final double[][] C = {{0.1, 0.9}, {0.5, 0.5}};

  @Test
  void eq19OnTheTwoNodeExample() {
    ProbePlan a =
        ProbePlan.compute(
            IDS, 0, 2.0, C[0], new double[] {C[0][0], C[1][0]}, ProbePlanConfig.ofGamma(10));
    // r_aa = gamma mu_a C_aa / C_aa = 20; r_ab = gamma mu_a C_ba / C_ab = 10 * 2 * 0.5 / 0.9
    assertEquals(20, a.rate("a"), 1e-12);
    assertEquals(100.0 / 9, a.rate("b"), 1e-12);
    assertEquals(20 + 100.0 / 9, a.totalRate(), 1e-12);
    assertTrue(a.floored().isEmpty());
  }

  @Test
  void ownCategoryRatesAddUpToGammaBeta() {
    double[] mu = {0.7, 1.3};
    double gamma = 4;
    ProbePlan[] plans = new ProbePlan[2];
    for (int i = 0; i < 2; i++) {
      plans[i] =
          ProbePlan.compute(
              IDS, i, mu[i], C[i], new double[] {C[0][i], C[1][i]}, ProbePlanConfig.ofGamma(gamma));
    }
    for (int k = 0; k < 2; k++) {
      double r = 0;
      for (int i = 0; i < 2; i++) {
        r += plans[i].rate(IDS.get(k)) * C[i][k];
      }
      double beta = C[k][0] * mu[0] + C[k][1] * mu[1];
      assertEquals(gamma * beta, r, 1e-12);
    }
  }

  @Test
  void tinyOrZeroEntryIsFlooredAndReported() {
    List<String> ids = List.of("a", "b", "c");
    // row a: a's users never reach c, but c's users do reach a (C_ca = 0.2)
    double[] row = {0.99995, 0.00005, 0.0};
    double[] col = {0.99995, 0.1, 0.2};
    ProbePlan p = ProbePlan.compute(ids, 0, 1.0, row, col, new ProbePlanConfig(1.0, 1e-3));
    assertEquals(2, p.floored().size());
    assertEquals("b", p.floored().get(0).category());
    assertEquals(0.1 / 1e-3, p.rate("b"), 1e-9);
    assertEquals(0.2 / 1e-3, p.rate("c"), 1e-9);
    assertEquals(0.2, p.floored().get(1).betaBias(), 1e-12);
    assertEquals(0.1 * (1 - 0.05), p.floored().get(0).betaBias(), 1e-12);
    assertTrue(p.floored().get(1).warning("a").contains("C[a][c] = 0.0"));
  }

  @Test
  void nothingOwedMeansNoRateEvenWhereCijIsZero() {
    List<String> ids = List.of("a", "b");
    ProbePlan p =
        ProbePlan.compute(
            ids, 0, 1.0, new double[] {1, 0}, new double[] {1, 0}, ProbePlanConfig.ofGamma(1));
    assertEquals(List.of("a"), p.categories());
    assertTrue(p.floored().isEmpty());
  }

  @Test
  void zeroPriceMeansNoProbes() {
    ProbePlan p =
        ProbePlan.compute(
            IDS, 1, 0, C[1], new double[] {C[0][1], C[1][1]}, ProbePlanConfig.ofGamma(5));
    assertEquals(0, p.totalRate());
    assertTrue(p.categories().isEmpty());
  }

  @Test
  void affordableGammaSpendsEveryBeacon() {
    double[] col = {C[0][0], C[1][0]};
    double g = ProbePlan.affordableGamma(1000, 2.0, C[0], col, 1e-4);
    ProbePlan p = ProbePlan.compute(IDS, 0, 2.0, C[0], col, ProbePlanConfig.ofGamma(g));
    assertEquals(1000, p.totalRate(), 1e-9);
    assertEquals(Double.POSITIVE_INFINITY, ProbePlan.affordableGamma(1000, 0, C[0], col, 1e-4));
  }

  @Test
  void rejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> new ProbePlanConfig(0, 1e-4));
    assertThrows(IllegalArgumentException.class, () -> new ProbePlanConfig(1, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> ProbePlan.compute(IDS, 0, -1, C[0], C[0], ProbePlanConfig.ofGamma(1)));
    assertThrows(
        IllegalArgumentException.class,
        () -> ProbePlan.compute(IDS, 0, 1, new double[1], C[0], ProbePlanConfig.ofGamma(1)));
  }
}
