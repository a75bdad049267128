package dev.alm.ratelimit.keys;

/**
 * What {@link KeyedSimulation} measured. Ratios are admitted / limit of one key in one complete
 * window, over the keys whose demand in that window was at least their limit.
 *
 * @param limit the limit per key and window
 * @param windows complete windows measured
 * @param requests requests simulated
 * @param first the ratios of the keys at or over their limit in the first window, where every PoP
 *     starts without state and a key active at several PoPs is not known as shared before its first
 *     reports and grant
 * @param over the ratios of every key at or over its limit in the later windows
 * @param overMulti the ratios of those keys active at several PoPs
 * @param roamed the ratios of the keys that moved, in the windows that start at least 2 s after the
 *     move; empty when none moved or no such window ended
 * @param roamWindow the ratios of the keys that moved, in the window the move fell in
 * @param underKeys key-windows whose demand stayed under the limit
 * @param underRefusedKeys of those, the ones with any request refused
 * @param underRefused requests refused to keys under their limit
 * @param bytesPerPopPerSecond mean bytes sent per PoP per second (reports, grants, datagram
 *     overhead)
 * @param maxBytesPerPopPerSecond the busiest PoP's
 * @param reports reports sent to another PoP
 * @param grants grants sent to another PoP
 * @param maxKeysHeld the most keys any PoP held at the end
 * @param forgotten keys forgotten by all PoPs to keep the bound
 * @param staleGrants grants that found their key forgotten or in another window
 * @param homeRefused reports refused by homes over their bound
 * @param wallSeconds the simulation's wall time
 */
public record KeyedResult(
    long limit,
    int windows,
    long requests,
    Ratios first,
    Ratios over,
    Ratios overMulti,
    Ratios roamed,
    Ratios roamWindow,
    long underKeys,
    long underRefusedKeys,
    long underRefused,
    double bytesPerPopPerSecond,
    double maxBytesPerPopPerSecond,
    long reports,
    long grants,
    long maxKeysHeld,
    long forgotten,
    long staleGrants,
    long homeRefused,
    double wallSeconds) {

  /**
   * A distribution of admitted / limit.
   *
   * @param n how many key-windows
   * @param median the median
   * @param p99 the 99th percentile
   * @param max the largest
   * @param within2 the share within 2% of the limit (0.98 to 1.02)
   */
  public record Ratios(long n, double median, double p99, double max, double within2) {

    /** No key-window. */
    public static final Ratios NONE = new Ratios(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** The distribution of the first {@code n} values of {@code v} (sorted in place). */
    public static Ratios of(double[] v, int n) {
      if (n == 0) {
        return NONE;
      }
      java.util.Arrays.sort(v, 0, n);
      int within = 0;
      for (int i = 0; i < n; i++) {
        if (v[i] >= 0.98 && v[i] <= 1.02) {
          within++;
        }
      }
      return new Ratios(n, at(v, n, 0.5), at(v, n, 0.99), v[n - 1], within / (double) n);
    }

    private static double at(double[] v, int n, double q) {
      return v[Math.min(n - 1, (int) Math.ceil(q * n) - 1)];
    }
  }
}
