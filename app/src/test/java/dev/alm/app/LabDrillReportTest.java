package dev.alm.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.lab.CatchmentSeries;
import dev.alm.lab.LabSettings;
import dev.alm.lab.LabTopology;
import dev.alm.lab.LabTopologyJson;
import dev.alm.lab.LabTruth;
import dev.alm.loop.Sample;
import dev.alm.optimum.CentralOptimum;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A drill's final x against the optimum of the routing the drill left, not the one before. */
class LabDrillReportTest {

  /** The settings {@code alm lab} gives lab-mini at 20 requests/s per load unit. */
  private static LabSettings settings(Path out) {
    LabCommand lab = new LabCommand();
    new CommandLine(lab).parseArgs("-t", "builtin:lab-mini", "--load-unit", "20", "--withhold-c");
    return lab.settings(out);
  }

  /** e1 moves from a to b at 2.0 s (a withdraw of a), e2 and r1 stay. */
  private static void series(Path out) throws Exception {
    Path dir = Files.createDirectories(out.resolve("catchments"));
    Files.writeString(dir.resolve("e1.csv"), "t,dns,http\n0.0,a,a\n2.0,b,b\n");
    Files.writeString(dir.resolve("e2.csv"), "t,dns,http\n0.0,b,b\n2.0,b,b\n");
    Files.writeString(dir.resolve("r1.csv"), "t,dns,http\n0.0,a,\n2.0,a,\n");
  }

  /** The central optimum's x for the routing and demand of {@code truth}. */
  private static double[] optimumX(LabTopology t, LabTruth truth) {
    return new CentralOptimum().solve(LabCommand.topology(t, truth.c(), truth.demand())).x();
  }

  @Test
  void theTruthIsTheRoutingOfThatMomentAndNullBeforeEveryNetworkWasMeasured(@TempDir Path out)
      throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    LabSettings s = settings(out);
    assertNull(LabDrillReport.truthAt(out, t, s, 1), "no series yet");
    series(out);
    LabTruth before = LabDrillReport.truthAt(out, t, s, 1);
    LabTruth after = LabDrillReport.truthAt(out, t, s, 3);
    assertEquals(0.5, before.c()[0][0], 1e-9);
    assertEquals(1.0, after.c()[0][1], 1e-9, "row a: only e2 (via r1), on b");
  }

  @Test
  void finalXIsComparedWithTheOptimumAfterTheDrill(@TempDir Path out) throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    LabSettings s = settings(out);
    series(out);
    LabTruth after = LabDrillReport.truthAt(out, t, s, 3);
    double[] opt = optimumX(t, after);
    List<Sample> samples = new ArrayList<>();
    for (int k = 1; k <= 10; k++) {
      // a's x is 0.9 early on, then its last five intervals average opt + 0.2; b sits at its
      // optimum
      double xa = k <= 5 ? 0.9 : Math.max(0, Math.min(1, opt[0] + 0.2));
      samples.add(new Sample(k, "a", xa, 0, 0, 0, 1, 1, 1, "normal", 0, 1, Double.NaN));
      samples.add(new Sample(k, "b", opt[1], 0, 0, 0, 1, 1, 1, "normal", 0, 1, Double.NaN));
      samples.add(
          new Sample(k + 100, "a", 0, 0, 0, 0, 1, 1, 1, "normal", 0, 1, Double.NaN)); // after until
    }
    Map<String, Object> m = LabDrillReport.fromOptimum(out, t, s, samples, 10);
    assertNotNull(m);
    double expected = Math.abs(Math.max(0, Math.min(1, opt[0] + 0.2)) - opt[0]);
    assertEquals(expected, (double) m.get("finalXFromOptimum"), 1e-9);
    // with the catchment checks (2 requests/s a network) as load that does not follow x
    double[] all =
        AllLoadOptimum.solve(
                new CentralOptimum(),
                LabCommand.topology(t, after.c(), after.demand()),
                LabBackground.of(t, CatchmentSeries.catchmentsAt(out, t, 10), s.loadUnit()))
            .optimum()
            .x();
    double xa = Math.max(0, Math.min(1, opt[0] + 0.2));
    assertEquals(
        Math.max(Math.abs(xa - all[0]), Math.abs(opt[1] - all[1])),
        (double) m.get("finalXFromOptimumAllLoad"),
        1e-9);
    assertTrue(all[1] < opt[1], "the checks take some of b's capacity: " + all[1]);
    // and with each capacity under its noise margin, as the loop aims
    double[] aimed =
        AllLoadOptimum.solve(
                new CentralOptimum(),
                AllLoadOptimum.aimed(
                    LabCommand.topology(t, after.c(), after.demand()),
                    s.loadUnit(),
                    s.intervalMillis() / 1000.0,
                    s.loopGuardLoad()),
                LabBackground.of(t, CatchmentSeries.catchmentsAt(out, t, 10), s.loadUnit()))
            .optimum()
            .x();
    assertEquals(
        Math.max(Math.abs(xa - aimed[0]), Math.abs(opt[1] - aimed[1])),
        (double) m.get("finalXFromAimedOptimum"),
        1e-9);
    @SuppressWarnings("unchecked")
    Map<String, Object> optimum = (Map<String, Object>) m.get("optimumX");
    assertEquals(opt[1], (double) optimum.get("b"), 1e-12);
    LabTruth before = LabDrillReport.truthAt(out, t, s, 1);
    double[] old = optimumX(t, before);
    assertNotEquals(
        old[0], opt[0], 0.05, "the drill moved a's optimum: the old one is no reference");
  }

  @Test
  void aPopWithoutDnsUsersIsNotCompared(@TempDir Path out) throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    LabSettings s = settings(out);
    series(out);
    LabTruth before = LabDrillReport.truthAt(out, t, s, 1);
    assertEquals(0, before.demand()[1], 1e-12, "before the move b has no DNS users");
    double[] opt = optimumX(t, before);
    List<Sample> samples = new ArrayList<>();
    for (int k = 0; k <= 1; k++) {
      samples.add(new Sample(k, "a", opt[0], 0, 0, 0, 1, 1, 1, "normal", 0, 1, Double.NaN));
      samples.add(new Sample(k, "b", 1 - opt[1], 0, 0, 0, 1, 1, 1, "normal", 0, 1, Double.NaN));
    }
    Map<String, Object> m = LabDrillReport.fromOptimum(out, t, s, samples, 1);
    assertEquals(0, (double) m.get("finalXFromOptimum"), 1e-9);
  }

  @Test
  void theFinalXLineSaysBothDistancesOrWhyNot() {
    String line =
        LabReport.finalXLine(
            "after drill withdraw a at 30.0 s",
            Map.of(
                "finalXFromOptimum",
                0.12,
                "finalXFromOptimumAllLoad",
                0.04,
                "finalXFromAimedOptimum",
                0.02));
    assertEquals(
        "final x after drill withdraw a at 30.0 s: at most 0.120 from the optimum of the routing"
            + " then, 0.040 with the load that does not follow x (catchment checks),"
            + " 0.020 from the optimum the loop aims at (that load, capacities under the noise"
            + " margin)",
        line);
    assertTrue(LabReport.finalXLine("before the first drill", null).contains("not measured"));
  }
}
