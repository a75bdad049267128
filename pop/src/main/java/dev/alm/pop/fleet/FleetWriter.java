package dev.alm.pop.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes a fleet's files into a new directory, whole or not at all: everything goes into a hidden
 * sibling first, which is renamed to the directory only when complete; on any failure the sibling
 * is removed and the directory is left as it was. Secrets are created with mode 600 from the start
 * (never readable by others, not even for a moment).
 */
public final class FleetWriter {

  private static final Set<PosixFilePermission> SECRET =
      PosixFilePermissions.fromString("rw-------");

  private FleetWriter() {}

  /**
   * Writes {@code files} into {@code dir}, which must not exist or be empty.
   *
   * @throws IllegalStateException when {@code dir} is not an empty directory (the message is one
   *     line naming it)
   * @throws IOException when writing fails; nothing is left behind
   */
  public static void write(Path dir, List<FleetFile> files) throws IOException {
    Path target = dir.toAbsolutePath().normalize();
    refuseNonEmpty(target);
    Path parent = target.getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempDirectory(parent, "." + target.getFileName() + ".tmp");
    boolean done = false;
    try {
      for (FleetFile f : files) {
        Path p = tmp.resolve(f.path()).normalize();
        if (!p.startsWith(tmp)) {
          throw new IOException(f.path() + ": outside the fleet directory");
        }
        Files.createDirectories(p.getParent());
        byte[] bytes = f.text().getBytes(StandardCharsets.UTF_8);
        if (f.secret()) {
          Files.createFile(p, PosixFilePermissions.asFileAttribute(SECRET));
          Files.setPosixFilePermissions(p, SECRET); // whatever the umask
          Files.write(p, bytes, StandardOpenOption.TRUNCATE_EXISTING);
        } else {
          Files.write(p, bytes, StandardOpenOption.CREATE_NEW);
        }
      }
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
      if (Files.isDirectory(target)) {
        try {
          Files.delete(target); // empty: checked above
        } catch (DirectoryNotEmptyException e) {
          throw new IllegalStateException(
              target + ": not empty (a fleet is laid out in a new directory)");
        }
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target);
      }
      done = true;
    } finally {
      if (!done) {
        removeTree(tmp);
      }
    }
  }

  private static void refuseNonEmpty(Path target) throws IOException {
    if (!Files.exists(target)) {
      return;
    }
    if (!Files.isDirectory(target)) {
      throw new IllegalStateException(target + ": exists and is not a directory");
    }
    try (Stream<Path> s = Files.list(target)) {
      if (s.findAny().isPresent()) {
        throw new IllegalStateException(
            target + ": not empty (a fleet is laid out in a new directory)");
      }
    }
  }

  private static void removeTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
