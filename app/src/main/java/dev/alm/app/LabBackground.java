package dev.alm.app;

import dev.alm.lab.CatchmentSeries;
import dev.alm.lab.LabRun;
import dev.alm.lab.LabTopology;
import java.util.Map;

/**
 * The load a lab's proxies meter that does not follow x ({@link AllLoadOptimum}), network by
 * network: each eyeball network's catchment checks (one HTTP request to L1 every {@link
 * CatchmentSeries#PERIOD_MILLIS} ms) on the proxy that network's HTTP catchment is at then. Its
 * correlation beacons' fetches reach that proxy too, but the proxy answers them at once and never
 * counts them in S_i (docs/proxy-node.md, "Correlation beacons"), as it does probes.
 */
final class LabBackground {
  private LabBackground() {}

  /**
   * B_j per PoP (topology order), load units, for the networks' HTTP catchments in {@code
   * catchments}; a network without a measured catchment adds nothing.
   */
  static double[] of(LabTopology t, Map<String, LabRun.Catch> catchments, double loadUnit) {
    double[] b = new double[t.pops().size()];
    double checks = 1000.0 / CatchmentSeries.PERIOD_MILLIS;
    for (LabTopology.Eyeball e : t.eyeballs()) {
      LabRun.Catch c = catchments.get(e.id());
      int j = c == null ? -1 : t.popIndex(c.http());
      if (j < 0) {
        continue;
      }
      b[j] += checks / loadUnit;
    }
    return b;
  }
}
