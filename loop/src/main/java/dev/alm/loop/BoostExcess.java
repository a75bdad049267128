package dev.alm.loop;

/**
 * The part of a proxy's price that the overload boost added beyond the plain step (eq. 17), and how
 * it is given back. The boost ({@link DualStep}, docs/controllers/step-and-delay.md "Above
 * capacity") climbs out of an overload faster than the plain step would, and in its persistent
 * stage up to 64 times faster: when the overload ends the price may stand far above its level. The
 * plain step then brings it down only as fast as it climbs without a boost, and every PoP whose
 * users reach the proxy sends them to L2 meanwhile (in the lab, a link-down left a PoP at x = 0 for
 * 40 s while its proxy sat at 0.3 T). So the excess is remembered, and once the load has stayed
 * below {@link #DEEP_LOAD} of min(T_i, S*_i) for {@link #DEEP_INTERVALS} intervals in a row (the
 * price is clearly above its level, not in a dip between two cuts of the headroom guard), {@link
 * #RETURN_SHARE} of what is left of it is taken off the price each interval. A price that climbed
 * without a boost is never lowered faster than the plain step.
 *
 * @param price the boost's excess still in the price, &ge; 0
 * @param deepIntervals the intervals in a row with the load below {@link #DEEP_LOAD} of min(T_i,
 *     S*_i)
 */
public record BoostExcess(double price, int deepIntervals) {

  /** A load below this share of min(T_i, S*_i) is deep below the price's level. */
  public static final double DEEP_LOAD = 0.5;

  /** The deep intervals in a row after which the excess is given back. */
  public static final int DEEP_INTERVALS = 5;

  /** The share of the remaining excess given back per interval. */
  public static final double RETURN_SHARE = 0.3;

  /** No excess. */
  public static final BoostExcess NONE = new BoostExcess(0, 0);

  public BoostExcess {
    if (!(price >= 0) || !Double.isFinite(price) || deepIntervals < 0) {
      throw new IllegalArgumentException(
          "boost excess must be finite and >= 0, got " + price + " after " + deepIntervals);
    }
  }

  /** After an interval in which the boost raised the price {@code extra} above the plain step. */
  public BoostExcess boosted(double extra) {
    double e = price + Math.max(0, extra);
    return new BoostExcess(Double.isFinite(e) ? e : price, 0);
  }

  /**
   * After an interval without a boost, at {@code load} against {@code capacity} and {@code sStar}:
   * the deep-interval count moved on (a NaN S*_i counts as not deep).
   */
  public BoostExcess unboosted(double load, double capacity, double sStar) {
    boolean deep = load < DEEP_LOAD * Math.min(capacity, sStar);
    return new BoostExcess(price, deep ? deepIntervals + 1 : 0);
  }

  /**
   * How much of the excess this interval gives back: 0 until the load has been deep long enough.
   */
  public double giveBack() {
    return deepIntervals >= DEEP_INTERVALS ? RETURN_SHARE * price : 0;
  }

  /** The excess after {@code back} was given back, at most the price {@code mu} that is left. */
  public BoostExcess after(double back, double mu) {
    return new BoostExcess(Math.max(0, Math.min(price - back, Math.max(0, mu))), deepIntervals);
  }
}
