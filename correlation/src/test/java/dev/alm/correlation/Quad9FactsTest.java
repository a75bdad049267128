package dev.alm.correlation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.traces.ReadReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The facts of the Quad9 trace's README (../shared/data/quad9-v4v6), reproduced by the paired
 * estimator.
 */
class Quad9FactsTest {
  static final String V4 = "quad9_ipv4_msm12016241";
  static final String V6 = "quad9_ipv6_msm12016229";

  static Path observations() throws Exception {
    return Path.of(Quad9FactsTest.class.getResource("/quad9/observations.csv.gz").toURI());
  }

  private static CorrelationEstimate estimate(
      LabelFolding folding, LabelIndex labels, ReadReport report) throws Exception {
    CorrelationRun.Result r =
        CorrelationRun.run(
            CorrelationInputs.paired(
                List.of(observations()), V4, V6, CorrelationInputs.DEFAULT_WINDOW_MILLIS),
            labels,
            List.of(),
            report,
            null);
    assertEquals(8668L, r.stats().get("pairs"));
    return CorrelationEstimate.of(r.tally().counts(0), labels, new Smoothing(1), 0.95);
  }

  @Test
  void siteLevelFacts() throws Exception {
    ReadReport report = new ReadReport(true);
    LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.of());
    CorrelationEstimate e = estimate(LabelFolding.identity(), labels, report);
    assertEquals(0, report.skipped());
    assertEquals(93, e.size());
    assertEquals(8668, e.samples());
    Map<String, Object> r = EstimateReport.build(e, labels, Map.of());
    assertEquals(93, r.get("nodes"));
    @SuppressWarnings("unchecked")
    Map<String, Object> diag = (Map<String, Object>) r.get("diagonal");
    assertEquals(0.78, (Double) diag.get("median"), 0.005);
    assertEquals(26, r.get("rowsWithFewSamples"));
    assertEquals(4, r.get("emptyRows"));
    assertEquals(0.57, (Double) r.get("diagonalShareOfSamples"), 0.005);
    int ams = e.ids().indexOf("ams");
    assertEquals(0.08, e.frequency(ams, ams), 0.01);
    assertSmoothed(e);
  }

  @Test
  void metroFoldingLeaves87Labels() throws Exception {
    LabelIndex labels = new LabelIndex(LabelFolding.metro(), Set.of());
    CorrelationEstimate e = estimate(LabelFolding.metro(), labels, new ReadReport(true));
    assertEquals(87, e.size());
    assertEquals("fra", labels.folded().get("qfra3"));
    assertEquals("fra", labels.folded().get("qfra4"));
    assertEquals("fra", labels.folded().get("fra2"));
    assertEquals(
        9, labels.folded().size()); // six merge with a sibling; qadl1, qhnd1, qrtm1 are renamed
    Map<String, Object> r = EstimateReport.build(e, labels, Map.of());
    assertEquals(0.67, (Double) r.get("diagonalShareOfSamples"), 0.005);
    assertSmoothed(e);
  }

  @Test
  void aboutThirteenPercentOfProbesChangeIpv4SiteBetweenTheDates() throws Exception {
    List<TimeWindow> windows =
        List.of(
            TimeWindow.parse("2021-05-15T09:45:00Z", 300_000),
            TimeWindow.parse("2021-05-22T09:45:00Z", 300_000));
    VantageDrift vd = new VantageDrift(windows, LabelFolding.metro());
    LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.of());
    CorrelationRun.Result r =
        CorrelationRun.run(
            CorrelationInputs.paired(
                List.of(observations()), V4, V6, CorrelationInputs.DEFAULT_WINDOW_MILLIS),
            labels,
            windows,
            new ReadReport(true),
            vd);
    VantageDrift.Result v = vd.result();
    assertEquals(10591, v.vantages());
    assertEquals(0.13, v.share(), 0.01);
    assertEquals(0.05, v.shareFolded(), 0.005);
    assertEquals(4359, r.tally().counts(0).total());
    assertEquals(4309, r.tally().counts(1).total());
  }

  static void assertSmoothed(CorrelationEstimate e) {
    for (int i = 0; i < e.size(); i++) {
      double sum = 0;
      for (int j = 0; j < e.size(); j++) {
        double c = e.matrix().get(i, j);
        assertTrue(c > 0, "entry " + i + "," + j);
        sum += c;
      }
      assertEquals(1.0, sum, 1e-9);
    }
  }
}
