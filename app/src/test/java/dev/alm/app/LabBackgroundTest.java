package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.alm.lab.LabRun;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTopologyJson;
import dev.alm.loadgen.UserCounts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lab's load that does not follow x, on the proxy each network's HTTP catchment is at. */
class LabBackgroundTest {

  private static UserCounts fetched(long beaconFetches) {
    return new UserCounts(
        1000, 500, 500, 1000, 0, 0, 3000, 0, 0, 2000, 0, beaconFetches, 0, 0, 0, 0);
  }

  @Test
  void beaconFetchesAndCatchmentChecksLandWhereTheNetworkLands() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    // e1 lands on a, e2 on b; r1 is a resolver (no HTTP)
    Map<String, LabRun.Catch> at =
        Map.of(
            "e1", new LabRun.Catch("a", "a"),
            "e2", new LabRun.Catch("a", "b"),
            "r1", new LabRun.Catch("a", null));
    Map<String, UserCounts> users = Map.of("e1", fetched(400), "e2", fetched(0));
    // 100 s at 20 requests/s per load unit: e1 fetches 4/s, and every network checks 2/s
    double[] b = LabBackground.of(t, at, users, 100, 20);
    assertArrayEquals(new double[] {(4 + 2) / 20.0, 2 / 20.0}, b, 1e-12);
  }

  @Test
  void aNetworkWithoutAMeasuredCatchmentAddsNothing() throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    Map<String, LabRun.Catch> at = Map.of("e1", new LabRun.Catch("a", null));
    assertArrayEquals(new double[] {0, 0}, LabBackground.of(t, at, Map.of(), 100, 20), 1e-12);
  }
}
