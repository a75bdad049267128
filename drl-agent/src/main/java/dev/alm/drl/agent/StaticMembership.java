package dev.alm.drl.agent;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * A fixed fleet: peer i's gossip address is {@code addresses.get(i)} and every peer is always up.
 * No failure detection; for benchmarks of the gossip alone and for single-process tests.
 */
public final class StaticMembership implements Membership {

  private final List<InetSocketAddress> addresses;

  public StaticMembership(List<InetSocketAddress> addresses) {
    this.addresses = List.copyOf(addresses);
  }

  @Override
  public void start(int id, InetSocketAddress gossipAddress, Listener listener) {
    for (int i = 0; i < addresses.size(); i++) {
      if (i != id) {
        listener.changed(i, addresses.get(i), true);
      }
    }
  }

  @Override
  public String describe() {
    return "static (" + addresses.size() + " agents)";
  }

  @Override
  public void close() {}
}
