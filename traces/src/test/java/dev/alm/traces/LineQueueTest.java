package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records offered from many threads reach the file whole; a full queue or a failed file never
 * blocks the callers nor hangs the close, and every lost record is counted.
 */
class LineQueueTest {

  /** Accepts the header, then fails every write: a full disk. */
  private static final class FullDisk extends OutputStream {
    private long bytes;

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      bytes += len;
      if (bytes > 200) {
        throw new IOException("No space left on device");
      }
    }
  }

  @Test
  void aFailedFileCountsEveryRecordAndCloseReturns() throws Exception {
    PolledLineLog log =
        new PolledLineLog(new FullDisk(), ProbeLogRecord.HEADER, 100_000, "full-disk");
    LineQueue<ProbeLogRecord> q = new LineQueue<>(4, ProbeLogRecord::appendCsv);
    log.add(q);
    long offered = 0;
    while (log.failure() == null && offered < 10_000_000) {
      offered++;
      q.offer(new ProbeLogRecord(0, "a", "b", "c"));
    }
    for (int k = 0; k < 10; k++) {
      offered++;
      q.offer(new ProbeLogRecord(0, "a", "b", "c"));
    }
    assertThrows(IOException.class, log::close);
    assertTrue(log.dropped() > 0);
    assertEquals(offered, log.written() + log.dropped());
  }

  @Test
  void aFullQueueRefusesAndCountsWithoutBlocking() {
    LineQueue<ProbeLogRecord> q = new LineQueue<>(3, ProbeLogRecord::appendCsv);
    for (int i = 0; i < 3; i++) {
      assertTrue(q.offer(new ProbeLogRecord(i, "a", "b", "c")));
    }
    assertFalse(q.offer(new ProbeLogRecord(3, "a", "b", "c")));
    assertEquals(1, q.dropped());
    CsvBytes out = new CsvBytes(64);
    assertEquals(3, q.drainTo(out));
    assertEquals(
        Timestamps.format(0)
            + ",a,b,c\n"
            + Timestamps.format(1)
            + ",a,b,c\n"
            + Timestamps.format(2)
            + ",a,b,c\n",
        out.toString());
    assertTrue(q.offer(new ProbeLogRecord(4, "a", "b", "c")), "room again once drained");
  }

  @Test
  void recordsFromManyThreadsAllReachTheFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("probes.csv");
    PolledLineLog log =
        new PolledLineLog(
            PolledLineLog.fileStream(f, false), ProbeLogRecord.HEADER, 1_000_000, "t");
    LineQueue<ProbeLogRecord> q = new LineQueue<>(1 << 20, ProbeLogRecord::appendCsv);
    log.add(q);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      String category = "c" + t;
      Thread th =
          new Thread(
              () -> {
                for (int i = 0; i < 10_000; i++) {
                  q.offer(new ProbeLogRecord(i, category, Integer.toString(i), "p"));
                }
              });
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      th.join();
    }
    log.close();
    assertEquals(40_000, log.written());
    assertEquals(0, log.dropped());
    List<String> lines = Files.readAllLines(f);
    assertEquals("ts,category,origin,pop", lines.get(0));
    assertEquals(40_001, lines.size());
    int[] next = new int[4];
    for (String l : lines.subList(1, lines.size())) {
      String[] v = l.split(",");
      int t = v[1].charAt(1) - '0';
      assertEquals(next[t]++, Integer.parseInt(v[2]), "in order per thread");
    }
  }
}
