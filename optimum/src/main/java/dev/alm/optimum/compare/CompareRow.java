package dev.alm.optimum.compare;

/**
 * The summary of one load of the sweep: one row of {@code compare.csv}, one point of each Fig. 5
 * panel. Means and standard deviations are over the runs; the dual's cost statistics are over the
 * runs where it overloaded nothing (all of them, when it works).
 */
public record CompareRow(
    double load,
    int runs,
    double dualCostMean,
    double dualCostStd,
    double dualOverloadedMean,
    double dualGapMean,
    double dualGapMax,
    double dualIterationsMean,
    int dualIterationsMax,
    int dualUnconverged,
    double greedyOverloadedMean,
    int greedyOverloadedMax,
    double greedyIterationsMean,
    double optimumLowerMean,
    double optimumUpperMean) {}
