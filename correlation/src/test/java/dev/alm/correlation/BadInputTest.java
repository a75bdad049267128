package dev.alm.correlation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import dev.alm.traces.ReadReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unknown PoP ids, folding files and the smoothing prior. */
class BadInputTest {

  @TempDir Path dir;

  /** The whole of {@code in}, with the known PoPs fra and iad and no windows. */
  private static CorrelationRun.Result runFraIad(CorrelationInputs in, ReadReport report)
      throws Exception {
    return CorrelationRun.run(
        in, new LabelIndex(LabelFolding.identity(), Set.of("fra", "iad")), List.of(), report, null);
  }

  /**
   * Reading {@code in} counts one sample, in row fra ({@code what}), and skips one line, for naming
   * PoP xyz, which is not known.
   */
  private static void assertOneSampleAndXyzSkipped(CorrelationInputs in, String what)
      throws Exception {
    ReadReport report = new ReadReport(false);
    CorrelationRun.Result r = runFraIad(in, report);
    assertEquals(1, r.tally().counts(0).total(), what);
    assertEquals(1, report.skipped());
    String example = report.examples().get(0).toString();
    assertTrue(example.contains("unknown PoP id 'xyz'"), example);
  }

  @Test
  void unknownPopIdIsABadLineAndTheRestIsUsed() throws Exception {
    Path f = dir.resolve("probes.csv");
    Files.writeString(
        f,
        "ts,category,origin,pop\n"
            + "2026-01-01T00:00:00.000Z,fra,iad,fra\n"
            + "2026-01-01T00:00:01.000Z,fra,xyz,fra\n"
            + "2026-01-01T00:00:02.000Z,fra,iad,iad\n");
    ReadReport report = new ReadReport(false);
    CorrelationRun.Result r = runFraIad(CorrelationInputs.probes(List.of(f)), report);
    assertEquals(2, r.tally().counts(0).total());
    assertEquals(1, report.skipped());
    assertEquals(f + ":line 3: unknown PoP id 'xyz'", report.examples().get(0).toString());
    InputException e =
        assertThrows(
            InputException.class,
            () -> runFraIad(CorrelationInputs.probes(List.of(f)), new ReadReport(true)));
    assertEquals(f + ":line 3: unknown PoP id 'xyz' (--strict)", e.getMessage());
  }

  @Test
  void unknownPopIdInBeaconJoinedLogsIsABadLine() throws Exception {
    Path dns = dir.resolve("dns.csv");
    Path http = dir.resolve("http.csv");
    Files.writeString(
        dns,
        "ts,pop,resolver,ecs,qname,qtype,rcode,answer\n"
            + "2026-01-01T00:00:00.000Z,fra,10.0.0.1,,b-0000000000000001.beacon.cdn.example.,A,NOERROR,l1\n"
            + "2026-01-01T00:00:00.100Z,xyz,10.0.0.2,,b-0000000000000002.beacon.cdn.example.,A,NOERROR,l1\n");
    Files.writeString(
        http,
        "ts,pop,client,host,path,status,bytes,latency_us,probe_category,probe_origin\n"
            + "2026-01-01T00:00:00.200Z,iad,10.9.0.1,b-0000000000000001.beacon.cdn.example,/b.gif,200,43,100,,\n"
            + "2026-01-01T00:00:00.300Z,fra,10.9.0.2,b-0000000000000002.beacon.cdn.example,/b.gif,200,43,100,,\n");
    assertOneSampleAndXyzSkipped(
        CorrelationInputs.beacon(
            List.of(dns), List.of(http), CorrelationInputs.DEFAULT_WINDOW_MILLIS),
        "the good beacon is joined and counted in row fra");
  }

  @Test
  void unknownSiteInPairedObservationsIsABadLine() throws Exception {
    Path f = dir.resolve("paired.csv");
    Files.writeString(
        f,
        "timestamp,vantage_id,service,site\n"
            + "2026-01-01T00:00:00Z,1,v4,fra\n2026-01-01T00:00:00Z,1,v6,iad\n"
            + "2026-01-01T00:00:00Z,2,v4,xyz\n2026-01-01T00:00:00Z,2,v6,fra\n");
    assertOneSampleAndXyzSkipped(
        CorrelationInputs.paired(List.of(f), "v4", "v6", CorrelationInputs.DEFAULT_WINDOW_MILLIS),
        "the known pair is counted in row fra");
  }

  @Test
  void mappingFileFoldsAndDrops() throws Exception {
    Path m = dir.resolve("map.csv");
    Files.writeString(m, "label,node\n# comment\nqfra3,fra\nlab1,\n");
    LabelFolding f = LabelFolding.mapping(m);
    assertEquals("fra", f.fold("qfra3"));
    assertEquals(null, f.fold("lab1"));
    assertEquals("ams", f.fold("ams"));
    Files.writeString(m, "label,node\nqfra3,fra,x\n");
    InputException e = assertThrows(InputException.class, () -> LabelFolding.mapping(m));
    assertEquals(m + ":line 2: expected 2 fields (label,node), got 3", e.getMessage());
  }

  @Test
  void metroRuleFoldsSiblingSitesOnly() {
    LabelFolding metro = LabelFolding.metro();
    assertEquals("fra", metro.fold("qfra3"));
    assertEquals("fra", metro.fold("fra2"));
    assertEquals("fra", metro.fold("fra"));
    assertEquals("qpg", metro.fold("qpg"));
    assertEquals("frankfurt1", metro.fold("frankfurt1"));
  }

  @Test
  void smoothingKeepsEveryEntryPositiveAndRowsSummingToOne() {
    double[][] c = new Smoothing(1).apply(new long[][] {{3, 0, 1}, {0, 0, 0}, {0, 0, 2}});
    assertEquals((3 + 1.0 / 3) / 5, c[0][0], 1e-12);
    assertEquals((0 + 1.0 / 3) / 5, c[0][1], 1e-12);
    assertEquals(1.0 / 3, c[1][1], 1e-12);
    for (double[] row : c) {
      assertEquals(1.0, row[0] + row[1] + row[2], 1e-12);
      for (double v : row) {
        assertTrue(v > 0);
      }
    }
    assertThrows(IllegalArgumentException.class, () -> new Smoothing(0));
  }

  @Test
  void clopperPearsonBoundsAreExactForSmallCases() {
    ClopperPearson cp = new ClopperPearson(0.95);
    assertEquals(0.0, cp.interval(0, 10)[0]);
    assertEquals(1 - Math.pow(0.025, 1.0 / 10), cp.interval(0, 10)[1], 1e-9);
    assertEquals(Math.pow(0.025, 1.0 / 10), cp.interval(10, 10)[0], 1e-9);
    assertEquals(1.0, cp.interval(0, 0)[1]);
  }
}
