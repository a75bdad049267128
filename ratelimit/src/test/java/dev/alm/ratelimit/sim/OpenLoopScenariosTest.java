package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.alloc.Allocator;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The open-loop scenarios of docs/drl-design/algorithms.md ("Capacity never goes below zero") and
 * docs/ratelimit.md (GTB under non-responsive overload), under {@code
 * src/test/resources/scenarios}.
 */
class OpenLoopScenariosTest {

  /** Served rate / L per interval and the largest sum of local limits / L, per interval. */
  private record Run(double[] times, double[] served, double[] limitSum) {
    double servedOverLimit(double from, double to) {
      double s = 0;
      int n = 0;
      for (int k = 0; k < times.length; k++) {
        if (times[k] > from && times[k] <= to) {
          s += served[k];
          n++;
        }
      }
      return s / n;
    }

    double maxLimitSum() {
      double m = 0;
      for (double v : limitSum) {
        m = Math.max(m, v);
      }
      return m;
    }
  }

  private static Run run(String file, String algorithm) throws Exception {
    Scenario sc =
        ScenarioReader.read(
            Path.of(OpenLoopScenariosTest.class.getResource("/scenarios/" + file).toURI())
                .toString());
    Allocator<?, ?> alloc =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    int steps = sc.steps();
    double[] limitSum = new double[steps];
    double[] served = new double[steps];
    int[] k = {0};
    double L = sc.globalLimit();
    SimulationResult r =
        Simulator.run(
            sc,
            alloc,
            (t, demand, limit, drop, s) -> {
              double l = 0;
              double v = 0;
              for (int i = 0; i < limit.length; i++) {
                l += limit[i];
                v += s[i];
              }
              limitSum[k[0]] = l / L;
              served[k[0]++] = v / L;
            },
            null);
    return new Run(r.times(), served, limitSum);
  }

  /**
   * One limiter idle for 30 s while the others ask 1.5 L: the papers' consensus gave the idle one a
   * negative capacity, and the others served 1.13 L; now the limits never sum above L.
   */
  @ParameterizedTest
  @ValueSource(strings = {"gdrl", "dst"})
  void anIdleLimiterDoesNotLendTheOthersCapacityItDoesNotHave(String algorithm) throws Exception {
    Run r = run("idle-half.json", algorithm);
    assertTrue(r.maxLimitSum() <= 1 + 1e-9, algorithm + " limits summed to " + r.maxLimitSum());
    double first = r.servedOverLimit(5, 30);
    double second = r.servedOverLimit(30, 60);
    assertTrue(first <= 1.0 && first > 0.97, algorithm + " served " + first + " L in 5-30 s");
    assertTrue(second <= 1.0 && second > 0.97, algorithm + " served " + second + " L in 30-60 s");
  }

  /**
   * GTB as paper 001 defines it: while the peers are idle limiter 0 gets its 0.7 L; once the peers'
   * arrivals exceed L every bucket is drained by the others' estimated arrivals and nothing is
   * served.
   */
  @Test
  void gtbStarvesUnderNonResponsiveOverload() throws Exception {
    Run r = run("gtb-overload.json", "gtb");
    assertEquals(0.70, r.servedOverLimit(5, 30), 0.02);
    assertTrue(r.servedOverLimit(35, 60) < 0.01, "served " + r.servedOverLimit(35, 60));
  }
}
