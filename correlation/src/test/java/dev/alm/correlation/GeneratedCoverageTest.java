package dev.alm.correlation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.traces.ReadReport;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On generated traces with a known C, each of the three estimators' 95% intervals hold the true
 * entry for at least 95% of entries (pooled over three seeds of 24 PoPs: 1,728 entries per input).
 */
class GeneratedCoverageTest {
  static final long[] SEEDS = {11, 12, 13};

  @TempDir static Path dir;

  static SyntheticTraces.Written[] written = new SyntheticTraces.Written[SEEDS.length];
  static CorrelationMatrix[] truth = new CorrelationMatrix[SEEDS.length];

  @BeforeAll
  static void generate() throws Exception {
    for (int s = 0; s < SEEDS.length; s++) {
      SyntheticTraces t =
          new SyntheticTraces(
              SyntheticConfig.defaults(SEEDS[s]).withSizes(24, 40_000, 20_000, 10_000));
      written[s] = t.writeAll(dir.resolve("s" + s), s == 0);
      truth[s] = t.world().truth();
    }
  }

  private static double coverage(CorrelationInputs.Kind kind) throws Exception {
    long inside = 0;
    long entries = 0;
    for (int s = 0; s < SEEDS.length; s++) {
      SyntheticTraces.Written w = written[s];
      CorrelationInputs in =
          switch (kind) {
            case PAIRED ->
                CorrelationInputs.paired(
                    List.of(w.paired()),
                    SyntheticTraces.DNS_SERVICE,
                    SyntheticTraces.HTTP_SERVICE,
                    CorrelationInputs.DEFAULT_WINDOW_MILLIS);
            case BEACON -> CorrelationInputs.beacon(List.of(w.dns()), List.of(w.http()), 60_000);
            case PROBES -> CorrelationInputs.probes(List.of(w.probes()));
          };
      ReadReport report = new ReadReport(true);
      LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.copyOf(truth[s].ids()));
      CorrelationRun.Result r = CorrelationRun.run(in, labels, List.of(), report, null);
      CorrelationEstimate e =
          CorrelationEstimate.of(r.tally().counts(0), labels, new Smoothing(1), 0.95);
      CorrelationMatrix c = truth[s].reorder(e.ids());
      Quad9FactsTest.assertSmoothed(e);
      assertEquals(0, report.skipped());
      for (int i = 0; i < e.size(); i++) {
        assertTrue(e.samples(i) > 0, "row " + e.ids().get(i) + " has samples");
        for (int j = 0; j < e.size(); j++) {
          entries++;
          if (e.lower(i, j) <= c.get(i, j) && c.get(i, j) <= e.upper(i, j)) {
            inside++;
          }
        }
      }
    }
    double share = (double) inside / entries;
    System.out.printf(
        "coverage of 95%% intervals, %s input: %.4f of %d entries%n", kind, share, entries);
    return share;
  }

  @Test
  void beaconJoinIntervalsHoldTheTruth() throws Exception {
    assertTrue(coverage(CorrelationInputs.Kind.BEACON) >= 0.95);
  }

  @Test
  void probeLogIntervalsHoldTheTruth() throws Exception {
    assertTrue(coverage(CorrelationInputs.Kind.PROBES) >= 0.95);
  }

  @Test
  void pairedIntervalsHoldTheTruth() throws Exception {
    assertTrue(coverage(CorrelationInputs.Kind.PAIRED) >= 0.95);
  }

  @Test
  void everyBeaconIsJoinedOnceAndLostOnesAreCounted() throws Exception {
    SyntheticTraces.Written w = written[1];
    LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.of());
    CorrelationRun.Result r =
        CorrelationRun.run(
            CorrelationInputs.beacon(List.of(w.dns()), List.of(w.http()), 60_000),
            labels,
            List.of(),
            new ReadReport(true),
            null);
    long joined = (Long) r.stats().get("joined");
    long lost = (Long) r.stats().get("unjoinedAnswers");
    assertEquals(w.beacons(), joined + lost);
    assertEquals(0L, r.stats().get("unjoinedRequests"));
    assertEquals(0L, r.stats().get("duplicates"));
    assertEquals(0.02, (double) lost / w.beacons(), 0.005);
    assertEquals(w.dnsLines(), (Long) r.stats().get("dnsRecords"));
  }
}
