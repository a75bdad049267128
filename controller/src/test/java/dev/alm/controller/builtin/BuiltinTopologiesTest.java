package dev.alm.controller.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BuiltinTopologiesTest {

  @Test
  void section5HasTheParametersOfEquation30() throws Exception {
    Topology t = BuiltinTopologies.resolve("builtin:paper-sec5?load=2&seed=9");
    assertEquals(48, t.size());
    t.nodes()
        .forEach(
            n -> {
              assertEquals(0.7, n.capacity());
              assertEquals(1.0, n.eta());
              assertEquals(10.0, n.gamma());
              assertTrue(n.d() >= 0 && n.d() <= 1);
              assertEquals(Math.rint(n.demand()), n.demand());
            });
    double mean = Arrays.stream(t.demands()).average().orElseThrow();
    assertTrue(mean > 1 && mean < 3, "Poisson(2) mean over 48 nodes: " + mean);
    assertEquals(
        t.correlation(), BuiltinTopologies.resolve("builtin:paper-sec5?load=5").correlation());
  }

  @Test
  void syntheticSelfCorrelationsLookLikeTheModelSays() {
    CorrelationMatrix c = SyntheticCorrelation.generate(1000, 4);
    double[] diag = new double[c.size()];
    int mid = 0;
    for (int i = 0; i < c.size(); i++) {
      diag[i] = c.self(i);
      mid += diag[i] >= 0.5 && diag[i] <= 0.8 ? 1 : 0;
      for (int j = 0; j < c.size(); j++) {
        assertTrue(c.get(i, j) > 0, "every entry is positive");
      }
    }
    Arrays.sort(diag);
    assertTrue(diag[0] >= 0.1 && diag[diag.length - 1] <= 0.9);
    assertTrue(mid > 0.5 * c.size(), "most self-correlations in [0.5, 0.8]: " + mid);
    assertEquals(SyntheticCorrelation.generate(50, 4), SyntheticCorrelation.generate(50, 4));
  }

  @Test
  void rejectsUnknownNamesAndParameters() {
    assertThrows(InputException.class, () -> BuiltinTopologies.resolve("builtin:nope"));
    assertThrows(InputException.class, () -> BuiltinTopologies.resolve("builtin:paper-sec5?n=3"));
    assertThrows(
        InputException.class, () -> BuiltinTopologies.resolve("builtin:paper-sec5?load=-1"));
  }
}
