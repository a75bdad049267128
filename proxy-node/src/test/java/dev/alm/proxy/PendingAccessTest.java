package dev.alm.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.alm.traces.CsvBytes;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A connection's responses are logged when their writes complete, in any order, however many are pending. */
class PendingAccessTest {

    @Test
    void logsEachWriteOnceWhenItCompletes() {
        ManualClock clock = new ManualClock();
        AccessLogRing ring = new AccessLogRing("p", 1024, clock, () -> 0L);
        PendingAccess pending = new PendingAccess(ring, clock, "10.0.0.1");
        EmbeddedChannel ch = new EmbeddedChannel();
        List<ChannelPromise> writes = new ArrayList<>();
        long t = clock.getAsLong();
        for (int i = 0; i < 100; i++) { // grows past its first 4 slots with writes pending
            ChannelPromise p = ch.newPromise();
            writes.add(p);
            pending.add(p, "h", "/" + i, 200, i, t, null);
        }
        clock.advance(7_000);
        writes.get(50).setSuccess(); // out of order (a failed encode)
        for (int i = 0; i < 100; i += 2) {
            if (i != 50) {
                writes.get(i).setSuccess();
            }
        }
        assertEquals(99, pending.size(), "0 completed; from 1 on, every other write still pending");
        for (int i = 1; i < 100; i += 2) {
            writes.get(i).setFailure(new java.io.IOException("closed"));
        }
        assertEquals(0, pending.size());
        ChannelPromise done = ch.newPromise().setSuccess();
        pending.add(done, "h", "/done", 204, 0, t, null); // already complete: logged at once
        assertEquals(0, pending.size());
        CsvBytes out = new CsvBytes(64);
        assertEquals(101, ring.drainTo(out));
        String[] lines = out.toString().split("\n");
        assertEquals(",p,10.0.0.1,h,/50,200,50,7,,", lines[0].substring(lines[0].indexOf(',')));
        assertEquals(",p,10.0.0.1,h,/0,200,0,7,,", lines[1].substring(lines[1].indexOf(',')));
        assertEquals(",p,10.0.0.1,h,/99,200,99,7,,", lines[99].substring(lines[99].indexOf(',')));
        assertEquals(",p,10.0.0.1,h,/done,204,0,7,,", lines[100].substring(lines[100].indexOf(',')));
        ch.finishAndReleaseAll();
    }
}
