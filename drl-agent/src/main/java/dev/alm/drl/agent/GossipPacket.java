package dev.alm.drl.agent;

import java.util.List;

/**
 * One authenticated datagram between two PoPs' agents: the allocator messages of every customer
 * addressed to one receiver in one estimate interval (for the gossip algorithms, the br peers
 * drawn, paper 001 section 3.1; for GDRL and the Laplacian throttler, the graph neighbours).
 *
 * @param sender the sending agent's id, 0..N-1
 * @param receiver the id of the one agent it is for (covered by the MAC)
 * @param incarnation the sender's start time in ms since the epoch (a restart starts a newer one)
 * @param seq the sender's datagram number within the incarnation, from 1 (replay window)
 * @param entries one per customer with a message for this receiver
 */
public record GossipPacket(
    int sender, int receiver, long incarnation, long seq, List<CustomerEntry> entries) {
  public GossipPacket {
    entries = List.copyOf(entries);
  }
}
