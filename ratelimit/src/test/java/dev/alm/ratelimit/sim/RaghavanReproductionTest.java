package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import dev.alm.ratelimit.alloc.Allocator;
import org.junit.jupiter.api.Test;

/**
 * Short versions of paper 001's experiments; the full runs are {@code alm drl compare} commands in
 * docs/ratelimit/paper-001.md.
 */
class RaghavanReproductionTest {

  static Summary run(String spec, String algorithm, long seed) throws InputException {
    Scenario sc = ScenarioReader.read(spec).withSeed(seed);
    Allocator<?, ?> a =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    return Summary.of(Simulator.run(sc, a, null, null));
  }

  static double meanJain(String spec, String algorithm, int seeds) throws InputException {
    double s = 0;
    for (int seed = 1; seed <= seeds; seed++) {
      Summary r = run(spec, algorithm, seed);
      assertEquals(1.0, r.servedOverLimit(), 0.05, algorithm + " aggregate, seed " + seed);
      assertTrue(r.aggregateErrorP95() <= 0.05, algorithm + " 1 s windows: " + r);
      s += r.jainFlows();
    }
    return s / seeds;
  }

  @Test
  void baselineHoldsTheLimitAndOrdersFairnessAsThePaper() throws InputException {
    String spec = "builtin:raghavan-baseline?duration=30";
    double ctb = meanJain(spec, "ctb", 3);
    double gtb = meanJain(spec, "gtb", 3);
    double grd = meanJain(spec, "grd", 3);
    double fps = meanJain(spec, "fps", 3);
    // GTB about 0.7: the 7-flow limiter takes almost everything (paper 001 section 5.1)
    assertEquals(0.7, gtb, 0.05);
    assertTrue(grd >= ctb - 1e-3, "GRD at or above CTB: " + grd + " vs " + ctb);
    assertEquals(ctb, fps, 0.03, "FPS close to CTB");
  }

  @Test
  void independentCountingOvershootsByTheNumberOfBusyLimiters() throws InputException {
    Summary r = run("builtin:raghavan-baseline?duration=20", "independent", 1);
    assertEquals(2.0, r.servedOverLimit(), 0.05);
  }

  @Test
  void fpsFollowsTheShiftWhileStaticOneNthCannot() throws InputException {
    Scenario sc = ScenarioReader.read("builtin:raghavan-shift?phase=15");
    double[] fps = phaseMeans(sc, "fps");
    double[] st = phaseMeans(sc, "static");
    for (double f : fps) {
      assertEquals(1.0, f, 0.06);
    }
    assertEquals(0.4, st[1], 0.03, "static 1/N serves 4 of 10 shares in the middle phase");
  }

  /** Mean served / limit over the last two thirds of each of the three phases. */
  static double[] phaseMeans(Scenario sc, String algorithm) throws InputException {
    Allocator<?, ?> a =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    SimulationResult r = Simulator.run(sc, a, null, null);
    double phase = sc.duration() / 3;
    double[] out = new double[3];
    for (int p = 0; p < 3; p++) {
      double s = 0;
      int n = 0;
      for (int k = 0; k < r.times().length; k++) {
        double t = r.times()[k];
        if (t > p * phase + phase / 3 && t <= (p + 1) * phase) {
          s += r.served()[k];
          n++;
        }
      }
      out[p] = s / n / sc.globalLimit();
    }
    return out;
  }

  @Test
  void fpsHoldsTheLimitAcrossManyLimitersWithLossyGossip() throws InputException {
    Summary r = run("builtin:raghavan-scaling?limiters=100&br=3&loss=0.05&duration=30", "fps", 1);
    assertEquals(1.0, r.servedOverLimit(), 0.05);
    assertTrue(r.messagesPerLimiterPerSecond() == 60, "br = 3 at 20 intervals/s");
  }

  @Test
  void theSameSeedGivesTheSameRun() throws InputException {
    Summary a = run("builtin:raghavan-baseline?duration=10", "grd", 4);
    Summary b = run("builtin:raghavan-baseline?duration=10", "grd", 4);
    assertEquals(a, b);
  }
}
