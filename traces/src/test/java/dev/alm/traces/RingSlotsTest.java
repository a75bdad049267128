package dev.alm.traces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    void epochMillisSubtractsTheTimeSinceTheAnchor() {
        assertEquals(1_000, RingSlots.epochMillis(1_003, 10_000_000L, 7_000_000L));
        assertEquals(1_003, RingSlots.epochMillis(1_003, 10_000_000L, 10_400_000L));
    }
}
