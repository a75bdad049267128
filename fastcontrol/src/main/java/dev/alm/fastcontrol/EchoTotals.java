package dev.alm.fastcontrol;

/**
 * The price echoes a PoP's DNS has counted since start (docs/fastcontrol.md, "Price echo"):
 * cumulative, so that a control loop takes differences between two readings.
 *
 * @param count echoes counted
 * @param sum the sum of their prices
 * @param squares the sum of their prices' squares
 */
public record EchoTotals(long count, double sum, double squares) {

  /** No echo yet. */
  public static final EchoTotals NONE = new EchoTotals(0, 0, 0);

  public EchoTotals {
    if (count < 0 || !(sum >= 0) || !(squares >= 0)) {
      throw new IllegalArgumentException("echo totals must be >= 0");
    }
  }
}
