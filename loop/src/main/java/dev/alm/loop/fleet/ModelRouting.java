package dev.alm.loop.fleet;

import dev.alm.controller.model.CorrelationMatrix;
import java.util.List;

/**
 * Anycast in the {@link FleetModel}: PoP i's user lands on proxy j with probability C_ij, from the
 * topology's C and, from each route change's time on, that change's matrix (the users' routing, not
 * what the PoPs hold). Pure: the caller supplies the uniform draw.
 */
final class ModelRouting {

  private final double[][][] routes;
  private final long[] from;

  /**
   * @param known the topology's C, in force from the start
   * @param changes the route changes, in time order
   */
  ModelRouting(CorrelationMatrix known, List<RouteChange> changes) {
    routes = new double[changes.size() + 1][][];
    from = new long[changes.size() + 1];
    routes[0] = cumulative(known);
    from[0] = Long.MIN_VALUE;
    for (int k = 0; k < changes.size(); k++) {
      routes[k + 1] = cumulative(changes.get(k).matrix());
      from[k + 1] = FleetModel.nanos(changes.get(k).atSeconds());
    }
  }

  /**
   * The proxy PoP i's user goes to at {@code t} nanoseconds into the run, for a draw u in [0, 1).
   */
  int proxy(int i, long t, double u) {
    int m = 0;
    while (m + 1 < from.length && from[m + 1] <= t) {
      m++;
    }
    double[] cum = routes[m][i];
    double v = u * cum[cum.length - 1];
    for (int j = 0; j < cum.length; j++) {
      if (v < cum[j]) {
        return j;
      }
    }
    return cum.length - 1;
  }

  private static double[][] cumulative(CorrelationMatrix c) {
    int size = c.size();
    double[][] out = new double[size][];
    for (int i = 0; i < size; i++) {
      double[] row = c.row(i);
      double[] cum = new double[size];
      double s = 0;
      for (int j = 0; j < size; j++) {
        s += row[j];
        cum[j] = s;
      }
      out[i] = cum;
    }
    return out;
  }
}
