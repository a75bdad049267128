package dev.alm.traces.synthetic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.controller.io.MatrixCsv;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.traces.DemandRecord;
import dev.alm.traces.ReadReport;
import dev.alm.traces.TraceFormats;
import dev.alm.traces.TraceReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyntheticTracesTest {

  @TempDir Path dir;

  private static SyntheticConfig small(long seed) {
    return SyntheticConfig.defaults(seed).withSizes(8, 5_000, 2_000, 500);
  }

  @Test
  void theSameSeedWritesTheSameFiles() throws Exception {
    SyntheticTraces.Written a = new SyntheticTraces(small(3)).writeAll(dir.resolve("a"), false);
    SyntheticTraces.Written b = new SyntheticTraces(small(3)).writeAll(dir.resolve("b"), true);
    for (String f : new String[] {"C_true.csv", "pops.csv"}) {
      assertEquals(
          Files.readString(dir.resolve("a").resolve(f)),
          Files.readString(dir.resolve("b").resolve(f)));
    }
    assertEquals(a.dnsLines(), b.dnsLines());
    assertEquals(a.httpLines(), b.httpLines());
    assertEquals(5_000, a.dnsLines());
    assertTrue(a.httpLines() > 4_000 && a.httpLines() < 5_000, "L1 answers and fetched beacons");
    assertTrue(
        Files.list(dir.resolve("a")).noneMatch(p -> p.getFileName().toString().endsWith(".tmp")));
  }

  @Test
  void trueMatrixIsAProperCorrelationMatrixWithMisrouting() throws Exception {
    SyntheticTraces t = new SyntheticTraces(small(5));
    t.writeTruth(dir.resolve("C.csv"));
    CorrelationMatrix c = MatrixCsv.read(dir.resolve("C.csv"), false).matrix();
    assertEquals(t.world().truth().ids(), c.ids());
    for (int i = 0; i < c.size(); i++) {
      assertTrue(c.self(i) > 0.3 && c.self(i) < 0.95, "row " + c.ids().get(i) + " " + c.self(i));
      assertArrayEquals(t.world().truth().row(i), c.row(i), 1e-15);
    }
  }

  @Test
  void demandSeriesHasTheFlashCrowdAtTheFirstPop() throws Exception {
    SyntheticTraces t = new SyntheticTraces(small(1));
    Path f = dir.resolve("demand.csv");
    t.writeDemand(f);
    List<DemandRecord> first = new ArrayList<>();
    try (TraceReader<DemandRecord> r =
        TraceReader.open(f, TraceFormats.DEMAND, new ReadReport(true))) {
      for (DemandRecord d = r.next(); d != null; d = r.next()) {
        if (d.node().equals("fra")) {
          first.add(d);
        }
      }
    }
    double base = first.get(0).demand();
    double peak = first.stream().mapToDouble(DemandRecord::demand).max().orElseThrow();
    assertEquals(5.0, peak / base, 1e-9);
    assertEquals(base, first.get(first.size() - 1).demand(), 1e-12);
  }

  @Test
  void badConfigIsRejectedWithTheField() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SyntheticConfig.defaults(1).withSizes(1, 10, 10, 10));
    assertTrue(e.getMessage().startsWith("pops must be in [2, 48]"), e.getMessage());
  }
}
