package dev.alm.drl.agent;

import java.net.InetSocketAddress;

/**
 * Where an agent learns which PoPs exist and which are up: SWIM through ScaleCube ({@link
 * SwimMembership}) in a fleet, or a fixed list ({@link StaticMembership}) for benchmarks. Events
 * are only handed on: the agent queues them onto its own thread and feeds its core (the library's
 * threads never run allocation logic).
 */
public interface Membership extends AutoCloseable {

  /** Receives membership changes; called from the membership library's threads. */
  interface Listener {
    /**
     * Peer {@code id} is up with its gossip address ({@code up}), or was removed (failed or left).
     */
    void changed(int id, InetSocketAddress gossipAddress, boolean up);
  }

  /**
   * Joins, announcing this agent as {@code id} with its gossip address, and reports changes to
   * {@code listener}.
   */
  void start(int id, InetSocketAddress gossipAddress, Listener listener) throws Exception;

  /** A one-line description for logs and /status ("swim 127.0.0.1:7946", "static"). */
  String describe();

  /**
   * Stops answering the other members without telling them, as a crashed process would (for failure
   * tests); {@link #close} still releases what is left.
   */
  default void crash() {
    close();
  }

  @Override
  void close();
}
