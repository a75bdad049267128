package dev.alm.dns;

import dev.alm.node.ConnectionCapped;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.xbill.DNS.Name;
import org.xbill.DNS.NameTooLongException;

/**
 * The immutable configuration of one PoP's DNS server (docs/dns-node.md). Build it with {@link
 * #builder(Name)} (the defaults are the {@code DEFAULT_} constants) and change a copy with {@link
 * #toBuilder()}; {@link Builder#build()} checks the whole and names the field at fault.
 *
 * @param pop the PoP id written to the query log and probe names
 * @param zone the zone served (absolute)
 * @param names the CDN hostnames, answered L1 with probability x, else L2
 * @param l1 the anycast proxy addresses (IPv4 give A records, IPv6 AAAA)
 * @param l2 the datacenter addresses
 * @param x the initial probability of answering L1
 * @param mode how answers are drawn from x
 * @param salt the salt of the sticky hash
 * @param cdnTtl TTL of CDN answers (short: the controller's reach is one TTL)
 * @param probeTtl TTL of FastControl answers
 * @param staticTtl TTL of SOA, NS and static records that give none
 * @param negativeTtl the SOA minimum, the TTL of NXDOMAIN and NODATA (RFC 2308)
 * @param nameservers the NS names of the zone
 * @param staticRecords extra records, in master-file syntax relative to the zone
 * @param listen the address and port of UDP and TCP
 * @param tcpIdleTimeout how long a TCP connection may sit idle
 * @param maxTcpConnections the cap on open TCP connections; more are closed at once
 * @param maxTcpConnectionsPerClient the cap on open TCP connections from one client address
 * @param tcpMessageDeadline a TCP message must arrive whole within this time of its first byte
 * @param ecsScopeV4 the IPv4 prefix the sticky hash uses and the ECS scope it echoes
 * @param ecsScopeV6 the IPv6 prefix the sticky hash uses and the ECS scope it echoes
 * @param maxUdpPayload the EDNS UDP payload size this server advertises and the most it sends
 * @param rrl response-rate limiting
 * @param queryLog the query log file, or {@code null} for none
 * @param queryLogQueue how many log lines each event loop may hold for the writer before lines are
 *     dropped (and counted)
 */
public record DnsConfig(
    String pop,
    Name zone,
    List<Name> names,
    List<InetAddress> l1,
    List<InetAddress> l2,
    double x,
    AnswerMode mode,
    String salt,
    long cdnTtl,
    long probeTtl,
    long staticTtl,
    long negativeTtl,
    List<Name> nameservers,
    List<String> staticRecords,
    InetSocketAddress listen,
    Duration tcpIdleTimeout,
    int maxTcpConnections,
    int maxTcpConnectionsPerClient,
    Duration tcpMessageDeadline,
    int ecsScopeV4,
    int ecsScopeV6,
    int maxUdpPayload,
    RrlConfig rrl,
    Path queryLog,
    int queryLogQueue)
    implements ConnectionCapped<DnsConfig> {

  /** The largest TTL, seconds (RFC 2181 section 8: 2^31 - 1). */
  public static final long MAX_TTL = 2_147_483_647L;

  /** The PoP id when none is given. */
  public static final String DEFAULT_POP = "0";

  /** x before the controller sets it: every answer L1. */
  public static final double DEFAULT_X = 1.0;

  public static final AnswerMode DEFAULT_MODE = AnswerMode.BALANCED;
  public static final String DEFAULT_SALT = "alm";

  /** TTL of CDN answers, seconds. */
  public static final long DEFAULT_CDN_TTL = 20;

  /** TTL of FastControl answers, seconds. */
  public static final long DEFAULT_PROBE_TTL = 5;

  /** TTL of SOA, NS and static records that give none, seconds. */
  public static final long DEFAULT_STATIC_TTL = 3600;

  /** The SOA minimum (RFC 2308), seconds. */
  public static final long DEFAULT_NEGATIVE_TTL = 60;

  /** The port of UDP and TCP (on the loopback address) when no listen address is given. */
  public static final int DEFAULT_PORT = 5353;

  public static final Duration DEFAULT_TCP_IDLE_TIMEOUT = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_TCP_CONNECTIONS = 1024;
  public static final int DEFAULT_MAX_TCP_CONNECTIONS_PER_CLIENT = 64;
  public static final Duration DEFAULT_TCP_MESSAGE_DEADLINE = Duration.ofSeconds(5);

  /** The IPv4 prefix of the sticky hash and the ECS scope echoed. */
  public static final int DEFAULT_ECS_SCOPE_V4 = 24;

  /** The IPv6 prefix of the sticky hash and the ECS scope echoed. */
  public static final int DEFAULT_ECS_SCOPE_V6 = 56;

  /** The EDNS payload advertised: the DNS flag day 2020 value, clear of IPv6 fragmentation. */
  public static final int DEFAULT_MAX_UDP_PAYLOAD = 1232;

  public static final int DEFAULT_QUERY_LOG_QUEUE = 65536;

  public DnsConfig {
    Objects.requireNonNull(pop, "pop");
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(salt, "salt");
    Objects.requireNonNull(listen, "listen");
    Objects.requireNonNull(tcpIdleTimeout, "tcpIdleTimeout");
    Objects.requireNonNull(rrl, "rrl");
    names = List.copyOf(names);
    l1 = List.copyOf(l1);
    l2 = List.copyOf(l2);
    nameservers = List.copyOf(nameservers);
    staticRecords = List.copyOf(staticRecords);
    DnsConfigChecks.answers(pop, zone, names, l1, l2, x);
    DnsConfigChecks.ttls(cdnTtl, probeTtl, staticTtl, negativeTtl);
    DnsConfigChecks.check(!nameservers.isEmpty(), "nameservers", "must list at least one name");
    DnsConfigChecks.tcp(
        tcpIdleTimeout, maxTcpConnections, maxTcpConnectionsPerClient, tcpMessageDeadline);
    DnsConfigChecks.wire(ecsScopeV4, ecsScopeV6, maxUdpPayload, queryLogQueue);
  }

  /** A builder with the documented defaults for {@code zone}. */
  public static Builder builder(Name zone) {
    return new Builder(zone);
  }

  /** A builder holding every setting of this configuration, to change some and build a copy. */
  public Builder toBuilder() {
    Builder b =
        new Builder(zone)
            .pop(pop)
            .x(x)
            .mode(mode)
            .salt(salt)
            .cdnTtl(cdnTtl)
            .probeTtl(probeTtl)
            .staticTtl(staticTtl)
            .negativeTtl(negativeTtl)
            .listen(listen)
            .tcpIdleTimeout(tcpIdleTimeout)
            .maxTcpConnections(maxTcpConnections)
            .maxTcpConnectionsPerClient(maxTcpConnectionsPerClient)
            .tcpMessageDeadline(tcpMessageDeadline)
            .ecsScopeV4(ecsScopeV4)
            .ecsScopeV6(ecsScopeV6)
            .maxUdpPayload(maxUdpPayload)
            .rrl(rrl)
            .queryLog(queryLog)
            .queryLogQueue(queryLogQueue);
    names.forEach(b::name);
    l1.forEach(b::l1);
    l2.forEach(b::l2);
    nameservers.forEach(b::nameserver);
    staticRecords.forEach(b::staticRecord);
    return b;
  }

  /** The TCP listener's cap, {@link #maxTcpConnections()}. */
  @Override
  public int maxConnections() {
    return maxTcpConnections;
  }

  /** This configuration with at most {@code cap} open TCP connections (its descriptor share). */
  @Override
  public DnsConfig capped(int cap) {
    return toBuilder().maxTcpConnections(Math.max(1, Math.min(maxTcpConnections, cap))).build();
  }

  /** This configuration with another initial x. */
  public DnsConfig withX(double x) {
    return toBuilder().x(x).build();
  }

  /** Collects settings; defaults are those of docs/dns-node.md. */
  public static final class Builder {
    private String pop = DEFAULT_POP;
    private final Name zone;
    private final List<Name> names = new ArrayList<>();
    private final List<InetAddress> l1 = new ArrayList<>();
    private final List<InetAddress> l2 = new ArrayList<>();
    private double x = DEFAULT_X;
    private AnswerMode mode = DEFAULT_MODE;
    private String salt = DEFAULT_SALT;
    private long cdnTtl = DEFAULT_CDN_TTL;
    private long probeTtl = DEFAULT_PROBE_TTL;
    private long staticTtl = DEFAULT_STATIC_TTL;
    private long negativeTtl = DEFAULT_NEGATIVE_TTL;
    private final List<Name> nameservers = new ArrayList<>();
    private final List<String> staticRecords = new ArrayList<>();
    private InetSocketAddress listen =
        new InetSocketAddress(InetAddress.getLoopbackAddress(), DEFAULT_PORT);
    private Duration tcpIdleTimeout = DEFAULT_TCP_IDLE_TIMEOUT;
    private int maxTcpConnections = DEFAULT_MAX_TCP_CONNECTIONS;
    private int maxTcpConnectionsPerClient = DEFAULT_MAX_TCP_CONNECTIONS_PER_CLIENT;
    private Duration tcpMessageDeadline = DEFAULT_TCP_MESSAGE_DEADLINE;
    private int ecsScopeV4 = DEFAULT_ECS_SCOPE_V4;
    private int ecsScopeV6 = DEFAULT_ECS_SCOPE_V6;
    private int maxUdpPayload = DEFAULT_MAX_UDP_PAYLOAD;
    private RrlConfig rrl = RrlConfig.DEFAULTS;
    private Path queryLog;
    private int queryLogQueue = DEFAULT_QUERY_LOG_QUEUE;

    private Builder(Name zone) {
      this.zone = Objects.requireNonNull(zone, "zone");
    }

    public Builder pop(String v) {
      pop = v;
      return this;
    }

    public Builder name(Name v) {
      names.add(v);
      return this;
    }

    public Builder l1(InetAddress v) {
      l1.add(v);
      return this;
    }

    public Builder l2(InetAddress v) {
      l2.add(v);
      return this;
    }

    public Builder x(double v) {
      x = v;
      return this;
    }

    public Builder mode(AnswerMode v) {
      mode = v;
      return this;
    }

    public Builder salt(String v) {
      salt = v;
      return this;
    }

    public Builder cdnTtl(long v) {
      cdnTtl = v;
      return this;
    }

    public Builder probeTtl(long v) {
      probeTtl = v;
      return this;
    }

    public Builder staticTtl(long v) {
      staticTtl = v;
      return this;
    }

    public Builder negativeTtl(long v) {
      negativeTtl = v;
      return this;
    }

    public Builder nameserver(Name v) {
      nameservers.add(v);
      return this;
    }

    public Builder staticRecord(String v) {
      staticRecords.add(v);
      return this;
    }

    public Builder listen(InetSocketAddress v) {
      listen = v;
      return this;
    }

    public Builder tcpIdleTimeout(Duration v) {
      tcpIdleTimeout = v;
      return this;
    }

    public Builder maxTcpConnections(int v) {
      maxTcpConnections = v;
      return this;
    }

    /** Per-client cap; lowered to {@code maxTcpConnections} when that is smaller. */
    public Builder maxTcpConnectionsPerClient(int v) {
      maxTcpConnectionsPerClient = v;
      return this;
    }

    public Builder tcpMessageDeadline(Duration v) {
      tcpMessageDeadline = v;
      return this;
    }

    public Builder ecsScopeV4(int v) {
      ecsScopeV4 = v;
      return this;
    }

    public Builder ecsScopeV6(int v) {
      ecsScopeV6 = v;
      return this;
    }

    public Builder maxUdpPayload(int v) {
      maxUdpPayload = v;
      return this;
    }

    public Builder rrl(RrlConfig v) {
      rrl = v;
      return this;
    }

    public Builder queryLog(Path v) {
      queryLog = v;
      return this;
    }

    public Builder queryLogQueue(int v) {
      queryLogQueue = v;
      return this;
    }

    /**
     * Checks and freezes the settings; the CDN name defaults to {@code www.<zone>}, the NS to
     * {@code ns1.<zone>}.
     */
    public DnsConfig build() {
      List<Name> n = names.isEmpty() ? List.of(child("www")) : names;
      List<Name> ns = nameservers.isEmpty() ? List.of(child("ns1")) : nameservers;
      return new DnsConfig(
          pop,
          zone,
          n,
          l1,
          l2,
          x,
          mode,
          salt,
          cdnTtl,
          probeTtl,
          staticTtl,
          negativeTtl,
          ns,
          staticRecords,
          listen,
          tcpIdleTimeout,
          maxTcpConnections,
          Math.min(maxTcpConnectionsPerClient, maxTcpConnections),
          tcpMessageDeadline,
          ecsScopeV4,
          ecsScopeV6,
          maxUdpPayload,
          rrl,
          queryLog,
          queryLogQueue);
    }

    private Name child(String label) {
      try {
        return Name.concatenate(Name.fromConstantString(label), zone);
      } catch (NameTooLongException e) {
        throw new DnsConfigException("zone", "too long to hold " + label);
      }
    }
  }
}
