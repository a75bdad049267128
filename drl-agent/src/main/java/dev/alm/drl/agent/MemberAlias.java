package dev.alm.drl.agent;

import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * How an agent names itself in the SWIM membership: {@code drl-<id>@<host>:<udp port>}, so that a
 * membership event alone tells the peer's id and gossip address. Pure.
 */
public final class MemberAlias {

  private MemberAlias() {}

  /** The alias of agent {@code id} whose gossip socket is {@code address}. */
  public static String of(int id, InetSocketAddress address) {
    return "drl-" + id + "@" + address.getHostString() + ":" + address.getPort();
  }

  /** An alias parsed back to (id, address); empty when it is not one of ours. */
  public static Optional<Parsed> parse(String alias) {
    if (alias == null || !alias.startsWith("drl-")) {
      return Optional.empty();
    }
    int at = alias.indexOf('@');
    int colon = alias.lastIndexOf(':');
    if (at < 5 || colon < at + 2) {
      return Optional.empty();
    }
    try {
      int id = Integer.parseInt(alias.substring(4, at));
      int port = Integer.parseInt(alias.substring(colon + 1));
      if (id < 0 || port < 1 || port > 65535) {
        return Optional.empty();
      }
      return Optional.of(
          new Parsed(id, InetSocketAddress.createUnresolved(alias.substring(at + 1, colon), port)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * @param id the agent's id
   * @param address its gossip address, unresolved
   */
  public record Parsed(int id, InetSocketAddress address) {}
}
