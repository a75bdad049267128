package dev.alm.correlation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticWorld;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Drift flags rows that really changed and leaves rows that only saw sampling noise. */
class DriftTest {

  private static long[][] sample(SyntheticWorld w, long n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int p = w.ids().size();
    long[][] c = new long[p][p];
    for (long k = 0; k < n; k++) {
      int g = w.drawGroup(rnd);
      c[w.dnsPop(g)][w.drawProxy(g, rnd)]++;
    }
    return c;
  }

  @Test
  void samplingNoiseAloneIsNotFlagged() {
    SyntheticWorld w = new SyntheticWorld(SyntheticConfig.defaults(4).withSizes(16, 0, 0, 0));
    Drift.Result d =
        Drift.compare(w.ids(), sample(w, 20_000, 1), w.ids(), sample(w, 20_000, 2), 0.01, 5);
    assertEquals(16, d.tested());
    assertEquals(0, d.flagged());
    assertTrue(d.meanTv() < 0.05, "mean TV " + d.meanTv());
  }

  @Test
  void changedCatchmentsAreFlagged() {
    SyntheticConfig base = SyntheticConfig.defaults(4).withSizes(16, 0, 0, 0);
    SyntheticWorld before = new SyntheticWorld(base);
    SyntheticWorld after = new SyntheticWorld(base.toBuilder().misrouteShare(0.5).build());
    Drift.Result d =
        Drift.compare(
            before.ids(),
            sample(before, 20_000, 1),
            after.ids(),
            sample(after, 20_000, 2),
            0.01,
            5);
    assertTrue(d.flagged() >= 14, "flagged " + d.flagged());
    Drift.Row r = d.rows().get(0);
    assertTrue(r.tv() > 0.2 && r.pValue() < 1e-6, r.toString());
  }

  @Test
  void rowsMissingFromOneWindowAreNotTested() {
    Drift.Result d =
        Drift.compare(
            List.of("a", "b"),
            new long[][] {{9, 1}, {0, 0}},
            List.of("a", "c"),
            new long[][] {{8, 2}, {3, 3}},
            0.01,
            5);
    assertEquals(List.of("a", "b", "c"), d.rows().stream().map(Drift.Row::id).toList());
    assertEquals(1, d.tested());
    assertEquals(0, d.flagged());
    assertTrue(Double.isNaN(d.rows().get(2).tv()));
  }
}
