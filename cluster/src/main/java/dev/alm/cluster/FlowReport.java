package dev.alm.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * How a set of long TCP downloads shared one customer's bytes/s limit (paper 001 section 5.1, Fig.
 * 3 and 5): the aggregate against the limit over 1 s windows and Jain's fairness index over the
 * flows. Pure: windows in, numbers out.
 *
 * @param limitBitsPerSecond the customer's global limit, bit/s
 * @param meanAggregateRatio the mean aggregate over the steady windows divided by the limit
 * @param windowsWithin5Percent the fraction of steady windows whose aggregate is within 5% of the
 *     limit
 * @param aggregateErrorP95 the 95th percentile of |aggregate - limit| / limit over steady windows
 * @param jainFlows Jain's index over the flows' rates in the steady windows (1: equal rates)
 * @param flowBitsPerSecond every flow's mean rate over the steady windows, bit/s
 * @param aggregateBitsPerSecond the aggregate in every window, bit/s
 */
public record FlowReport(
    double limitBitsPerSecond,
    double meanAggregateRatio,
    double windowsWithin5Percent,
    double aggregateErrorP95,
    double jainFlows,
    List<Double> flowBitsPerSecond,
    List<Double> aggregateBitsPerSecond) {

  /** Windows skipped at the start while TCP and the shares ramp up. */
  public static final int WARM_UP_WINDOWS = 5;

  public FlowReport {
    flowBitsPerSecond = List.copyOf(flowBitsPerSecond);
    aggregateBitsPerSecond = List.copyOf(aggregateBitsPerSecond);
  }

  /** The report of {@code w} against a limit of {@code limitBitsPerSecond}. */
  public static FlowReport of(FlowWindows w, double limitBitsPerSecond) {
    List<Double> aggregate = new ArrayList<>();
    List<Double> errors = new ArrayList<>();
    double sum = 0;
    int within = 0;
    int steady = 0;
    double[] flow = new double[w.flows()];
    for (int k = 0; k < w.windows(); k++) {
      double bits = 8.0 * w.total(k);
      aggregate.add(bits);
      if (k < WARM_UP_WINDOWS) {
        continue;
      }
      steady++;
      sum += bits;
      double err = Math.abs(bits - limitBitsPerSecond) / limitBitsPerSecond;
      errors.add(err);
      if (err <= 0.05) {
        within++;
      }
      for (int f = 0; f < w.flows(); f++) {
        flow[f] += 8.0 * w.bytes(f, k);
      }
    }
    List<Double> rates = new ArrayList<>();
    double s1 = 0;
    double s2 = 0;
    for (double f : flow) {
      double r = steady == 0 ? 0 : f / steady;
      rates.add(r);
      s1 += r;
      s2 += r * r;
    }
    return new FlowReport(
        limitBitsPerSecond,
        steady == 0 ? Double.NaN : sum / steady / limitBitsPerSecond,
        steady == 0 ? Double.NaN : (double) within / steady,
        CustomerReport.percentile(errors, 0.95),
        s2 == 0 ? Double.NaN : s1 * s1 / (w.flows() * s2),
        rates,
        aggregate);
  }
}
