package dev.alm.drl.agent;

import java.util.Map;

/**
 * Cumulative counters of one agent since it started.
 *
 * @param accepted datagrams accepted
 * @param rejected datagrams refused, by reason (every reason present, 0 when none)
 * @param unknownCustomerEntries entries of accepted datagrams for customers not configured here
 * @param sentDatagrams datagrams sent
 * @param sentBytes UDP payload bytes sent (add {@link PacketCodec#IP_UDP_OVERHEAD} per datagram for
 *     the bytes on the wire)
 * @param sentEntries customer entries sent (one customer's message to one peer each)
 */
public record AgentCounters(
    long accepted,
    Map<RejectReason, Long> rejected,
    long unknownCustomerEntries,
    long sentDatagrams,
    long sentBytes,
    long sentEntries) {

  public AgentCounters {
    rejected = Map.copyOf(rejected);
  }

  /** Bytes sent including IPv4 and UDP headers. */
  public long wireBytes() {
    return sentBytes + sentDatagrams * PacketCodec.IP_UDP_OVERHEAD;
  }

  /** Datagrams refused for {@code reason}. */
  public long rejected(RejectReason reason) {
    return rejected.getOrDefault(reason, 0L);
  }
}
