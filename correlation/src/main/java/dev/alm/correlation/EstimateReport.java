package dev.alm.correlation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The figures of {@code report.json} (docs/correlation/estimate.md). The diagonal, sample and row
 * figures describe the measured, unsmoothed frequencies n_ij / n_i; the matrix file holds the
 * smoothed estimate. Built as ordered maps and lists, ready for Jackson.
 */
public final class EstimateReport {
  /** Rows with fewer samples than this (and at least one) are flagged. */
  public static final int FEW_SAMPLES = 5;

  private EstimateReport() {}

  /**
   * @param e the estimate
   * @param labels the folding record (folded and dropped labels)
   * @param inputs what reading and joining did, shown as it is
   */
  public static Map<String, Object> build(
      CorrelationEstimate e, LabelIndex labels, Map<String, Object> inputs) {
    int n = e.size();
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("nodes", n);
    r.put("samples", e.samples());
    long diagonalSamples = 0;
    List<Double> diag = new ArrayList<>();
    Map<String, Long> perRow = new LinkedHashMap<>();
    List<String> few = new ArrayList<>();
    List<String> empty = new ArrayList<>();
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long s = e.samples(i);
      perRow.put(e.ids().get(i), s);
      diagonalSamples += e.count(i, i);
      if (s == 0) {
        empty.add(e.ids().get(i));
      } else {
        diag.add(e.frequency(i, i));
        if (s < FEW_SAMPLES) {
          few.add(e.ids().get(i));
        }
      }
      rows.add(row(e, i));
    }
    r.put("diagonal", diagonal(diag));
    r.put(
        "diagonalShareOfSamples", e.samples() == 0 ? null : (double) diagonalSamples / e.samples());
    r.put("samplesPerRow", perRow);
    r.put("rowsWithFewSamples", few.size());
    r.put("fewSamplesThreshold", FEW_SAMPLES);
    r.put("rowsWithFewSamplesIds", few);
    r.put("emptyRows", empty.size());
    r.put("emptyRowsIds", empty);
    Map<String, Object> prior = new LinkedHashMap<>();
    prior.put("kind", "symmetric Dirichlet, C_ij = (n_ij + a/N) / (n_i + a)");
    prior.put("massPerRow", e.smoothing().priorMass());
    prior.put("perEntry", e.smoothing().priorMass() / n);
    r.put("prior", prior);
    r.put("confidence", e.confidence());
    r.put(
        "intervalMethod",
        "Clopper-Pearson per entry, on the measured counts (intervals.csv has every entry)");
    r.put("rows", rows);
    r.put(
        "folded",
        labels.folded().entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .collect(LinkedHashMap::new, (m, x) -> m.put(x.getKey(), x.getValue()), Map::putAll));
    r.put(
        "dropped",
        labels.dropped().entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .collect(LinkedHashMap::new, (m, x) -> m.put(x.getKey(), x.getValue()), Map::putAll));
    r.put("inputs", inputs);
    return r;
  }

  private static Map<String, Object> diagonal(List<Double> values) {
    Map<String, Object> d = new LinkedHashMap<>();
    if (values.isEmpty()) {
      d.put("min", null);
      d.put("median", null);
      d.put("max", null);
      return d;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    d.put("min", v[0]);
    d.put("median", median(v));
    d.put("max", v[v.length - 1]);
    d.put("rows", v.length);
    return d;
  }

  /** The median of sorted values (the mean of the middle two for an even count). */
  public static double median(double[] sorted) {
    int m = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
  }

  private static Map<String, Object> row(CorrelationEstimate e, int i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", e.ids().get(i));
    m.put("samples", e.samples(i));
    m.put("diagonal", e.samples(i) == 0 ? null : e.frequency(i, i));
    m.put("diagonalSmoothed", e.matrix().get(i, i));
    m.put("diagonalInterval", List.of(e.lower(i, i), e.upper(i, i)));
    double half = 0;
    for (int j = 0; j < e.size(); j++) {
      half = Math.max(half, (e.upper(i, j) - e.lower(i, j)) / 2);
    }
    m.put("maxHalfWidth", half);
    return m;
  }

  /** Sorted copy, for tests and callers that want the diagonal figures as numbers. */
  public static double[] measuredDiagonal(CorrelationEstimate e) {
    return IntStream.range(0, e.size())
        .filter(i -> e.samples(i) > 0)
        .mapToDouble(i -> e.frequency(i, i))
        .sorted()
        .toArray();
  }

  /**
   * The one-line summary every engine prints after writing an estimate into {@code dir}: nodes,
   * samples, the diagonal, rows with few samples and empty rows.
   */
  public static String summaryLine(Object dir, Map<String, Object> report) {
    @SuppressWarnings("unchecked")
    Map<String, Object> diag = (Map<String, Object>) report.get("diagonal");
    return String.format(
        Locale.ROOT,
        "%s: %s nodes, %s samples; diagonal min %s median %s max %s; %s rows with 1-4 samples, "
            + "%s empty rows; wrote C.csv, counts.csv, intervals.csv, report.json",
        dir,
        report.get("nodes"),
        report.get("samples"),
        fmt(diag.get("min")),
        fmt(diag.get("median")),
        fmt(diag.get("max")),
        report.get("rowsWithFewSamples"),
        report.get("emptyRows"));
  }

  private static String fmt(Object v) {
    return v instanceof Double x ? String.format(Locale.ROOT, "%.3f", x) : String.valueOf(v);
  }
}
