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
   */
  public record Stratum(long count, double sum) {

    public Stratum {
      if (count < 0 || !(sum >= 0)) {
        throw new IllegalArgumentException("echo totals must be >= 0");
      }
    }

    /** The echoes since {@code earlier} (a restarted DNS counts from 0 again: never negative). */
    public Stratum since(Stratum earlier) {
      if (earlier == null || earlier.count > count) {
        return this;
      }
      return new Stratum(count - earlier.count, Math.max(0, sum - earlier.sum));
    }
  }
}
