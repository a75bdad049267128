package dev.alm.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How well the fleet held one customer's global limit in a run (docs/cluster.md, "Customers").
 *
 * @param name the customer
 * @param limit L, requests/s
 * @param demand the users' target demand, requests/s
 * @param sentRate requests sent per second, mean over the run
 * @param servedRate requests served (2xx) per second, mean over the run
 * @param admittedRate requests the limiters let through (served, or shed by load control after the
 *     limit) per second, mean over the run
 * @param servedOverLimit the mean over all 1 s windows of max(0, admitted - L) / L
 * @param aggregateErrorP95 the 95th percentile, over the steady windows (those starting 2 s or more
 *     after the start and after every shift), of |admitted - min(L, sent)| / L
 * @param convergenceSeconds per shift, seconds from the shift to the first window from which every
 *     window up to the next shift has that error at most 5%; null when none has
 * @param jainLimiters Jain's index over the PoPs that had demand of their admitted / sent ratios
 *     over the steady windows (1 = every PoP's users see the same treatment)
 * @param pops per PoP, in topology order
 * @param latencyP50Ms the median latency of the customer's requests as its users saw it, ms
 * @param latencyP99Ms their 99th percentile, ms
 */
public record CustomerOutcome(
    String name,
    double limit,
    double demand,
    double sentRate,
    double servedRate,
    double admittedRate,
    double servedOverLimit,
    double aggregateErrorP95,
    List<Double> convergenceSeconds,
    double jainLimiters,
    List<PopPart> pops,
    double latencyP50Ms,
    double latencyP99Ms) {

  /**
   * One PoP's part.
   *
   * @param pop the PoP's id
   * @param sent requests its users sent
   * @param served of those, served
   * @param rejected of those, answered 429 (over the customer's limit)
   * @param shed of those, answered 503 (load control, after the limit)
   * @param meanShare its share, requests/s, mean over the windows with one
   */
  public record PopPart(
      String pop, long sent, long served, long rejected, long shed, double meanShare) {}

  public CustomerOutcome {
    convergenceSeconds = Collections.unmodifiableList(new ArrayList<>(convergenceSeconds));
    pops = List.copyOf(pops);
  }
}
