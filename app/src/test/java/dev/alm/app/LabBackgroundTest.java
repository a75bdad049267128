package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.alm.lab.LabRun;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTopologyJson;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lab's load that does not follow x, on the proxy each network's HTTP catchment is at. */
class LabBackgroundTest {

  @Test
  void catchmentChecksLandWhereTheNetworkLands() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    // e1 lands on a, e2 on b; r1 is a resolver (no HTTP)
    Map<String, LabRun.Catch> at =
        Map.of(
            "e1", new LabRun.Catch("a", "a"),
            "e2", new LabRun.Catch("a", "b"),
            "r1", new LabRun.Catch("a", null));
    // at 20 requests/s per load unit every network checks 2/s; its correlation beacons' fetches
    // are answered apart from S_i (ProxyHandlerTest), so they are not background
    double[] b = LabBackground.of(t, at, 20);
    assertArrayEquals(new double[] {2 / 20.0, 2 / 20.0}, b, 1e-12);
  }

  @Test
  void aNetworkWithoutAMeasuredCatchmentAddsNothing() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    Map<String, LabRun.Catch> at = Map.of("e1", new LabRun.Catch("a", null));
    assertArrayEquals(new double[] {0, 0}, LabBackground.of(t, at, 20), 1e-12);
  }
}
