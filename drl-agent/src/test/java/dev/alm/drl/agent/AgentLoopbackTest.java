package dev.alm.drl.agent;

import static dev.alm.drl.agent.ThreeAgents.C;
import static dev.alm.drl.agent.ThreeAgents.KEYS;
import static dev.alm.drl.agent.ThreeAgents.L;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.ratelimit.gossip.GossipUpdate;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three agents on loopback with SWIM membership and real UDP gossip, one customer limited to L =
 * 600 units/s and synthetic demands: convergence, a demand shift, a partition, a kill and restart,
 * 20% loss, forged and replayed datagrams.
 */
class AgentLoopbackTest {

  AgentFleet fleet;

  AgentFleet start() throws Exception {
    fleet =
        new AgentFleet(
            3, ThreeAgents::settings, KEYS, AgentFleet.MembershipKind.SWIM, 1, Clocks.SYSTEM);
    return fleet;
  }

  @AfterEach
  void stop() {
    if (fleet != null) {
      fleet.close();
    }
  }

  void demands(double a, double b, double c) {
    fleet.pop(0).demand(C, a);
    fleet.pop(1).demand(C, b);
    fleet.pop(2).demand(C, c);
  }

  final ThreeAgents shares = new ThreeAgents(i -> fleet.pop(i));

  static boolean await(BooleanSupplier cond, double seconds) throws InterruptedException {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    while (System.nanoTime() < end) {
      if (cond.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20);
    }
    return cond.getAsBoolean();
  }

  @Test
  void convergesFollowsAShiftAndSurvivesLoss() throws Exception {
    start();
    demands(600, 300, 100);
    assertTrue(
        await(() -> shares.proportional(600, 300, 100, 0.03), 10),
        () -> "shares " + shares.share(0) + ", " + shares.share(1) + ", " + shares.share(2));
    // the demand moves: the shares follow
    demands(100, 300, 600);
    assertTrue(
        await(() -> shares.proportional(100, 300, 600, 0.03), 8),
        () ->
            "after the shift " + shares.share(0) + ", " + shares.share(1) + ", " + shares.share(2));
    // 20% of the datagrams lost, both ways: the sum stays within 5% of L and nobody starves
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 3; i++) {
      fleet.agent(i).filter((p, out) -> rnd.split().nextDouble() >= 0.2);
    }
    demands(300, 300, 600);
    double maxSum = 0;
    double minShare = Double.MAX_VALUE;
    long end = System.nanoTime() + 4_000_000_000L;
    while (System.nanoTime() < end) {
      maxSum = Math.max(maxSum, shares.sum());
      minShare =
          Math.min(minShare, Math.min(shares.share(0), Math.min(shares.share(1), shares.share(2))));
      Thread.sleep(20);
    }
    assertTrue(maxSum <= 1.05 * L, "sum of shares under 20% loss reached " + maxSum);
    assertTrue(minShare > 0.1 * L, "a PoP starved under loss: " + minShare);
    assertTrue(await(() -> shares.proportional(300, 300, 600, 0.05), 5), "converged under loss");
    for (int i = 0; i < 3; i++) {
      assertEquals(Mode.NORMAL, fleet.agent(i).status().mode());
    }
  }

  @Test
  void aPartitionedPopLeasesThenFallsToOneNthAndTheSumStaysBounded() throws Exception {
    start();
    demands(600, 300, 300);
    assertTrue(await(() -> shares.proportional(600, 300, 300, 0.03), 10), "converged first");
    double last = shares.share(0);
    // cut agent 0's gossip both ways
    fleet.agent(0).filter((p, out) -> false);
    // bound: L + max(0, last share - L/N) while the partitioned PoP leases, L after (+3% noise)
    double bound = L + Math.max(0, last - L / 3) + 0.03 * L;
    double maxSum = 0;
    double minShare = Double.MAX_VALUE;
    boolean sawLease = false;
    boolean sawSafe = false;
    long end = System.nanoTime() + 3_500_000_000L;
    while (System.nanoTime() < end) {
      maxSum = Math.max(maxSum, shares.sum());
      minShare =
          Math.min(minShare, Math.min(shares.share(0), Math.min(shares.share(1), shares.share(2))));
      Mode m = fleet.agent(0).status().mode();
      sawLease |= m == Mode.LEASE;
      sawSafe |= m == Mode.SAFE;
      Thread.sleep(20);
    }
    assertTrue(sawLease && sawSafe, "lease then safe: " + sawLease + ", " + sawSafe);
    assertEquals(L / 3, shares.share(0), 1e-9, "safe share is L/N");
    // the other two keep L/N for the silent one and split the rest by demand
    assertEquals(L * 2 / 3, shares.share(1) + shares.share(2), 0.03 * L);
    assertTrue(maxSum <= bound, "sum " + maxSum + " over the bound " + bound);
    assertTrue(minShare > 0.1 * L, "a PoP starved: " + minShare);
    fleet.agent(0).filter(null);
    assertTrue(
        await(() -> shares.proportional(600, 300, 300, 0.03), 8), "re-converged after healing");
  }

  @Test
  void aCrashedPopsShareIsInheritedAndItRejoinsAfterRestart() throws Exception {
    start();
    demands(300, 300, 600);
    assertTrue(await(() -> shares.proportional(300, 300, 600, 0.03), 10), "converged first");
    fleet.crash(2);
    // SWIM suspects it, then removes it; the two survivors hold a majority and inherit its share
    assertTrue(
        await(() -> Math.abs(shares.share(0) + shares.share(1) - L) <= 0.03 * L, 15),
        () -> "survivors " + shares.share(0) + ", " + shares.share(1));
    assertEquals(shares.share(0), shares.share(1), 0.03 * L);
    fleet.start(2);
    double maxSum = 0;
    long end = System.nanoTime() + 1_500_000_000L;
    while (System.nanoTime() < end) {
      maxSum = Math.max(maxSum, shares.sum());
      Thread.sleep(20);
    }
    // bound while rejoining: L + L/N (the newcomer starts at L/N before its first exchange)
    assertTrue(maxSum <= L + L / 3 + 0.03 * L, "sum while rejoining " + maxSum);
    assertTrue(
        await(() -> shares.proportional(300, 300, 600, 0.03), 10), "re-converged after restart");
  }

  @Test
  void forgedMalformedAndReplayedDatagramsChangeNothingAndAreCounted() throws Exception {
    start();
    demands(300, 300, 600);
    assertTrue(await(() -> shares.proportional(300, 300, 600, 0.03), 10), "converged first");
    InetSocketAddress target = fleet.agent(0).address();
    int key = new CustomerLimit(C, L).key();
    GossipPacket huge =
        new GossipPacket(
            1,
            0,
            Long.MAX_VALUE - 1,
            1,
            List.of(new CustomerEntry(key, new GossipUpdate(1L << 30, 1e9, 0))));
    byte[] forged = new PacketCodec(KeyRing.ofText("not-the-fleet-key-0123456789")).encode(huge);
    byte[] genuine = new PacketCodec(KEYS).encode(huge);
    byte[] junk = new byte[40];
    new SplittableRandom(3).nextBytes(junk);
    try (DatagramSocket s = new DatagramSocket()) {
      for (byte[] b : List.of(forged, junk, forged)) {
        s.send(new DatagramPacket(b, b.length, target));
      }
    }
    assertTrue(
        await(
            () ->
                fleet.agent(0).status().counters().rejected(RejectReason.BAD_MAC) == 2
                    && fleet.agent(0).status().counters().rejected(RejectReason.MALFORMED) == 1,
            3),
        () -> "counters " + fleet.agent(0).status().counters());
    assertTrue(shares.proportional(300, 300, 600, 0.03), "forged datagrams moved the shares");
    // a genuine datagram once, then the same bytes again: the copy is refused as a replay
    try (DatagramSocket s = new DatagramSocket()) {
      s.send(new DatagramPacket(genuine, genuine.length, target));
      s.send(new DatagramPacket(genuine, genuine.length, target));
      s.send(new DatagramPacket(genuine, genuine.length, target));
    }
    assertTrue(
        await(() -> fleet.agent(0).status().counters().rejected(RejectReason.REPLAY) >= 2, 3),
        () -> "counters " + fleet.agent(0).status().counters());
  }
}
