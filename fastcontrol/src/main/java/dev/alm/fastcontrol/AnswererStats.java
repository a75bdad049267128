package dev.alm.fastcontrol;

/**
 * What a {@link PlannedProbeAnswerer} has done, for the status endpoint and metrics.
 *
 * @param beacons beacon queries seen since start
 * @param probes probe targets handed out since start
 * @param clippedBeacons beacons answered while the plan was clipped (sum_j r_ij &gt; b_i)
 * @param warmupBeacons beacons answered with no probe because b_i was not yet measured
 * @param beaconRate b_i over the last window, per second (NaN before the first window)
 * @param plannedRate sum_j r_ij of the current plan, per second
 * @param deliverable the fraction of the plan that b_i can carry: min(1, b_i / sum_j r_ij); below 1
 *     the plan is clipped and every beta measured from it is biased low by this factor
 */
public record AnswererStats(
    long beacons,
    long probes,
    long clippedBeacons,
    long warmupBeacons,
    double beaconRate,
    double plannedRate,
    double deliverable) {

  /** Whether the current plan asks for more probes than beacons arrive. */
  public boolean clipped() {
    return deliverable < 1;
  }
}
