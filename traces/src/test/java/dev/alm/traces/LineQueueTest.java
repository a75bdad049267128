package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records offered from many threads reach the file whole; a full queue never blocks the callers,
 * and every record it refuses is counted (a failed file: {@link PolledLineLogTest}).
 */
class LineQueueTest {

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
