package dev.alm.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files written whole or not at all: content goes to a temporary sibling, which replaces the file
 * only when complete, so a reader never sees a half-written file even if the writer is interrupted.
 */
public final class AtomicFiles {

  private AtomicFiles() {}

  /** A body that writes a file's content. */
  @FunctionalInterface
  public interface Body {
    void write(Writer out) throws IOException;
  }

  /**
   * Writes {@code file} (UTF-8) through a temporary sibling; on failure the file is left as it was.
   */
  public static void write(Path file, Body body) throws IOException {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
      body.write(w);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    moveIntoPlace(tmp, file);
  }

  /** Moves a complete temporary file over its final name (atomically where the file system can). */
  public static void moveIntoPlace(Path tmp, Path file) throws IOException {
    try {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
