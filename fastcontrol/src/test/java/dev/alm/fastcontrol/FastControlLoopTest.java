package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The whole FastControl loop offline (paper 004 eq. 19-20, section III-F), no sockets: users of
 * each PoP send beacon queries as a Poisson stream, the PoP's {@link PlannedProbeAnswerer} answers
 * them from its {@link ProbePlan}, each probe is routed to a proxy by the known C (row of the
 * answering PoP), every proxy counts the probes of its own category, and {@link BetaEstimator}
 * turns the counts into beta_i, which must match beta_i = C_i^T mu (eq. 14, C_i the i-th row)
 * within three of its reported standard errors for every i.
 */
class FastControlLoopTest {

  private static final long SECOND = 1_000_000_000L;

  /** One run's outcome: the largest |z| over the PoPs and how many plan entries were floored. */
  private record Outcome(double maxAbsZ, double meanZ, int floored, long probes) {}

  @Test
  void betaMatchesRowTimesMuOnThePaperTwoNodeExample() {
    Topology t = BuiltinTopologies.paperFig2();
    Outcome o = runLoop(t, new double[] {0.8, 2.5}, 20_000, 60, 11);
    assertTrue(o.maxAbsZ() < 3, "max |z| = " + o.maxAbsZ());
  }

  @Test
  void betaMatchesRowTimesMuOnTheFortyEightNodeSetup() throws Exception {
    Topology t = BuiltinTopologies.resolve("builtin:paper-sec5");
    assertEquals(48, t.size());
    SplittableRandom r = new SplittableRandom(5);
    double[] mu = new double[t.size()];
    for (int i = 0; i < mu.length; i++) {
      mu[i] = i % 7 == 3 ? 0 : 0.2 + 1.8 * r.nextDouble();
    }
    Outcome o = runLoop(t, mu, 4_000, 60, 12);
    assertTrue(o.maxAbsZ() < 3, "max |z| = " + o.maxAbsZ());
  }

  /**
   * Runs the loop: a warm-up of one beacon-rate window, then {@code seconds} of measurement.
   *
   * @param beaconMean mean beacon rate per PoP (each PoP draws its own in [0.5, 1.5] of it)
   */
  private static Outcome runLoop(
      Topology t, double[] mu, double beaconMean, int seconds, long seed) {
    CorrelationMatrix c = t.correlation();
    int n = c.size();
    SplittableRandom rng = new SplittableRandom(seed);
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      b[i] = beaconMean * (0.5 + rng.nextDouble());
    }
    // one gamma for the whole deployment: 90% of what the tightest PoP can afford
    double gamma = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      gamma =
          Math.min(
              gamma,
              ProbePlan.affordableGamma(
                  b[i], mu[i], c.row(i), c.column(i), ProbePlanConfig.DEFAULT_FLOOR));
    }
    gamma *= 0.9;
    ProbePlanConfig planConfig = ProbePlanConfig.ofGamma(gamma);
    ProbeAnswererConfig answererConfig = ProbeAnswererConfig.defaults();
    PlannedProbeAnswerer[] answerers = new PlannedProbeAnswerer[n];
    int floored = 0;
    for (int i = 0; i < n; i++) {
      ProbePlan plan = ProbePlan.compute(c.ids(), i, mu[i], c.row(i), c.column(i), planConfig);
      floored += plan.floored().size();
      answerers[i] = new PlannedProbeAnswerer(plan, answererConfig, 0, rng::nextDouble);
    }
    // proxies: one own-category counter each, a window of the whole measurement
    SlidingWindowCounter[] own = new SlidingWindowCounter[n];
    for (int k = 0; k < n; k++) {
      own[k] = new SlidingWindowCounter(SECOND, seconds, 0);
    }
    double[][] route = new double[n][];
    for (int i = 0; i < n; i++) {
      route[i] = cumulative(c.row(i));
    }
    double[] pickPop = cumulative(b);
    double totalRate = pickPop[n - 1];
    long warmup = answererConfig.bucket().toNanos() * answererConfig.buckets() + SECOND;
    long end = warmup + seconds * SECOND;
    double now = 0;
    long probes = 0;
    while (true) {
      now += -Math.log(1 - rng.nextDouble()) / totalRate * 1e9;
      long ns = (long) now;
      if (ns >= end) {
        break;
      }
      int i = PlannedProbeAnswerer.pick(pickPop, rng.nextDouble() * totalRate);
      String category = answerers[i].category(ns);
      if (category == null) {
        continue;
      }
      probes++;
      int k = PlannedProbeAnswerer.pick(route[i], rng.nextDouble() * route[i][n - 1]);
      if (c.indexOf(category) == k && ns >= warmup) {
        own[k].record(ns);
      }
    }
    BetaEstimator estimator = new BetaEstimator(BetaEstimatorConfig.ofGamma(gamma));
    double maxZ = 0;
    double sumZ = 0;
    StringBuilder worst = new StringBuilder();
    for (int k = 0; k < n; k++) {
      SlidingWindowCounter.Window w = own[k].window(end);
      assertEquals(seconds, w.seconds(), 1e-9);
      BetaEstimate est = estimator.next(w.count(), w.seconds(), null);
      double truth = 0;
      for (int j = 0; j < n; j++) {
        truth += c.get(k, j) * mu[j];
      }
      double z = est.zScore(truth);
      sumZ += z;
      if (Math.abs(z) > maxZ) {
        maxZ = Math.abs(z);
        worst.setLength(0);
        worst.append(
            String.format(
                Locale.ROOT,
                "node %s: beta %.5f +- %.5f, C_i^T mu %.5f",
                c.ids().get(k),
                est.beta(),
                est.stdError(),
                truth));
      }
      assertTrue(
          Math.abs(z) < 3,
          String.format(
              Locale.ROOT,
              "node %s: beta %.5f +- %.5f vs C_i^T mu %.5f (z %.2f)",
              c.ids().get(k),
              est.beta(),
              est.stdError(),
              truth,
              z));
    }
    for (PlannedProbeAnswerer a : answerers) {
      assertEquals(0, a.stats(end).clippedBeacons(), "gamma was chosen affordable: no clipping");
    }
    System.out.printf(
        Locale.ROOT,
        "FastControl loop, %d nodes, gamma %.3f, %d s: %d probes, %d floored entries, max |z| %.2f (%s), "
            + "mean z %.2f%n",
        n,
        gamma,
        seconds,
        probes,
        floored,
        maxZ,
        worst,
        sumZ / n);
    return new Outcome(maxZ, sumZ / n, floored, probes);
  }

  private static double[] cumulative(double[] p) {
    double[] cum = new double[p.length];
    double s = 0;
    for (int i = 0; i < p.length; i++) {
      s += p[i];
      cum[i] = s;
    }
    return cum;
  }
}
