package dev.alm.traces.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.traces.PartFiles;
import dev.alm.traces.TraceFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout changes where the generated lines go, not which: the gzip parts of a partitioned run,
 * read in path order without their headers, are the lines of the single files; a run longer than
 * the progress interval says how far it is.
 */
class TraceLayoutTest {
  @TempDir Path dir;

  static final SyntheticConfig CONFIG =
      SyntheticConfig.defaults(3).withSizes(6, 20_000, 2_000, 500).toBuilder().queryRate(4).build();

  @Test
  void partitionedGzipPartsHoldTheLinesOfTheSingleFiles() throws Exception {
    SyntheticTraces t = new SyntheticTraces(CONFIG);
    SyntheticTraces.Written one = t.writeAll(dir.resolve("one"), false);
    SyntheticTraces.Written parts =
        t.writeAll(dir.resolve("parts"), new TraceLayout(true, 4_000, PartFiles.csv(true)), null);
    assertEquals(one.dnsLines(), parts.dnsLines());
    // 20,000 queries at 4/s: 5,000 s, so two hours of the first day
    assertTrue(Files.isDirectory(parts.dns().resolve("dt=2026-01-01/hour=01")));
    for (String name : List.of("dns", "http", "probes", "paired")) {
      assertEquals(
          lines(dir.resolve("one").resolve(name + ".csv")),
          partLines(dir.resolve("parts").resolve(name)),
          name);
    }
  }

  @Test
  void progressIsToldWhenTheClockSaysSo() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    long[] now = {0};
    // every reading of the clock is 20 s later: each progress check prints
    GenerateRun.run(
        CONFIG.toBuilder().queries(2 * SyntheticTraces.PROGRESS_LINES).build(),
        TraceLayout.files(false),
        dir.resolve("p"),
        new PrintWriter(out),
        new PrintWriter(err),
        () -> now[0] += 20_000_000_000L);
    List<String> progress = err.toString().lines().toList();
    assertEquals(2, progress.size(), err.toString());
    assertTrue(progress.get(1).startsWith("dns: 131,072 of 131,072 lines (100.0%)"));
    assertTrue(out.toString().contains("131072 lines"), out.toString());
  }

  static List<String> lines(Path file) throws IOException {
    try (BufferedReader r = TraceFiles.open(file)) {
      return new ArrayList<>(r.lines().skip(1).toList());
    }
  }

  static List<String> partLines(Path root) throws IOException {
    List<Path> parts;
    try (Stream<Path> s = Files.walk(root)) {
      parts = s.filter(Files::isRegularFile).sorted().toList();
    }
    List<String> all = new ArrayList<>();
    for (Path p : parts) {
      all.addAll(lines(p));
    }
    return all;
  }
}
