package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RingSlotsTest {

  @Test
  void capacityRoundsUpToAPowerOfTwo() {
    assertEquals(8, new RingSlots(5).capacity());
    assertEquals(8, new RingSlots(8).capacity());
    assertEquals(1, new RingSlots(1).capacity());
    assertThrows(IllegalArgumentException.class, () -> new RingSlots(0));
    assertThrows(IllegalArgumentException.class, () -> new RingSlots((1 << 24) + 1));
  }

  @Test
  void aFullRingRefusesAndCountsUntilTheConsumerReleases() {
    RingSlots r = new RingSlots(2);
    assertEquals(0, r.claim());
    r.publish();
    assertEquals(1, r.claim());
    r.publish();
    assertEquals(-1, r.claim());
    assertEquals(1, r.dropped());
    assertEquals(0, r.consumed());
    assertEquals(2, r.published());
    r.release(1);
    assertEquals(0, r.claim(), "the released slot comes round again");
    r.publish();
    assertEquals(0, r.index(r.published() - 1));
    assertEquals(1, r.dropped());
  }

  @Test
  void claimedSlotsAreHeldUntilPublished() {
    RingSlots r = new RingSlots(8);
    int a = r.claim();
    int b = r.claim();
    assertTrue(a != b);
    assertEquals(2, r.claimed() - r.firstHeld());
    assertEquals(0, r.published());
    r.publish();
    assertEquals(0, r.claimed() - r.firstHeld());
    assertEquals(2, r.published());
    assertEquals(a, r.index(0));
    assertEquals(b, r.index(1));
  }

  @Test
  void aConsumerThatKeepsUpLeavesTheProducerInTheFirstChunks() {
    RingSlots r = new RingSlots(65_536); // 64 chunks of 1024 slots
    int highest = 0;
    for (int pass = 0; pass < 500; pass++) {
      for (int k = 0; k < 700; k++) {
        int i = r.claim();
        highest = Math.max(highest, i);
        r.publish();
      }
      r.release(r.published());
    }
    assertEquals(0, r.dropped());
    assertTrue(highest < 2 * 1024, "350,000 lines in passes of 700 used slots up to " + highest);
  }

  @Test
  void aStalledConsumerStillHasTheWholeCapacity() {
    RingSlots r = new RingSlots(4_096);
    boolean[] seen = new boolean[4_096];
    for (int k = 0; k < 4_096; k++) {
      int i = r.claim();
      assertTrue(i >= 0 && !seen[i], "slot " + i + " at line " + k);
      seen[i] = true;
      r.publish();
    }
    assertEquals(-1, r.claim());
    assertEquals(1, r.dropped());
    r.release(100); // not a whole chunk (64 slots each) past the first: one chunk comes back
    assertEquals(r.index(0), r.claim(), "the first chunk comes round again");
  }

  @Test
  void linesCrossFromOneThreadToAnotherInOrderWithDropsCounted() throws Exception {
    RingSlots r = new RingSlots(256);
    long[] value = new long[r.capacity()];
    int lines = 2_000_000;
    Thread producer =
        new Thread(
            () -> {
              for (long v = 0; v < lines; v++) {
                int i = r.claim();
                if (i >= 0) {
                  value[i] = v;
                  r.publish();
                }
              }
            });
    producer.start();
    long received = 0;
    long last = -1;
    while (producer.isAlive() || r.consumed() < r.published()) {
      long end = r.published();
      for (long s = r.consumed(); s < end; s++) {
        long v = value[r.index(s)];
        assertTrue(v > last, "line " + v + " after " + last);
        last = v;
        received++;
      }
      r.release(end);
    }
    producer.join();
    assertEquals(lines, received + r.dropped());
  }

  @Test
  void epochMillisSubtractsTheTimeSinceTheAnchor() {
    assertEquals(1_000, RingSlots.epochMillis(1_003, 10_000_000L, 7_000_000L));
    assertEquals(1_003, RingSlots.epochMillis(1_003, 10_000_000L, 10_400_000L));
  }
}
