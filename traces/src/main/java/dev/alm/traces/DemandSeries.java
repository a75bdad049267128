package dev.alm.traces;

import dev.alm.io.InputException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Summaries of a demand time series ({@link DemandRecord}), read in one streaming pass. */
public final class DemandSeries {
  private DemandSeries() {}

  /**
   * The mean demand of each node over its points (each point weighs the same; series are written at
   * a fixed interval).
   */
  public static Map<String, Double> means(Path file, ReadReport report) throws InputException {
    Map<String, double[]> sums = new HashMap<>();
    try (TraceReader<DemandRecord> r = TraceReader.open(file, TraceFormats.DEMAND, report)) {
      for (DemandRecord d = r.next(); d != null; d = r.next()) {
        double[] s = sums.computeIfAbsent(d.node(), k -> new double[2]);
        s[0] += d.demand();
        s[1]++;
      }
    }
    Map<String, Double> means = new TreeMap<>();
    sums.forEach((k, s) -> means.put(k, s[0] / s[1]));
    return means;
  }
}
