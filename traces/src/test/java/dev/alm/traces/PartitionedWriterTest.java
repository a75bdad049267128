package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace written by hour and chunk is every record once, in order, in {@code dt=/hour=} parts of
 * at most the chunk's lines, and nothing half-written is left when writing stops early.
 */
class PartitionedWriterTest {
  static final long HOUR = 3_600_000;
  static final long START = Timestamps.parseMillis("2026-01-01T22:30:00Z");

  @TempDir Path dir;

  static ProbeLogRecord probe(long k) {
    // 3 records per 20 minutes: 22:30 to 01:10 over midnight
    return new ProbeLogRecord(START + k * HOUR / 9, "c", "o" + k, "p");
  }

  @Test
  void partsFollowTheHourAndTheChunk() throws Exception {
    Path root = dir.resolve("probes");
    try (PartitionedWriter<ProbeLogRecord> w =
        new PartitionedWriter<>(
            root, TraceFormats.PROBE_LOG, ProbeLogRecord::epochMillis, 2, PartFiles.csv(true))) {
      for (long k = 0; k < 25; k++) {
        w.write(probe(k));
      }
      w.commit();
      assertEquals(25, w.written());
    }
    List<Path> parts;
    try (Stream<Path> s = Files.walk(root)) {
      parts = s.filter(Files::isRegularFile).sorted().toList();
    }
    assertEquals(
        root.resolve("dt=2026-01-01/hour=22/part-00000.csv.gz"), parts.get(0), parts.toString());
    assertEquals(
        root.resolve("dt=2026-01-02/hour=01/part-00000.csv.gz"), parts.get(parts.size() - 1));
    List<String> origins = new ArrayList<>();
    for (Path p : parts) {
      ReadReport report = new ReadReport(true);
      try (TraceReader<ProbeLogRecord> r = TraceReader.open(p, TraceFormats.PROBE_LOG, report)) {
        long inPart = 0;
        for (ProbeLogRecord rec = r.next(); rec != null; rec = r.next()) {
          origins.add(rec.origin());
          assertEquals(
              p.getParent().getParent().getFileName() + "/" + p.getParent().getFileName(),
              PartitionedWriter.partition(rec.epochMillis()));
          inPart++;
        }
        assertFalse(inPart > 2, p + " holds " + inPart);
      }
    }
    List<String> expected = new ArrayList<>();
    for (long k = 0; k < 25; k++) {
      expected.add("o" + k);
    }
    assertEquals(expected, origins);
  }

  @Test
  void anUncommittedPartIsRemoved() throws Exception {
    Path root = dir.resolve("probes");
    try (PartitionedWriter<ProbeLogRecord> w =
        new PartitionedWriter<>(
            root, TraceFormats.PROBE_LOG, ProbeLogRecord::epochMillis, 100, PartFiles.csv(false))) {
      w.write(probe(0));
    }
    try (Stream<Path> s = Files.walk(root)) {
      assertEquals(0, s.filter(Files::isRegularFile).count());
    }
  }

  @Test
  void aChunkOfNoLinesIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new PartitionedWriter<>(
                dir, TraceFormats.PROBE_LOG, ProbeLogRecord::epochMillis, 0, PartFiles.csv(false)));
  }
}
