package dev.alm.app.drl;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.util.function.IntFunction;

/**
 * Heap per key for {@code alm drl bench --part heap}: used heap after full collections before and
 * after building a structure of {@code n} entries (MemoryMXBean after {@link System#gc()}; no
 * agent), divided by {@code n}.
 */
final class HeapPerKey {

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private HeapPerKey() {}

  /** Used heap in bytes after three collections. */
  static long usedAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
      used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /**
   * Bytes per entry of what {@code build} returns for {@code n} entries; the result is kept
   * reachable until the second reading.
   */
  static double bytesPerEntry(int n, IntFunction<Object> build) throws InterruptedException {
    long before = usedAfterGc();
    Object held = build.apply(n);
    long after = usedAfterGc();
    Reference.reachabilityFence(held);
    return (double) (after - before) / n;
  }
}
