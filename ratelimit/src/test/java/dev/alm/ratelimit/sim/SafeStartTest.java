package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.LimiterContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agents' start in the simulator: L/N until a peer is heard, at most L/N for the join period
 * after that, the allocator's own decision from then on.
 */
class SafeStartTest {

  @TempDir Path dir;

  private static final LimiterContext CONTEXT = LimiterContext.of(1, 4, 1000, 0.05, 100);

  @Test
  void equalShareUntilAPeerIsHeardThenCappedForTheJoinPeriod() {
    SafeStart s = new SafeStart(4, 1.0);
    Enforcement wide = new Enforcement.LocalLimit(600, 100);
    Enforcement narrow = new Enforcement.LocalLimit(100, 100);
    Enforcement drop = new Enforcement.DropProbability(0.2);
    assertEquals(new Enforcement.LocalLimit(250, 100), s.initial(CONTEXT));
    assertEquals(new Enforcement.LocalLimit(250, 100), s.enforce(CONTEXT, 0.05, false, narrow));
    assertEquals(new Enforcement.LocalLimit(250, 100), s.enforce(CONTEXT, 0.10, false, drop));
    // heard at 0.15: the join period runs to 1.15
    assertEquals(new Enforcement.LocalLimit(250, 100), s.enforce(CONTEXT, 0.15, true, wide));
    assertEquals(narrow, s.enforce(CONTEXT, 0.50, false, narrow));
    assertEquals(drop, s.enforce(CONTEXT, 0.55, false, drop));
    assertEquals(new Enforcement.LocalLimit(250, 100), s.enforce(CONTEXT, 1.10, false, wide));
    assertEquals(wide, s.enforce(CONTEXT, 1.15, false, wide));
    // another limiter has heard nothing yet
    LimiterContext other = LimiterContext.of(2, 4, 1000, 0.05, 100);
    assertEquals(new Enforcement.LocalLimit(250, 100), s.enforce(other, 1.15, false, wide));
  }

  private Scenario fourSites(double safeStart) throws Exception {
    Path f = dir.resolve("s" + safeStart + ".json");
    Files.writeString(
        f,
        """
        {"limiters": 4, "globalLimit": 1000, "unit": "requests/s", "duration": 4,
         "interval": 0.05, "bucketDepth": 100,
         "gossip": {"branching": 3, "delay": 0.05, "safeStart": %s},
         "demand": [{"limiters": [0, 1, 2], "rate": 500}],
         "seed": 3}
        """
            .formatted(safeStart));
    return ScenarioReader.read(f.toString());
  }

  /** Per interval: the interval's end and the largest local limit over the limiters. */
  private static List<double[]> largestLimits(Scenario sc, String algorithm) throws Exception {
    Allocator<?, ?> a =
        AlgorithmCatalog.standard()
            .find(algorithm)
            .orElseThrow()
            .create(AlgorithmCatalog.settings(sc, algorithm));
    List<double[]> rows = new ArrayList<>();
    Simulator.run(
        sc,
        a,
        (t, demand, limit, drop, served) -> {
          double max = 0;
          for (double l : limit) {
            max = Math.max(max, l);
          }
          rows.add(new double[] {t, max});
        },
        null);
    return rows;
  }

  @Test
  void theShareRuleWaitsForItsPeersAndTheJoinPeriod() throws Exception {
    Scenario sc = fourSites(1.0);
    assertEquals(1.0, sc.safeStart(), 0);
    // the first messages arrive at 0.1 s: no limiter above L/N until 1.1 s
    List<double[]> safe = largestLimits(sc, "share");
    for (double[] row : safe) {
      if (row[0] < 1.1 - 1e-9) {
        assertTrue(row[1] <= 250 + 1e-9, "t " + row[0] + ": " + row[1]);
      }
    }
    double late = safe.stream().filter(r -> r[0] > 2).mapToDouble(r -> r[1]).max().orElseThrow();
    assertTrue(
        late > 300, "the three busy sites share the idle one's L/N after the start: " + late);

    List<double[]> plain = largestLimits(fourSites(0), "share");
    double early = plain.stream().filter(r -> r[0] < 1).mapToDouble(r -> r[1]).max().orElseThrow();
    assertTrue(early > 300, "without the safe start the share rule moves at once: " + early);
  }

  @Test
  void anAllocatorThatHearsNoPeersIsLeftAlone() throws Exception {
    Allocator<?, ?> ctb =
        AlgorithmCatalog.standard()
            .find("ctb")
            .orElseThrow()
            .create(AlgorithmCatalog.settings(fourSites(1.0), "ctb"));
    double[] safe = Simulator.run(fourSites(1.0), ctb, null, null).served();
    double[] plain = Simulator.run(fourSites(0), ctb, null, null).served();
    assertArrayEquals(plain, safe, 1e-9);
  }
}
