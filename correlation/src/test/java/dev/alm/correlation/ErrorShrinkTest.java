package dev.alm.correlation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.traces.ReadReport;
import dev.alm.traces.synthetic.SyntheticConfig;
import dev.alm.traces.synthetic.SyntheticTraces;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The estimate's error shrinks as 1/sqrt(samples): four times the samples, half the error. */
class ErrorShrinkTest {

  @TempDir Path dir;

  /**
   * Root mean square of (measured frequency - true C_ij), averaged over seeds, for {@code vantages}
   * samples.
   */
  private double rmsError(long vantages) throws Exception {
    double sum = 0;
    int seeds = 4;
    for (int s = 0; s < seeds; s++) {
      SyntheticConfig config = SyntheticConfig.defaults(100 + s).withSizes(10, 0, 0, vantages);
      SyntheticTraces t = new SyntheticTraces(config);
      Path f = dir.resolve("paired-" + vantages + "-" + s + ".csv");
      t.writePaired(f);
      LabelIndex labels = new LabelIndex(LabelFolding.identity(), Set.copyOf(t.world().ids()));
      CorrelationRun.Result r =
          CorrelationRun.run(
              CorrelationInputs.paired(
                  List.of(f), SyntheticTraces.DNS_SERVICE, SyntheticTraces.HTTP_SERVICE, 1000),
              labels,
              List.of(),
              new ReadReport(true),
              null);
      CorrelationEstimate e =
          CorrelationEstimate.of(r.tally().counts(0), labels, new Smoothing(1), 0.95);
      CorrelationMatrix c = t.world().truth().reorder(e.ids());
      double sq = 0;
      for (int i = 0; i < e.size(); i++) {
        for (int j = 0; j < e.size(); j++) {
          double d = e.frequency(i, j) - c.get(i, j);
          sq += d * d;
        }
      }
      sum += Math.sqrt(sq / (e.size() * e.size()));
    }
    return sum / seeds;
  }

  @Test
  void errorHalvesWhenSamplesQuadruple() throws Exception {
    long[] n = {2_000, 8_000, 32_000};
    double[] err = new double[n.length];
    for (int k = 0; k < n.length; k++) {
      err[k] = rmsError(n[k]);
      System.out.printf(
          "paired, %d samples: rms error %.5f, rms error * sqrt(n) %.4f%n",
          n[k], err[k], err[k] * Math.sqrt(n[k]));
    }
    for (int k = 1; k < n.length; k++) {
      double ratio = err[k - 1] / err[k];
      assertTrue(
          ratio > 1.6 && ratio < 2.5,
          "error ratio for 4x samples: " + ratio + " (1/sqrt(n) gives 2)");
    }
  }
}
