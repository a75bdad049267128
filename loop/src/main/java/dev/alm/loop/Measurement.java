package dev.alm.loop;

import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;

/**
 * What a PoP's sensors read at the end of a control interval. Counters are cumulative since start;
 * the loop takes differences, so a reading may be taken at any time.
 *
 * @param nowNanos the clock reading at which the sensors were read
 * @param load S_i, the request rate at the PoP's proxy over the last interval, in requests/s; NaN
 *     when the meter is not reporting (proxy down, no completed bucket)
 * @param ownProbes own-category FastControl probes counted by the proxy since start (eq. 20)
 * @param allProbes probes of every category counted by the proxy since start (the probe path's
 *     liveness)
 * @param cdnQueries DNS answers for the CDN names (L1 or L2) given by the PoP's DNS since start
 * @param echoes the price echoes the PoP's DNS counted since start (docs/fastcontrol.md, "Price
 *     echo")
 * @param handedOut probes the PoP's DNS handed out since start (the echoes' liveness)
 * @param sensitivity the probe weights summed by the proxy since start: every verified probe
 *     carries its issuer's kappa_j per probe handed out, so their sum per second is sigma_i = sum_j
 *     C_ji kappa_j, the proxy's sensitivity to its own price (docs/controllers/live-loop.md,
 *     "Measured sensitivity"); 0 when no probe carried one
 * @param curvature the proxy's curvature sums since start: each interval adds H_ii dt^2 = sum_j
 *     C_ji^2 kappa_j dt^2, measured from the counts of each issuing PoP's probes and the weight and
 *     hand-out rate they carry (docs/controllers/live-loop.md, "Measured curvature"); 0 when no
 *     probe carried a rate
 * @param requery the requests behind the CDN answers measured by the PoP's DNS from its resolvers'
 *     re-query gaps (docs/controllers/live-loop.md, "Demand behind the answers")
 */
public record Measurement(
    long nowNanos,
    double load,
    long ownProbes,
    long allProbes,
    long cdnQueries,
    EchoTotals echoes,
    long handedOut,
    double sensitivity,
    double curvature,
    RequeryDemand.Totals requery) {

  public Measurement {
    if (requery == null) {
      throw new IllegalArgumentException(
          "re-query totals are required (RequeryDemand.Totals.NONE for none)");
    }
    if (ownProbes < 0 || allProbes < 0 || cdnQueries < 0 || handedOut < 0) {
      throw new IllegalArgumentException("counters must be >= 0");
    }
    if (!(sensitivity >= 0) || !Double.isFinite(sensitivity)) {
      throw new IllegalArgumentException("sensitivity must be a finite sum >= 0");
    }
    if (!(curvature >= 0) || !Double.isFinite(curvature)) {
      throw new IllegalArgumentException("curvature must be a finite sum >= 0");
    }
    if (echoes == null) {
      throw new IllegalArgumentException("echo totals are required (EchoTotals.NONE for none)");
    }
  }

  /** A reading without price echoes (beta from probe counts, or greedy). */
  public Measurement(long nowNanos, double load, long ownProbes, long allProbes, long cdnQueries) {
    this(
        nowNanos,
        load,
        ownProbes,
        allProbes,
        cdnQueries,
        EchoTotals.NONE,
        0,
        0,
        0,
        RequeryDemand.Totals.NONE);
  }

  /**
   * No reading yet: the counters an interval from the start takes its differences from, at a clock
   * before any reading.
   */
  public static final Measurement NONE =
      new Measurement(
          Long.MIN_VALUE, Double.NaN, 0, 0, 0, EchoTotals.NONE, 0, 0, 0, RequeryDemand.Totals.NONE);

  /** Whether this is {@link #NONE}: no reading has been taken yet. */
  public boolean none() {
    return nowNanos == Long.MIN_VALUE;
  }

  /** Whether the proxy's meter reported a usable S_i. */
  public boolean meterFresh() {
    return Double.isFinite(load) && load >= 0;
  }
}
