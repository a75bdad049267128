package dev.alm.loop;

import dev.alm.fastcontrol.EchoTotals;
import dev.alm.fastcontrol.RequeryDemand;

/**
 * The sensors' cumulative counters at the last reading, which the next interval takes differences
 * from (FastControl probes for eq. 20, price echoes, CDN answers for A_i, eq. 2), and the clock of
 * that reading.
 *
 * @param nanos the clock of the last measurement, {@link Long#MIN_VALUE} before the first
 * @param ownProbes the own-probe counter at the last measurement
 * @param allProbes the all-probe counter at the last measurement
 * @param cdnQueries the CDN answer counter at the last measurement
 * @param echoes the price echo totals at the last measurement
 * @param handedOut the handed-out probe counter at the last measurement
 * @param sensitivity the probe weights summed at the last measurement
 * @param curvature the curvature sums at the last measurement
 * @param requery the DNS's re-query totals at the last measurement
 */
public record Baseline(
    long nanos,
    long ownProbes,
    long allProbes,
    long cdnQueries,
    EchoTotals echoes,
    long handedOut,
    double sensitivity,
    double curvature,
    RequeryDemand.Totals requery) {

  /** No measurement yet. */
  public static final Baseline NONE =
      new Baseline(Long.MIN_VALUE, 0, 0, 0, EchoTotals.NONE, 0, 0, 0, RequeryDemand.Totals.NONE);

  /** The counters of a measurement. */
  public static Baseline of(Measurement m) {
    return new Baseline(
        m.nowNanos(),
        m.ownProbes(),
        m.allProbes(),
        m.cdnQueries(),
        m.echoes(),
        m.handedOut(),
        m.sensitivity(),
        m.curvature(),
        m.requery());
  }

  /** Whether no measurement has been taken yet. */
  public boolean none() {
    return nanos == Long.MIN_VALUE;
  }
}
