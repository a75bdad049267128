package dev.alm.app.drl;

/**
 * One algorithm's metrics over runs: {@link DrlCompareCommand#METRICS} in order, mean and standard
 * deviation.
 *
 * @param algorithm the name
 * @param runs runs averaged
 * @param mean means per metric
 * @param std standard deviations per metric
 */
record CompareRow(String algorithm, int runs, double[] mean, double[] std) {}
