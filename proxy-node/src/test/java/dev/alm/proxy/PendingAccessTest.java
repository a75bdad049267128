package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.io.Clocks;
import dev.alm.traces.CsvBytes;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A connection's responses are logged, in order and once each, when the writes before them and
 * theirs are done.
 */
class PendingAccessTest {

  private static String[] lines(AccessLogRing ring, int expected) {
    CsvBytes out = new CsvBytes(64);
    assertEquals(expected, ring.drainTo(out));
    if (expected == 0) {
      return new String[0];
    }
    String[] l = out.toString().split("\n");
    for (int i = 0; i < l.length; i++) {
      l[i] = l[i].substring(l[i].indexOf(',')); // without the timestamp
    }
    return l;
  }

  @Test
  void logsCompletedWritesAtCollectAndWaitsOnTheOldestInProgress() {
    ManualClock clock = new ManualClock();
    AccessLogRing ring = new AccessLogRing(1024, new Clocks(clock, () -> 0L));
    PendingAccess pending = new PendingAccess(ring, Runnable::run, "p", "10.0.0.1");
    EmbeddedChannel ch = new EmbeddedChannel();
    List<ChannelPromise> writes = new ArrayList<>();
    long t = clock.getAsLong();
    for (int i = 0; i < 100; i++) { // grows past its first 4 slots with writes pending
      ChannelPromise p = ch.newPromise();
      writes.add(p);
      pending.add(p, "h", "/" + i, 200, i, t, null);
    }
    clock.advance(7_000);
    for (int i = 0; i < 10; i++) {
      writes.get(i).setSuccess();
    }
    writes.get(50).setSuccess(); // out of order (a failed encode): waits for 10..49
    pending.collect();
    assertEquals(90, pending.size());
    String[] first = lines(ring, 10);
    assertEquals(",p,10.0.0.1,h,/0,200,0,7,,", first[0]);
    assertEquals(",p,10.0.0.1,h,/9,200,9,7,,", first[9]);
    pending.collect(); // nothing new; the listener on write 10 is not added twice
    clock.advance(1_000);
    for (int i = 11; i < 100; i++) {
      if (i != 50) {
        writes.get(i).setFailure(new IOException("closed"));
      }
    }
    assertEquals(90, pending.size(), "all wait for write 10");
    lines(ring, 0);
    writes.get(10).setSuccess(); // the listener collects everything
    assertEquals(0, pending.size());
    String[] rest = lines(ring, 90);
    assertEquals(",p,10.0.0.1,h,/10,200,10,8,,", rest[0]);
    assertEquals(",p,10.0.0.1,h,/50,200,50,8,,", rest[40]);
    assertEquals(",p,10.0.0.1,h,/99,200,99,8,,", rest[89]);
    pending.add(ch.newPromise().setSuccess(), "h", "/done", 204, 0, t, null);
    pending.collect();
    assertEquals(",p,10.0.0.1,h,/done,204,0,8,,", lines(ring, 1)[0]);
    ch.finishAndReleaseAll();
  }

  @Test
  void aHostChangeWithinAConnectionReachesTheLine() {
    ManualClock clock = new ManualClock();
    AccessLogRing ring = new AccessLogRing(16, new Clocks(clock, () -> 0L));
    PendingAccess pending = new PendingAccess(ring, Runnable::run, "p", "::1");
    EmbeddedChannel ch = new EmbeddedChannel();
    long t = clock.getAsLong();
    pending.add(ch.newPromise().setSuccess(), "a.example", "/1", 200, 1, t, null);
    pending.add(ch.newPromise().setSuccess(), "a.example", "/2", 200, 2, t, null);
    pending.add(ch.newPromise().setSuccess(), "b,example", "/3", 200, 3, t, null); // quoted
    pending.add(ch.newPromise().setSuccess(), "", "/4", 200, 4, t, null);
    pending.add(ch.newPromise().setSuccess(), new String("a.example"), "/5", 200, 5, t, null);
    pending.collect();
    String[] l = lines(ring, 5);
    assertEquals(",p,::1,a.example,/1,200,1,0,,", l[0]);
    assertEquals(",p,::1,a.example,/2,200,2,0,,", l[1]);
    assertEquals(",p,::1,\"b,example\",/3,200,3,0,,", l[2]);
    assertEquals(",p,::1,,/4,200,4,0,,", l[3]);
    assertEquals(",p,::1,a.example,/5,200,5,0,,", l[4]);
    ch.finishAndReleaseAll();
  }
}
