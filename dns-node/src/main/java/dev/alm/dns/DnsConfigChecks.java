package dev.alm.dns;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.xbill.DNS.Name;

/**
 * The checks of a {@link DnsConfig}, in the order the record makes them: each throws a {@link
 * DnsConfigException} naming the field at fault and why.
 */
final class DnsConfigChecks {
  private DnsConfigChecks() {}

  /**
   * What the answers need: a PoP id, an absolute zone holding the CDN names, L1 and L2 addresses of
   * the same families, x in [0, 1].
   */
  static void answers(
      String pop,
      Name zone,
      List<Name> names,
      List<InetAddress> l1,
      List<InetAddress> l2,
      double x) {
    check(!pop.isEmpty(), "pop", "must not be empty");
    check(zone.isAbsolute(), "zone", "must be absolute");
    check(!names.isEmpty(), "names", "must list at least one CDN hostname");
    for (Name n : names) {
      check(n.subdomain(zone), "names", n + " is not in zone " + zone);
    }
    check(!l1.isEmpty(), "l1", "must list at least one address");
    check(!l2.isEmpty(), "l2", "must list at least one address");
    check(sameFamilies(l1, l2), "l2", "must cover the same address families (IPv4/IPv6) as l1");
    check(x >= 0 && x <= 1, "x", "must be in [0, 1], got " + x);
  }

  /** Every TTL in [0, {@link DnsConfig#MAX_TTL}] (RFC 2181 section 8). */
  static void ttls(long cdnTtl, long probeTtl, long staticTtl, long negativeTtl) {
    check(
        cdnTtl >= 0 && probeTtl >= 0 && staticTtl >= 0 && negativeTtl >= 0,
        "ttl",
        "TTLs must be >= 0");
    long max = DnsConfig.MAX_TTL;
    check(
        cdnTtl <= max && probeTtl <= max && staticTtl <= max && negativeTtl <= max,
        "ttl",
        "TTLs must be at most " + max + " seconds (RFC 2181 section 8)");
  }

  /** The TCP listener's idle timeout, caps and message deadline. */
  static void tcp(
      Duration tcpIdleTimeout,
      int maxTcpConnections,
      int maxTcpConnectionsPerClient,
      Duration tcpMessageDeadline) {
    check(
        !tcpIdleTimeout.isNegative() && !tcpIdleTimeout.isZero(),
        "tcp.idleTimeoutMs",
        "must be > 0");
    check(maxTcpConnections >= 1, "tcp.maxConnections", "must be >= 1");
    check(
        maxTcpConnectionsPerClient >= 1 && maxTcpConnectionsPerClient <= maxTcpConnections,
        "tcp.maxConnectionsPerClient",
        "must be in [1, tcp.maxConnections]");
    Objects.requireNonNull(tcpMessageDeadline, "tcpMessageDeadline");
    check(
        !tcpMessageDeadline.isNegative() && !tcpMessageDeadline.isZero(),
        "tcp.messageDeadlineMs",
        "must be > 0");
  }

  /** The ECS scopes, the EDNS payload and the query log's queue. */
  static void wire(int ecsScopeV4, int ecsScopeV6, int maxUdpPayload, int queryLogQueue) {
    check(ecsScopeV4 >= 0 && ecsScopeV4 <= 32, "ecsScopeV4", "must be in 0..32");
    check(ecsScopeV6 >= 0 && ecsScopeV6 <= 128, "ecsScopeV6", "must be in 0..128");
    check(maxUdpPayload >= 512 && maxUdpPayload <= 65535, "maxUdpPayload", "must be in 512..65535");
    check(queryLogQueue >= 1, "queryLogQueue", "must be >= 1");
  }

  static void check(boolean ok, String field, String reason) {
    if (!ok) {
      throw new DnsConfigException(field, reason);
    }
  }

  private static boolean sameFamilies(List<InetAddress> a, List<InetAddress> b) {
    return a.stream().anyMatch(i -> i instanceof Inet4Address)
            == b.stream().anyMatch(i -> i instanceof Inet4Address)
        && a.stream().anyMatch(i -> !(i instanceof Inet4Address))
            == b.stream().anyMatch(i -> !(i instanceof Inet4Address));
  }
}
