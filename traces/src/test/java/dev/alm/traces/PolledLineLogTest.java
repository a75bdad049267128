package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer collects every source on its timer and at close, and counts what a failed file loses.
 */
class PolledLineLogTest {

  /** A thread-safe source of probe lines; counts what it refuses beyond {@code capacity}. */
  private static final class Lines implements PolledLineLog.Source {
    private final ConcurrentLinkedQueue<ProbeLogRecord> q = new ConcurrentLinkedQueue<>();
    private final AtomicLong size = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final int capacity;

    Lines(int capacity) {
      this.capacity = capacity;
    }

    boolean add(ProbeLogRecord r) {
      if (size.get() >= capacity) {
        dropped.incrementAndGet();
        return false;
      }
      size.incrementAndGet();
      q.add(r);
      return true;
    }

    final AtomicLong drains = new AtomicLong();

    @Override
    public int drainTo(CsvBytes out) {
      drains.incrementAndGet();
      int n = 0;
      ProbeLogRecord r;
      while ((r = q.poll()) != null) {
        out.line(r.values());
        size.decrementAndGet();
        n++;
      }
      return n;
    }

    @Override
    public long dropped() {
      return dropped.get();
    }
  }

  @Test
  void anIdleWriterBacksOffAndComesBackWhenLinesArrive(@TempDir Path dir) throws Exception {
    Lines a = new Lines(1_000);
    PolledLineLog log =
        new PolledLineLog(
            PolledLineLog.fileStream(dir.resolve("log.csv"), false), null, 2_000_000, "t");
    log.add(a);
    Thread.sleep(1_000);
    // without the back-off, 500 passes in a second of 2 ms periods; with it, about 35: the sleep
    // doubles up to
    // 16 periods, 32 ms (a slow machine only makes fewer)
    long idle = a.drains.get();
    assertTrue(idle < 100, "an idle writer drained " + idle + " times in a second");
    a.add(new ProbeLogRecord(1, "a", "1", "p"));
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (log.written() < 1 && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertEquals(1, log.written(), "the line was written while the log was open");
    log.close();
  }

  @Test
  void linesFromEverySourceReachTheFileInOrderPerSource(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("x/log.csv");
    Lines a = new Lines(1_000_000);
    Lines b = new Lines(1_000_000);
    PolledLineLog log =
        new PolledLineLog(
            PolledLineLog.fileStream(f, false), ProbeLogRecord.HEADER, 1_000_000, "t");
    log.add(a);
    log.add(b);
    for (int i = 0; i < 50_000; i++) {
      a.add(new ProbeLogRecord(i, "a", Integer.toString(i), "p"));
      b.add(new ProbeLogRecord(i, "b", Integer.toString(i), "p"));
    }
    log.close();
    assertEquals(100_000, log.written());
    assertEquals(0, log.dropped());
    List<String> lines = Files.readAllLines(f);
    assertEquals("ts,category,origin,pop", lines.get(0));
    assertEquals(100_001, lines.size());
    int nextA = 0;
    int nextB = 0;
    for (String l : lines.subList(1, lines.size())) {
      String[] v = l.split(",");
      int i = Integer.parseInt(v[2]);
      assertEquals(Timestamps.format(i), v[0]);
      if (v[1].equals("a")) {
        assertEquals(nextA++, i);
      } else {
        assertEquals(nextB++, i);
      }
    }
  }

  @Test
  void aFailedFileCountsEveryLineAndCloseReturns() throws Exception {
    PolledLineLog log =
        new PolledLineLog(new FullDisk(), ProbeLogRecord.HEADER, 100_000, "full-disk");
    LineQueue<ProbeLogRecord> s = new LineQueue<>(64, ProbeLogRecord::appendCsv);
    log.add(s);
    long offered = 0;
    while (log.failure() == null && offered < 10_000_000) {
      offered++;
      s.offer(new ProbeLogRecord(0, "a", "b", "c"));
    }
    for (int k = 0; k < 1000; k++) {
      offered++;
      s.offer(new ProbeLogRecord(0, "a", "b", "c"));
    }
    assertThrows(IOException.class, log::close);
    assertTrue(log.dropped() > 0);
    assertEquals(offered, log.written() + log.dropped());
  }
}
