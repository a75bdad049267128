package dev.alm.dns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import dev.alm.traces.AnswerKind;
import dev.alm.traces.CsvBytes;
import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Type;

/**
 * The per-thread ring of the query log: bounded, drops counted, slots reused, times anchored per
 * drain.
 */
class QueryLogRingTest {
  private static final Outcome L1 =
      new Outcome(
          Name.fromConstantString("www.cdn.example."),
          Type.A,
          Rcode.NOERROR,
          AnswerKind.L1,
          null,
          false);

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  private final AtomicLong millis = new AtomicLong(1_795_000_000_000L); // 2026-11-18T11:06:40.000Z

  private QueryLogRing ring(int capacity) {
    return new QueryLogRing(
        capacity, new QueryLineEncoder("p"), new Clocks(nanos::get, millis::get));
  }

  @Test
  void capacityIsRoundedUpToAPowerOfTwoAndChecked() {
    assertEquals(1, ring(1).capacity());
    assertEquals(8, ring(5).capacity());
    assertEquals(65536, ring(65536).capacity());
    assertThrows(IllegalArgumentException.class, () -> ring(0));
  }

  @Test
  void aFullRingDropsAndCountsUntilDrained() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.7");
    QueryLogRing r = ring(2);
    assertTrue(r.add(nanos.get(), a, L1));
    assertTrue(r.add(nanos.get(), a, L1));
    assertFalse(r.add(nanos.get(), a, L1));
    assertFalse(r.add(nanos.get(), a, L1));
    assertEquals(2, r.dropped());
    CsvBytes out = new CsvBytes(64);
    assertEquals(2, r.drainTo(out));
    assertEquals(0, r.drainTo(out), "nothing published twice");
    // The slots are free again, and the ring wraps around many times without losing a line.
    for (int i = 0; i < 100; i++) {
      assertTrue(r.add(nanos.get(), a, L1));
      assertEquals(1, r.drainTo(out));
    }
    assertEquals(102, out.toString().lines().count());
    assertEquals(2, r.dropped());
  }

  @Test
  void timesAreMonotonicAndTurnedIntoWallClockAtTheDrain() throws Exception {
    InetAddress a = InetAddress.getByName("192.0.2.7");
    QueryLogRing r = ring(8);
    r.add(nanos.get(), a, L1); // answered now
    r.add(nanos.get() + 1_500_000, a, L1); // 1.5 ms later
    nanos.addAndGet(7_000_000); // drained 7 ms after the first: the wall clock then reads +7 ms
    millis.addAndGet(7);
    CsvBytes out = new CsvBytes(64);
    r.drainTo(out);
    assertEquals(
        "2026-11-18T11:06:40.000Z,p,192.0.2.7,,www.cdn.example.,A,NOERROR,l1\n"
            + "2026-11-18T11:06:40.001Z,p,192.0.2.7,,www.cdn.example.,A,NOERROR,l1\n",
        out.toString());
  }
}
