package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the catchment series back at a time, and the C they give then. */
class CatchmentSeriesTest {

  @Test
  void theLastSuccessfulMeasurementCountsAndGivesTheCOfThatMoment(@TempDir Path out)
      throws Exception {
    LabTopology t = LabTopologyJson.resolve("builtin:lab-mini");
    Path dir = Files.createDirectories(out.resolve("catchments"));
    // e1 (on-net under t1) moves from a to b at 2.0 s; e2 resolves through r1, whose DNS stays on a
    Files.writeString(dir.resolve("e1.csv"), "t,dns,http\n0.0,a,a\n0.5,a,a\n1.0,,\n2.0,b,b\n");
    Files.writeString(dir.resolve("e2.csv"), "t,dns,http\n0.0,b,b\n2.0,b,b\n");
    Files.writeString(dir.resolve("r1.csv"), "t,dns,http\n0.0,a,\n2.0,a,\n");
    Map<String, LabRun.Catch> early = CatchmentSeries.catchmentsAt(out, t, 1.5);
    assertEquals(new LabRun.Catch("a", "a"), early.get("e1"), "a failed measurement is skipped");
    Map<String, LabRun.Catch> late = CatchmentSeries.catchmentsAt(out, t, 2.0);
    assertEquals(new LabRun.Catch("b", "b"), late.get("e1"));
    LabSettings s = TestSettings.of("builtin:lab-mini", out.toString(), 20, 10, 50, null, false);
    LabTruth before = LabRun.truth(t, early, s, 0, 0);
    LabTruth after = LabRun.truth(t, late, s, 0, 0);
    assertEquals(0.5, before.c()[0][0], 1e-9, "row a: e1 on a, e2 (via r1) on b");
    assertEquals(1.0, after.c()[0][1], 1e-9, "row a: e2 (via r1) on b only");
    assertEquals(1.0, after.c()[1][1], 1e-9, "row b: e1 now resolves on b and lands on b");
    assertEquals(0.5, after.demand()[1], 1e-9);
  }
}
