package dev.alm.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole or left as it was, and no temporary file stays behind. */
class AtomicFilesTest {

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aCompleteWriteReplacesTheFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("out.json");
    Files.writeString(f, "old");
    AtomicFiles.write(f, w -> w.write("new, caf\u00e9"));
    assertEquals("new, caf\u00e9", Files.readString(f));
    AtomicFiles.writeAt(dir.resolve("plot.png"), tmp -> Files.write(tmp, new byte[] {1, 2}));
    assertEquals(2, Files.size(dir.resolve("plot.png")));
    assertEquals(List.of("out.json", "plot.png"), names(dir));
  }

  @Test
  void aFailedWriteLeavesTheFileAsItWas(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("out.json");
    Files.writeString(f, "old");
    assertThrows(
        IOException.class,
        () ->
            AtomicFiles.write(
                f,
                w -> {
                  w.write("half");
                  throw new IOException("disk full");
                }));
    assertThrows(
        IllegalStateException.class,
        () ->
            AtomicFiles.writeAt(
                f,
                tmp -> {
                  Files.writeString(tmp, "half");
                  throw new IllegalStateException("interrupted");
                }));
    assertThrows(IOException.class, () -> AtomicFiles.writeAt(f, tmp -> {}), "nothing written");
    assertEquals("old", Files.readString(f));
    assertEquals(List.of("out.json"), names(dir), "no temporary file left");
  }

  @Test
  void theTemporarySiblingIsHiddenAndKeepsTheExtension() {
    Path dir = Path.of("/data");
    assertEquals(
        dir.resolve(".a.csv.gz.tmp.gz"), AtomicFiles.temporarySibling(dir.resolve("a.csv.gz")));
    assertEquals(
        dir.resolve(".plot.png.tmp.png"), AtomicFiles.temporarySibling(dir.resolve("plot.png")));
    assertEquals(dir.resolve(".counts.tmp"), AtomicFiles.temporarySibling(dir.resolve("counts")));
  }
}
