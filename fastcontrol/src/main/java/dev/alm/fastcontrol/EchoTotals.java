package dev.alm.fastcontrol;

import java.util.Map;

/**
 * The price echoes a PoP's DNS has counted since start (docs/fastcontrol.md, "Price echo"):
 * cumulative, so that a control loop takes differences between two readings.
 *
 * @param count echoes counted
 * @param sum the sum of their prices
 * @param squares the sum of their prices' squares
 * @param byProxy the same count and price sum for each proxy that answered the probes (the proxy id
 *     the echo names): row i of C and each proxy's price, as routing has them now
 */
public record EchoTotals(long count, double sum, double squares, Map<String, Stratum> byProxy) {

  /** No echo yet. */
  public static final EchoTotals NONE = new EchoTotals(0, 0, 0);

  public EchoTotals {
    if (count < 0 || !(sum >= 0) || !(squares >= 0) || byProxy == null) {
      throw new IllegalArgumentException("echo totals must be >= 0");
    }
    byProxy = Map.copyOf(byProxy);
  }

  /** Totals without the split by proxy. */
  public EchoTotals(long count, double sum, double squares) {
    this(count, sum, squares, Map.of());
  }

  /**
   * The echoes of one proxy.
   *
   * @param count echoes counted
   * @param sum the sum of their prices
   * @param loaded the echoes among them that carried the proxy's load (S_j / T_j)
   * @param loads the sum of those loads
   * @param capacities the sum of the capacities T_j (requests/s) those echoes carried
   */
  public record Stratum(long count, double sum, long loaded, double loads, double capacities) {

    public Stratum {
      if (count < 0
          || !(sum >= 0)
          || loaded < 0
          || loaded > count
          || !(loads >= 0)
          || !(capacities >= 0)) {
        throw new IllegalArgumentException("echo totals must be >= 0");
      }
    }

    /** Echoes that carried no load. */
    public Stratum(long count, double sum) {
      this(count, sum, 0, 0, 0);
    }

    /**
     * The proxy's capacity T_j in requests/s over the echoes that carried one; NaN when none did.
     */
    public double capacity() {
      return loaded > 0 ? capacities / loaded : Double.NaN;
    }

    /** The proxy's mean load S_j / T_j over the echoes that carried one; NaN when none did. */
    public double load() {
      return loaded > 0 ? loads / loaded : Double.NaN;
    }

    /** The echoes since {@code earlier} (a restarted DNS counts from 0 again: never negative). */
    public Stratum since(Stratum earlier) {
      if (earlier == null || earlier.count > count || earlier.loaded > loaded) {
        return this;
      }
      return new Stratum(
          count - earlier.count,
          Math.max(0, sum - earlier.sum),
          loaded - earlier.loaded,
          Math.max(0, loads - earlier.loads),
          Math.max(0, capacities - earlier.capacities));
    }
  }
}
