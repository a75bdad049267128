package dev.alm.ratelimit.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator's message delays: aligned limiters wait ceil(delay / interval) intervals (at least
 * one); unaligned ones wait for the receiver's next step, so over a pair the two directions take
 * the aligned delay and one more.
 */
class MessageNetworkTest {
  private static final int N = 6;

  /** The interval at which a message sent by {@code from} at interval 0 reaches {@code to}. */
  private static int arrival(MessageNetwork<GossipUpdate> net, int from, int to) {
    net.send(0, List.of(new Envelope<>(from, to, new GossipUpdate(1, 1, 1))));
    for (int k = 1; k < 10; k++) {
      List<Envelope<GossipUpdate>> in = net.inbox(k, to);
      if (!in.isEmpty()) {
        net.delivered(k, to);
        return k;
      }
    }
    return -1;
  }

  @Test
  void alignedTimersDelayEveryMessageTheSameWholeIntervals() {
    MessageNetwork<GossipUpdate> net =
        new MessageNetwork<>(N, 0.1, 0.05, 0, new SplittableRandom(1), null);
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < N; j++) {
        if (i != j) {
          assertEquals(2, arrival(net, i, j), i + " -> " + j);
        }
      }
    }
    MessageNetwork<GossipUpdate> none =
        new MessageNetwork<>(N, 0, 0.05, 0, new SplittableRandom(1), null);
    assertEquals(1, arrival(none, 0, 1), "no delay: the next step");
  }

  @Test
  void unalignedTimersWaitForTheReceiversNextStep() {
    int longer = 0;
    MessageNetwork<GossipUpdate> net =
        new MessageNetwork<>(N, 0.1, 0.05, 0, new SplittableRandom(1), new SplittableRandom(2));
    for (int i = 0; i < N; i++) {
      for (int j = i + 1; j < N; j++) {
        int there = arrival(net, i, j);
        int back = arrival(net, j, i);
        assertTrue(there == 2 || there == 3, i + " -> " + j + ": " + there);
        assertEquals(
            5, there + back, "one direction of " + i + ", " + j + " waits an interval more");
        longer += there == 3 ? 1 : 0;
      }
    }
    assertTrue(longer > 0 && longer < N * (N - 1) / 2, "both delays occur: " + longer);
    MessageNetwork<GossipUpdate> none =
        new MessageNetwork<>(N, 0, 0.05, 0, new SplittableRandom(1), new SplittableRandom(2));
    for (int j = 1; j < N; j++) {
      assertEquals(1, arrival(none, 0, j), "no delay: the next step whatever the phases");
    }
  }
}
