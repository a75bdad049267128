package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.fastcontrol.ProbeName;
import dev.alm.io.Clocks;
import dev.alm.traces.AccessLogRecord;
import dev.alm.traces.CsvBytes;
import dev.alm.traces.Timestamps;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The event loop's ring of access fields: lines as {@code AccessLogRecord} writes them, drops
 * counted.
 */
class AccessLogRingTest {
  private static final long T0_MILLIS = 1_763_776_800_000L; // 2025-11-22T02:00:00Z

  /** One response held and stamped at once: what the event loop does for a pass of one response. */
  private static boolean add(
      AccessLogRing ring,
      byte[] who,
      String path,
      int status,
      long bytes,
      long arrival,
      long done,
      ProbeName probe) {
    if (!ring.hold(who, path, status, bytes, arrival, probe)) {
      return false;
    }
    ring.stamp(done);
    return true;
  }

  @Test
  void linesCarryWallTimeLatencyAndProbeAndWrapAround() {
    ManualClock nanos = new ManualClock();
    AtomicLong millis = new AtomicLong(T0_MILLIS);
    AccessLogRing ring = new AccessLogRing(3, new Clocks(nanos, millis::get)); // 4 slots
    byte[] who = AccessLogRecord.encodePopClientHost("fra", "10.0.0.1", "h");
    CsvBytes out = new CsvBytes(64);
    long t = nanos.getAsLong();
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 4; i++) {
        assertTrue(
            add(
                ring,
                who,
                "/" + i,
                200,
                i,
                t - 2_500_000,
                t - 1_000_000L * i,
                i == 3 ? new ProbeName("a", "b") : null));
      }
      assertFalse(add(ring, who, "/full", 200, 0, t, t, null), "4 slots");
      assertEquals(4, ring.drainTo(out));
      assertEquals(0, ring.drainTo(out));
    }
    assertEquals(3, ring.dropped());
    String[] lines = out.toString().split("\n");
    assertEquals(12, lines.length);
    assertEquals(Timestamps.format(T0_MILLIS) + ",fra,10.0.0.1,h,/0,200,0,2500,,", lines[0]);
    assertEquals(Timestamps.format(T0_MILLIS - 2) + ",fra,10.0.0.1,h,/2,200,2,500,,", lines[2]);
    assertEquals(Timestamps.format(T0_MILLIS - 3) + ",fra,10.0.0.1,h,/3,200,3,-500,a,b", lines[11]);
  }

  @Test
  void heldResponsesStayUnseenUntilOneStampGivesThemTheirCompletionTime() {
    ManualClock nanos = new ManualClock();
    AccessLogRing ring = new AccessLogRing(16, new Clocks(nanos, () -> T0_MILLIS));
    byte[] who = AccessLogRecord.encodePopClientHost("fra", "10.0.0.1", "h");
    CsvBytes out = new CsvBytes(64);
    long t = nanos.getAsLong();
    assertTrue(ring.hold(who, "/a", 200, 1, t, null));
    assertTrue(ring.hold(who, "/b", 200, 2, t - 1_000_000, null));
    assertEquals(0, ring.drainTo(out), "held, not published");
    List<Runnable> loop = new ArrayList<>();
    ring.stampLater(loop::add);
    ring.stampLater(loop::add);
    assertEquals(1, loop.size(), "one stamp task per pass");
    nanos.advance(3_000);
    loop.get(0).run();
    assertEquals(2, ring.drainTo(out));
    String[] lines = out.toString().split("\n");
    assertEquals(Timestamps.format(T0_MILLIS) + ",fra,10.0.0.1,h,/a,200,1,3,,", lines[0]);
    assertEquals(Timestamps.format(T0_MILLIS) + ",fra,10.0.0.1,h,/b,200,2,1003,,", lines[1]);
    ring.stampLater(loop::add);
    assertEquals(2, loop.size(), "the next pass queues a stamp again");
  }

  @Test
  void aConsumerThreadSeesEveryLineOnce() throws Exception {
    AccessLogRing ring = new AccessLogRing(1024, Clocks.SYSTEM);
    byte[] who = AccessLogRecord.encodePopClientHost("p", "c", "h");
    int n = 300_000;
    Thread producer =
        new Thread(
            () -> {
              for (int i = 0; i < n; i++) {
                add(ring, who, Integer.toString(i), 200, i, 0, 0, null);
              }
            });
    producer.start();
    CsvBytes out = new CsvBytes(1 << 20);
    while (producer.isAlive()) {
      ring.drainTo(out);
    }
    producer.join();
    ring.drainTo(out);
    long last = -1;
    int lines = 0;
    for (String l : out.toString().split("\n")) {
      String[] v = l.split(",");
      long i = Long.parseLong(v[4]);
      assertTrue(i > last, l);
      assertEquals(v[4], v[6]);
      last = i;
      lines++;
    }
    assertEquals(n, lines + ring.dropped());
  }
}
