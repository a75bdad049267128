package dev.alm.loop.fleet;

/**
 * The proxies' admission control in the {@link FleetModel} ({@code proxy.AdmissionControl}): per
 * proxy a token bucket refilled at the ceiling rate (T_j x loadUnit x the ceiling factor), holding
 * {@link FleetModelConfig#burstSeconds()} of it, one token per request; a request without a token
 * is shed and counted.
 */
final class ModelAdmission {

  private final double[] ceiling;
  private final double[] burst;
  private final double[] tokens;
  private final long[] refilled;
  private final long[] shed;

  /**
   * @param ceilings every proxy's ceiling, requests/s
   * @param burstSeconds seconds of the ceiling a bucket holds
   * @param startNanos when the buckets start full, nanoseconds into the run (before the users)
   */
  ModelAdmission(double[] ceilings, double burstSeconds, long startNanos) {
    int n = ceilings.length;
    ceiling = ceilings.clone();
    burst = new double[n];
    tokens = new double[n];
    refilled = new long[n];
    shed = new long[n];
    for (int j = 0; j < n; j++) {
      burst[j] = Math.max(1, Math.round(ceiling[j] * burstSeconds));
      tokens[j] = burst[j];
      refilled[j] = startNanos;
    }
  }

  /** A request at proxy j at {@code t}: admitted, or shed and counted. */
  void admit(int j, long t) {
    tokens[j] = Math.min(burst[j], tokens[j] + (t - refilled[j]) / 1e9 * ceiling[j]);
    refilled[j] = t;
    if (tokens[j] >= 1) {
      tokens[j] -= 1;
    } else {
      shed[j]++;
    }
  }

  /** Requests proxy j shed so far. */
  long shed(int j) {
    return shed[j];
  }
}
