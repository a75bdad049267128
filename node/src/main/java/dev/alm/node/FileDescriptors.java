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

  /**
   * The connection caps of listeners that share one process's descriptors (a PoP's proxy, DNS TCP
   * and admin listeners): {@code configured} as is when they fit together in the soft limit less
   * {@link #RESERVE}, else each lowered in proportion to it (at least 1), so that the sum stays in
   * the room left for logs and the state file. Unknown or unlimited limit: {@code configured}.
   *
   * @return the caps, in the order of {@code configured}
   */
  public static int[] shareBelowLimit(long softLimit, int... configured) {
    int[] caps = configured.clone();
    if (softLimit <= 0) {
      return caps;
    }
    long room = Math.max(configured.length, softLimit - RESERVE);
    long sum = 0;
    for (int c : configured) {
      sum += c;
    }
    if (sum <= room) {
      return caps;
    }
    for (int i = 0; i < caps.length; i++) {
      caps[i] = (int) Math.max(1, configured[i] * room / sum);
    }
    return caps;
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
