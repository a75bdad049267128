package dev.alm.drl.agent;

import dev.alm.ratelimit.alloc.PeerMessage;

/**
 * One customer's allocator message inside a datagram: the {@code PeerMessage} an {@code Allocator}
 * addressed to the datagram's receiver (a gossip update, paper 001 section 3.1; a consensus
 * message, paper 000 section IV), tagged with the customer.
 *
 * @param customerKey the customer's {@link CustomerLimit#key()}
 * @param message the allocator's message, of a kind {@link MessageWire} encodes
 */
public record CustomerEntry(int customerKey, PeerMessage message) {
  public CustomerEntry {
    if (message == null) {
      throw new IllegalArgumentException("an entry needs a message");
    }
  }
}
