package dev.alm.fastcontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class SlidingWindowCounterTest {

  private static final long MS = 1_000_000L;

  @Test
  void windowHoldsOnlyCompletedBucketsAfterStart() {
    SlidingWindowCounter c = new SlidingWindowCounter(100 * MS, 10, 50 * MS);
    c.record(60 * MS); // bucket 0: the start bucket, never reported
    for (int i = 0; i < 5; i++) {
      c.record(150 * MS); // bucket 1
    }
    c.add(250 * MS, 3); // bucket 2, still current at 250 ms
    SlidingWindowCounter.Window w = c.window(250 * MS);
    assertEquals(5, w.count());
    assertEquals(0.1, w.seconds(), 1e-12);
    assertEquals(50, w.rate(), 1e-9);
    assertEquals(8, c.window(300 * MS).count());
    assertEquals(9, c.total());
  }

  @Test
  void bucketsSlideOutOfTheWindow() {
    SlidingWindowCounter c = new SlidingWindowCounter(100 * MS, 3, 0);
    for (long t = 100; t < 1000; t += 100) {
      c.add(t * MS, t / 100); // bucket k holds k events
    }
    // at 1000 ms the window is buckets 7, 8, 9
    assertEquals(7 + 8 + 9, c.window(1000 * MS).count());
    assertEquals(9, c.window(1000 * MS, 1).count());
    // long after: nothing left
    assertEquals(0, c.window(5000 * MS).count());
    assertEquals(0.3, c.window(5000 * MS).seconds(), 1e-12);
  }

  @Test
  void lateEventsAreCountedAsLateNotInAWindow() {
    SlidingWindowCounter c = new SlidingWindowCounter(100 * MS, 2, 0);
    c.record(1000 * MS);
    c.record(200 * MS); // bucket 2 shares its slot with bucket 10 (ring of 4): late
    assertEquals(1, c.late());
    assertEquals(1, c.total());
  }

  @Test
  void beforeTheFirstCompletedBucketTheRateIsUnknown() {
    SlidingWindowCounter c = new SlidingWindowCounter(100 * MS, 10, 0);
    c.record(10 * MS);
    assertTrue(Double.isNaN(c.window(20 * MS).rate()));
  }

  @Test
  void concurrentCountsAreExact() throws Exception {
    SlidingWindowCounter c = new SlidingWindowCounter(100 * MS, 10, 0);
    int threads = 4;
    int each = 50_000;
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> ts = new ArrayList<>();
    for (int k = 0; k < threads; k++) {
      Thread t =
          new Thread(
              () -> {
                try {
                  go.await();
                } catch (InterruptedException e) {
                  return;
                }
                for (int i = 0; i < each; i++) {
                  c.record((150 + (i % 3) * 100) * MS); // buckets 1, 2, 3
                }
              });
      t.start();
      ts.add(t);
    }
    go.countDown();
    for (Thread t : ts) {
      t.join();
    }
    assertEquals((long) threads * each, c.window(400 * MS).count());
    assertEquals(0, c.late());
  }

  @Test
  void rejectsBadSettings() {
    assertThrows(IllegalArgumentException.class, () -> new SlidingWindowCounter(0, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new SlidingWindowCounter(1, 0, 0));
    SlidingWindowCounter c = new SlidingWindowCounter(1, 2, 0);
    assertThrows(IllegalArgumentException.class, () -> c.window(10, 3));
  }
}
