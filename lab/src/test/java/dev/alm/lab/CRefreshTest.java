package dev.alm.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.traces.Timestamps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C handed to the PoPs after a drill when estimated from their logs (no root): the row merge,
 * the estimate of one window of the logs, and the flags.
 */
class CRefreshTest {
  private static final List<String> IDS = List.of("a", "b", "c");

  @Test
  void rowsWithEnoughSamplesAreReplacedTheOthersKeepThePreviousRow() {
    double[][] previous = {{1, 0, 0}, {0, 1, 0}, {0.2, 0.3, 0.5}};
    double[][] estimate = {{0.2, 0.6, 0.2}, {0.5, 0.5, 0}, {1, 1, 2}};
    CRowMerge.Result r = CRowMerge.merge(IDS, previous, estimate, new long[] {25, 19, 40}, 20);
    assertArrayEquals(new double[] {0.2, 0.6, 0.2}, r.c()[0], 1e-12);
    assertArrayEquals(new double[] {0, 1, 0}, r.c()[1], 1e-12, "19 samples: the previous row");
    assertArrayEquals(new double[] {0.25, 0.25, 0.5}, r.c()[2], 1e-12, "normalized to sum 1");
    assertEquals(List.of("a", "c"), r.replaced());
    assertEquals(new CRowMerge.Row("b", 19, false, 0), r.rows().get(1));
    assertEquals(0.8, r.rows().get(0).tv(), 1e-12, "TV between the previous and the new row");
    assertEquals(25, r.rows().get(0).samples());
    // the inputs are not changed
    assertArrayEquals(new double[] {1, 0, 0}, previous[0]);
  }

  @Test
  void aRowWithoutAUsableEstimateIsKept() {
    double[][] previous = {{1, 0}, {0, 1}};
    double[][] estimate = {{0, 0}, {Double.NaN, 1}};
    CRowMerge.Result r =
        CRowMerge.merge(List.of("a", "b"), previous, estimate, new long[] {50, 50}, 1);
    assertEquals(List.of(), r.replaced(), "an all-zero row and a NaN entry replace nothing");
    assertArrayEquals(previous[0], r.c()[0]);
    assertArrayEquals(previous[1], r.c()[1]);
    assertThrows(
        IllegalArgumentException.class,
        () -> CRowMerge.merge(List.of("a", "b"), previous, estimate, new long[] {1}, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> CRowMerge.merge(List.of("a", "b"), previous, estimate, new long[] {1, 1}, 0));
  }

  @Test
  void theEstimateCountsOnlyBeaconsAnsweredInsideTheWindow(@TempDir Path out) throws Exception {
    Path logs = Files.createDirectories(out.resolve("logs"));
    long t0 = Timestamps.parseMillis("2026-01-01T00:00:00Z");
    StringBuilder dns = new StringBuilder("ts,pop,resolver,ecs,qname,qtype,rcode,answer\n");
    StringBuilder httpA =
        new StringBuilder(
            "ts,pop,client,host,path,status,bytes,latency_us,probe_category,probe_origin\n");
    StringBuilder httpB = new StringBuilder(httpA);
    // beacon 1 at 5 s (outside), 2-4 at 11-13 s (inside [10 s, 20 s)): a -> a, b, b
    String[] to = {"a", "a", "b", "b"};
    long[] at = {5_000, 11_000, 12_000, 13_000};
    for (int k = 0; k < 4; k++) {
      String name = String.format("b-%016x.beacon.cdn.example", k + 1);
      dns.append(Timestamps.format(t0 + at[k]))
          .append(",a,203.0.113.17,,")
          .append(name)
          .append(".,A,NOERROR,l1\n");
      (to[k].equals("a") ? httpA : httpB)
          .append(Timestamps.format(t0 + at[k] + 50))
          .append(',')
          .append(to[k])
          .append(",198.19.1.1,")
          .append(name)
          .append(",/b.gif,200,43,100,,\n");
    }
    Files.writeString(
        logs.resolve("a.dns.log"), dns + "2026-01-01T00:00:1"); // a line being written
    Files.writeString(logs.resolve("a.access.log"), httpA);
    Files.writeString(logs.resolve("b.1.access.log"), httpB); // a restarted PoP's log
    EstimatedC e = EstimatedC.of(out, List.of("a", "b"), t0 + 10_000, t0 + 20_000);
    assertArrayEquals(new long[] {3, 0}, e.samples());
    // smoothed as alm correlate does: (n_ij + 1/N) / (n_i + 1)
    assertArrayEquals(new double[] {1.5 / 4, 2.5 / 4}, e.c()[0], 1e-12);
    assertEquals(1, e.skippedLines(), "the half-written line is skipped");
    EstimatedC none = EstimatedC.of(out, List.of("a", "b"), t0 + 60_000, t0 + 70_000);
    assertArrayEquals(new long[] {0, 0}, none.samples());
  }

  @Test
  void theRefreshFlagsAreCheckedTogether() {
    CRefresh.check(0, "measured", 2, 20);
    CRefresh.check(10, "estimated", 2, 20);
    for (Runnable bad :
        List.<Runnable>of(
            () -> CRefresh.check(-1, "measured", 2, 20),
            () -> CRefresh.check(10, "guessed", 2, 20),
            () -> CRefresh.check(0, "estimated", 2, 20),
            () -> CRefresh.check(10, "estimated", 10, 20),
            () -> CRefresh.check(10, "estimated", -1, 20),
            () -> CRefresh.check(10, "estimated", 2, 0))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
      assertTrue(e.getMessage().startsWith("--refresh-"), e.getMessage());
      assertFalse(e.getMessage().contains("\n"));
    }
  }
}
