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
 * Use {@link #write(Path, Body)} for text, {@link #writeAt(Path, PathBody)} for a library that
 * writes to a path of its own (a plot), and {@link #temporarySibling} with {@link #moveIntoPlace}
 * for a file written over time (a trace) that is committed or removed at the end.
 */
public final class AtomicFiles {

  private AtomicFiles() {}

  /** A body that writes a file's content. */
  @FunctionalInterface
  public interface Body {
    void write(Writer out) throws IOException;
  }

  /** A body that writes a whole file at the path it is given. */
  @FunctionalInterface
  public interface PathBody {
    void write(Path file) throws IOException;
  }

  /**
   * Writes {@code file} (UTF-8) through a temporary sibling; on failure the file is left as it was.
   */
  public static void write(Path file, Body body) throws IOException {
    writeAt(
        file,
        tmp -> {
          try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            body.write(w);
          }
        });
  }

  /**
   * Has {@code body} write a temporary sibling of {@code file} ({@link #temporarySibling}), then
   * moves it into place; on failure the file is left as it was and the sibling removed.
   *
   * @throws IOException if the body fails or writes nothing
   */
  public static void writeAt(Path file, PathBody body) throws IOException {
    Path tmp = temporarySibling(file);
    try {
      body.write(tmp);
      if (!Files.exists(tmp)) {
        throw new IOException("nothing was written for " + file);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    moveIntoPlace(tmp, file);
  }

  /**
   * The hidden temporary sibling a file is written to: {@code .NAME.tmp} followed by the file's
   * extension, so that a writer choosing its format by the name ({@code .gz}, {@code .png}) chooses
   * the same one.
   */
  public static Path temporarySibling(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String extension = dot > 0 ? name.substring(dot) : "";
    return file.resolveSibling("." + name + ".tmp" + extension);
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
