package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.alm.cluster.ClusterConfig;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.loop.Sample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fleet console's document: every PoP's last sample, the guard's bound where it bound. */
class ClusterFleetViewTest {

  @Test
  void aGuardedPopCarriesItsBoundAndAnUnguardedOneNone() {
    ClusterFleetView view =
        ClusterFleetView.of(ClusterConfig.builder(BuiltinTopologies.paperFig2()).build());
    view.interval(
        List.of(
            new Sample(1, "a", 0.8, 2, 3, 0.1, 90, 100, 120, "normal", 0, 1, Double.NaN),
            new Sample(1, "b", 0.25, 9, 9, 0.1, 130, 100, 200, "normal", 0, 1, 0.25)));
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> pops =
        (Map<String, Map<String, Object>>) view.get().get("pops");
    assertEquals(0.25, pops.get("b").get("guardBound"));
    assertFalse(pops.get("a").containsKey("guardBound"));
    assertEquals(0.8, pops.get("a").get("x"));
  }
}
