package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.InputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every format written and read back, plain and gzip; bad input reported with file, line and
 * reason.
 */
class TraceReaderTest {

  @TempDir Path dir;

  private static final long T0 = Timestamps.parseMillis("2026-01-01T00:00:00Z");

  private <T> List<T> roundTrip(String name, TraceFormat<T> format, List<T> records)
      throws Exception {
    Path f = dir.resolve(name);
    try (TraceWriter<T> w = TraceWriter.create(f, format)) {
      for (T r : records) {
        w.write(r);
      }
      w.commit();
    }
    return readAll(f, format, new ReadReport(true));
  }

  private static <T> List<T> readAll(Path f, TraceFormat<T> format, ReadReport report)
      throws InputException {
    List<T> out = new ArrayList<>();
    try (TraceReader<T> r = TraceReader.open(f, format, report)) {
      for (T t = r.next(); t != null; t = r.next()) {
        out.add(t);
      }
    }
    return out;
  }

  @Test
  void everyFormatRoundTripsPlainAndGzip() throws Exception {
    List<QueryLogRecord> q =
        List.of(
            new QueryLogRecord(
                T0,
                "fra",
                "10.0.0.53",
                "",
                "b-00000000000000ff.beacon.cdn.example.",
                "A",
                "NOERROR",
                AnswerKind.L1),
            new QueryLogRecord(
                T0 + 5,
                "iad",
                "9.9.9.9",
                "100.64.1.0/24",
                "www.cdn.example.",
                "AAAA",
                "NXDOMAIN",
                AnswerKind.NONE));
    List<AccessLogRecord> a =
        List.of(
            new AccessLogRecord(
                T0 + 7, "fra", "100.64.1.2", "www.cdn.example", "/a,b\"c", 200, 5120, 812, "", ""),
            new AccessLogRecord(
                T0 + 9,
                "iad",
                "100.64.1.3",
                "fra.iad.fc.cdn.example",
                "/",
                204,
                0,
                15,
                "fra",
                "iad"));
    List<ProbeLogRecord> p = List.of(new ProbeLogRecord(T0, "fra", "iad", "lhr"));
    List<PairedObservation> o = List.of(new PairedObservation(T0, "17", "dns-anycast", "fra"));
    List<DemandRecord> d =
        List.of(new DemandRecord(T0, "fra", 41.5), new DemandRecord(T0, "iad", 0));
    for (String ext : new String[] {".csv", ".csv.gz"}) {
      assertEquals(q, roundTrip("q" + ext, TraceFormats.QUERY_LOG, q));
      assertEquals(a, roundTrip("a" + ext, TraceFormats.ACCESS_LOG, a));
      assertEquals(p, roundTrip("p" + ext, TraceFormats.PROBE_LOG, p));
      assertEquals(o, roundTrip("o" + ext, TraceFormats.PAIRED, o));
      assertEquals(d, roundTrip("d" + ext, TraceFormats.DEMAND, d));
    }
    byte[] gz = Files.readAllBytes(dir.resolve("q.csv.gz"));
    assertEquals(0x1f, gz[0] & 0xff);
    Path renamed = dir.resolve("q-no-suffix");
    Files.write(renamed, gz);
    assertEquals(
        q,
        readAll(renamed, TraceFormats.QUERY_LOG, new ReadReport(true)),
        "gzip found by magic bytes");
  }

  @Test
  void aWriterLeftWithoutCommitLeavesNoFile() throws Exception {
    Path f = dir.resolve("half.csv");
    assertThrows(
        IllegalStateException.class,
        () -> {
          try (TraceWriter<ProbeLogRecord> w = TraceWriter.create(f, TraceFormats.PROBE_LOG)) {
            w.write(new ProbeLogRecord(T0, "a", "b", "c"));
            throw new IllegalStateException("interrupted");
          }
        });
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count());
    }
  }

  @Test
  void aDaemonLogReadsBackAsTheRecordsWritten() throws Exception {
    AccessLogRecord r = new AccessLogRecord(T0, "fra", "::1", "h", "/x,\"y\"", 200, 1, 2, "", "");
    Path f = dir.resolve("async.csv");
    LineQueue<AccessLogRecord> q = new LineQueue<>(16, AccessLogRecord::appendCsv);
    try (PolledLineLog log =
        new PolledLineLog(
            PolledLineLog.fileStream(f, false), AccessLogRecord.HEADER, 1_000_000, "t")) {
      log.add(q);
      q.offer(r);
    }
    assertEquals(List.of(r), readAll(f, TraceFormats.ACCESS_LOG, new ReadReport(true)));
  }

  private Path write(String name, String text) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  private static final String PROBES =
      "ts,category,origin,pop\n"
          + "2026-01-01T00:00:00.000Z,fra,iad,fra\n"
          + "2026-01-01T00:00:01.000Z,fra,iad\n" // line 3: wrong column count
          + "yesterday,fra,iad,fra\n" // line 4: unparseable timestamp
          + "2026-01-01T00:00:02.000Z,fra,iad,lhr,extra\n" // line 5: wrong column count
          + "\n" // line 6: blank
          + "2026-01-01T00:00:03.000Z,fra,,lhr\n" // line 7: empty origin
          + "1767225604,lhr,lhr,lhr\n"; // line 8: epoch seconds, good

  @Test
  void badLinesAreReportedWithLineAndReasonAndTheRestIsUsed() throws Exception {
    Path f = write("probes.csv", PROBES);
    ReadReport report = new ReadReport(false);
    List<ProbeLogRecord> got = readAll(f, TraceFormats.PROBE_LOG, report);
    assertEquals(2, got.size());
    assertEquals(T0 + 4000, got.get(1).epochMillis());
    assertEquals(5, report.skipped());
    List<String> bad = report.examples().stream().map(BadLine::toString).toList();
    assertEquals(f + ":line 3: expected 4 fields (ts,category,origin,pop), got 3", bad.get(0));
    assertTrue(bad.get(1).startsWith(f + ":line 4: unparseable timestamp 'yesterday'"), bad.get(1));
    assertTrue(bad.get(2).startsWith(f + ":line 5: expected 4 fields"), bad.get(2));
    assertEquals(f + ":line 6: blank line", bad.get(3));
    assertEquals(f + ":line 7: column 'origin': empty", bad.get(4));
    ReadReport.FileSummary s = report.files().get(0);
    assertEquals(8, s.lines());
    assertEquals(2, s.records());
    assertTrue(
        report
            .summaryLines()
            .get(report.summaryLines().size() - 1)
            .startsWith("skipped 5 of 8 lines"));
  }

  @Test
  void strictStopsAtTheFirstBadLine() throws Exception {
    Path f = write("probes.csv", PROBES);
    InputException e =
        assertThrows(
            InputException.class, () -> readAll(f, TraceFormats.PROBE_LOG, new ReadReport(true)));
    assertEquals(
        f + ":line 3: expected 4 fields (ts,category,origin,pop), got 3 (--strict)",
        e.getMessage());
  }

  @Test
  void emptyFileIsReportedAndYieldsNothing() throws Exception {
    Path f = write("empty.csv", "");
    ReadReport report = new ReadReport(false);
    assertEquals(List.of(), readAll(f, TraceFormats.PAIRED, report));
    assertEquals(1, report.skipped());
    assertTrue(
        report.examples().get(0).reason().startsWith("empty file"), report.examples().toString());
    InputException e =
        assertThrows(
            InputException.class, () -> readAll(f, TraceFormats.PAIRED, new ReadReport(true)));
    assertTrue(e.getMessage().startsWith(f + ":line 1: empty file"), e.getMessage());
  }

  @Test
  void truncatedGzipKeepsTheWholeLinesBeforeTheBreak() throws Exception {
    StringBuilder sb = new StringBuilder("ts,category,origin,pop\n");
    for (int k = 0; k < 20_000; k++) {
      sb.append(Timestamps.format(T0 + k)).append(",fra,iad,lhr\n");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
    byte[] all = bytes.toByteArray();
    Path f = dir.resolve("cut.csv.gz");
    Files.write(f, Arrays.copyOf(all, all.length / 2));
    ReadReport report = new ReadReport(false);
    List<ProbeLogRecord> got = readAll(f, TraceFormats.PROBE_LOG, report);
    assertTrue(got.size() > 1000 && got.size() < 20_000, "got " + got.size());
    assertEquals(1, report.skipped());
    BadLine b = report.examples().get(0);
    assertTrue(b.reason().startsWith("truncated or corrupt input after line "), b.reason());
    assertTrue(b.line() >= got.size() + 1, b.toString());
    assertThrows(
        InputException.class, () -> readAll(f, TraceFormats.PROBE_LOG, new ReadReport(true)));
  }

  @Test
  void aFileOfAnotherFormatIsRejectedWhole() throws Exception {
    Path f = write("probes.csv", PROBES);
    InputException e =
        assertThrows(
            InputException.class,
            () -> TraceReader.open(f, TraceFormats.QUERY_LOG, new ReadReport(false)));
    assertTrue(
        e.getMessage().startsWith(f + ":line 1: not a DNS query log: expected the header ts,pop,"),
        e.getMessage());
    InputException missing =
        assertThrows(
            InputException.class,
            () ->
                TraceReader.open(
                    dir.resolve("nope.csv"), TraceFormats.QUERY_LOG, new ReadReport(false)));
    assertTrue(missing.getMessage().endsWith("cannot read: no such file"), missing.getMessage());
  }

  @Test
  void beaconNamesAreNotFastControlNames() {
    String host = BeaconName.host(255, "cdn.example.");
    assertEquals("b-00000000000000ff.beacon.cdn.example", host);
    assertEquals("b-00000000000000ff", BeaconName.key(host + "."));
    assertEquals("b-00000000000000ff", BeaconName.key("B-00000000000000FF.Beacon.Other.Zone"));
    assertNull(BeaconName.key("fra.iad.fc.cdn.example"));
    assertNull(BeaconName.key("b-00000000000000ff.fc.cdn.example"));
    assertNull(BeaconName.key("b-0000000000000g0f.beacon.cdn.example"));
    assertNull(BeaconName.key("www.cdn.example"));
    assertNull(BeaconName.key("b-00000000000000ff.beacon"));
  }
}
