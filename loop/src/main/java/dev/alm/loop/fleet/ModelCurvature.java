package dev.alm.loop.fleet;

/**
 * The proxies' curvature sums in the {@link FleetModel}, as proxy-node's {@code CurvatureCounter}
 * keeps them (docs/controllers/live-loop.md, "Measured curvature"): per proxy and issuing PoP, the
 * probes of the interval and the sum of their signed weight over signed rate; at every tick each
 * proxy adds (c - 1) times that sum to its total since start.
 */
final class ModelCurvature {

  private final long[][] counts;
  private final double[][] perRate;
  private final double[] totals;

  ModelCurvature(int n) {
    counts = new long[n][n];
    perRate = new double[n][n];
    totals = new double[n];
  }

  /** Proxy j counted a probe of PoP i signed with {@code weight} and {@code rate}. */
  void probe(int j, int i, float weight, float rate) {
    if (weight > 0 && rate > 0) {
      counts[j][i]++;
      perRate[j][i] += (double) weight / rate;
    }
  }

  /** Ends the interval: every proxy's sum of it added to its total, the counts started again. */
  void drain() {
    for (int j = 0; j < totals.length; j++) {
      for (int i = 0; i < totals.length; i++) {
        if (counts[j][i] > 1) {
          totals[j] += (counts[j][i] - 1) * perRate[j][i];
        }
        counts[j][i] = 0;
        perRate[j][i] = 0;
      }
    }
  }

  /** Proxy j's curvature sums since start. */
  double total(int j) {
    return totals[j];
  }
}
