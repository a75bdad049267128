package dev.alm.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's file-descriptor limit, as the kernel reports it in {@code /proc/self/limits}, so
 * that a daemon can size its connection caps below it and say at start what it runs with.
 */
public final class FileDescriptors {

  /** Descriptors kept out of the connection caps for logs, the admin server, origins and DNS. */
  public static final int RESERVE = 256;

  private FileDescriptors() {}

  /** The soft limit on open files, or -1 when unknown (not Linux) or unlimited. */
  public static long softLimit() {
    return parse(read());
  }

  /**
   * The connection cap to use: {@code configured}, lowered to leave {@link #RESERVE} descriptors
   * under the soft limit when the limit is known.
   */
  public static int capBelowLimit(int configured, long softLimit) {
    if (softLimit <= 0) {
      return configured;
    }
    long room = Math.max(1, softLimit - RESERVE);
    return (int) Math.min(configured, room);
  }

  static long parse(String limits) {
    if (limits == null) {
      return -1;
    }
    for (String line : limits.split("\n")) {
      if (line.startsWith("Max open files")) {
        String[] f = line.substring("Max open files".length()).trim().split("\\s+");
        if (f.length > 0 && f[0].matches("[0-9]+")) {
          return Long.parseLong(f[0]);
        }
        return -1;
      }
    }
    return -1;
  }

  private static String read() {
    try {
      return Files.readString(Path.of("/proc/self/limits"));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
