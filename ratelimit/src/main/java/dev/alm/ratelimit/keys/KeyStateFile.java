package dev.alm.ratelimit.keys;

import dev.alm.io.AtomicFiles;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * A customer's per-key counts on disk, so that a PoP that restarts within a window keeps what its
 * keys were admitted (docs/ratelimit/keys.md, "Quotas"). Written whole through a temporary file and
 * a rename ({@link AtomicFiles}), so a crash leaves the last complete file. Big-endian: magic
 * {@code ALMK}, version 2, the window's length (ms), the time it was written (ms), the window's id,
 * the number of keys n, then n times key 8, count 4, arrivals 4, flags 1 (bit 0: the key was shared
 * with other PoPs), then the CRC-32 of all before. Version 1 (no flags byte; every key read as
 * shared) is still read. A file that fails any check (its magic, version, window, length, CRC, more
 * keys than the table holds, a negative count) is refused whole, with the reason: the PoP starts
 * empty, as without a file.
 */
public final class KeyStateFile {

  private static final int MAGIC = 0x414C4D4B;
  private static final int VERSION = 2;

  /** The first version, whose entries have no flags byte. */
  private static final int VERSION_1 = 1;

  /** What reading a state file gave. */
  public sealed interface Loaded {}

  /** The keys restored ({@code n}), and how old the file was. */
  public record Restored(int keys, long ageMillis) implements Loaded {}

  /** No file, or one of another window: nothing to restore. */
  public record Nothing(String why) implements Loaded {}

  /** A file refused whole, for {@code reason}. */
  public record Refused(String reason) implements Loaded {}

  private KeyStateFile() {}

  /**
   * Writes the keys {@code limiter} counted in the window of {@code nowMillis}; returns how many.
   */
  public static int save(Path file, KeyedLimiter limiter, long nowMillis) throws IOException {
    int[] n = {0};
    AtomicFiles.writeAt(
        file,
        tmp -> {
          Path body = tmp.resolveSibling(tmp.getFileName() + ".body");
          try {
            try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(body)))) {
              limiter.eachCounted(
                  nowMillis,
                  (key, count, arrivals, shared) -> {
                    try {
                      out.writeLong(key);
                      out.writeInt(count);
                      out.writeInt(arrivals);
                      out.writeByte(shared ? 1 : 0);
                      n[0]++;
                    } catch (IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  });
            } catch (java.io.UncheckedIOException e) {
              throw e.getCause();
            }
            CRC32 crc = new CRC32();
            try (OutputStream raw = new BufferedOutputStream(Files.newOutputStream(tmp));
                DataOutputStream out = new DataOutputStream(new CheckedOutputStream(raw, crc))) {
              out.writeInt(MAGIC);
              out.writeInt(VERSION);
              out.writeLong(limiter.window().millis());
              out.writeLong(nowMillis);
              out.writeLong(limiter.window().id(nowMillis));
              out.writeInt(n[0]);
              Files.copy(body, out);
              out.flush();
              raw.write(intBytes((int) crc.getValue()));
            }
          } finally {
            Files.deleteIfExists(body);
          }
        });
    return n[0];
  }

  private static byte[] intBytes(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  /**
   * Restores into {@code limiter} the counts of {@code file} when it was written in the window of
   * {@code nowMillis}; a file of an older window restores nothing.
   */
  public static Loaded load(Path file, KeyedLimiter limiter, long nowMillis) {
    long size;
    try {
      size = Files.size(file);
    } catch (NoSuchFileException e) {
      return new Nothing("no state file " + file);
    } catch (IOException e) {
      return new Refused(file + ": cannot read: " + e.getMessage());
    }
    long header = 4 + 4 + 8 + 8 + 8 + 4;
    long[] keys;
    int[] counts;
    int[] arrivals;
    boolean[] shared;
    long written;
    long window;
    CRC32 crc = new CRC32();
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(file));
        DataInputStream in = new DataInputStream(new CheckedInputStream(raw, crc))) {
      if (size < 8 || in.readInt() != MAGIC) {
        return new Refused(file + ": " + size + " bytes is not a key state file");
      }
      int version = in.readInt();
      if (version != VERSION && version != VERSION_1) {
        return new Refused(file + ": not a key state file of version " + VERSION);
      }
      int entry = version == VERSION_1 ? 16 : 17;
      if (size < header + 4 || (size - header - 4) % entry != 0) {
        return new Refused(file + ": " + size + " bytes is not a key state file");
      }
      long millis = in.readLong();
      if (millis != limiter.window().millis()) {
        return new Refused(
            file
                + ": written for windows of "
                + millis
                + " ms, the customer's are "
                + limiter.window().millis()
                + " ms");
      }
      written = in.readLong();
      window = in.readLong();
      int n = in.readInt();
      if (n < 0 || n > limiter.settings().maxKeys() || n != (size - header - 4) / entry) {
        return new Refused(file + ": " + n + " keys does not fit the file or the table");
      }
      keys = new long[n];
      counts = new int[n];
      arrivals = new int[n];
      shared = new boolean[n];
      for (int i = 0; i < n; i++) {
        keys[i] = in.readLong();
        counts[i] = in.readInt();
        arrivals[i] = in.readInt();
        int flags = version == VERSION_1 ? 1 : in.readUnsignedByte();
        if (counts[i] < 0 || arrivals[i] < counts[i] || (flags & ~1) != 0) {
          return new Refused(file + ": key " + i + " has a count of " + counts[i]);
        }
        shared[i] = (flags & 1) != 0;
      }
      int expected = (int) crc.getValue();
      DataInputStream tail = new DataInputStream(raw);
      if (tail.readInt() != expected) {
        return new Refused(file + ": CRC mismatch");
      }
    } catch (EOFException e) {
      return new Refused(file + ": truncated");
    } catch (IOException e) {
      return new Refused(file + ": cannot read: " + e.getMessage());
    }
    if (window != limiter.window().id(nowMillis) || written > nowMillis + 60_000) {
      return new Nothing(file + ": written in another window");
    }
    for (int i = 0; i < keys.length; i++) {
      limiter.restore(keys[i], counts[i], arrivals[i], shared[i], nowMillis);
    }
    return new Restored(keys.length, nowMillis - written);
  }
}
