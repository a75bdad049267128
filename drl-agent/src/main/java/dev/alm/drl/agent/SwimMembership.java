package dev.alm.drl.agent;

import io.scalecube.cluster.Cluster;
import io.scalecube.cluster.ClusterImpl;
import io.scalecube.cluster.ClusterMessageHandler;
import io.scalecube.cluster.Member;
import io.scalecube.cluster.membership.MembershipEvent;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Membership and failure detection by SWIM (Das, Gupta and Motivala, DSN 2002) through ScaleCube
 * cluster: the agent joins through the seed list, pings with indirect probes, and ScaleCube reports
 * members added and removed. This class only translates those events into {@link
 * Membership.Listener} calls.
 */
public final class SwimMembership implements Membership {

  private final String bind;
  private final int port;
  private final List<String> seeds;
  private final int pingIntervalMs;
  private final int suspicionMult;
  private final SignedSwimCodec codec;
  private final SwimListenerLimits limits;
  private final SwimListenerStats stats = new SwimListenerStats();
  private volatile SwimTransportFactory transports;
  private volatile Cluster cluster;

  /**
   * @param bind the address the cluster's TCP transport listens on, sends from and announces
   * @param port its port (0: any)
   * @param seeds the seed members, host:port of other PoPs' cluster transports
   * @param pingIntervalMs SWIM's protocol period
   * @param suspicionMult ScaleCube's suspicion multiplier (suspicion lasts about this times log2(N)
   *     ping intervals)
   * @param codec signs and checks every message of the cluster's transport
   * @param limits the listener's caps and deadlines
   */
  public SwimMembership(
      String bind,
      int port,
      List<String> seeds,
      int pingIntervalMs,
      int suspicionMult,
      SignedSwimCodec codec,
      SwimListenerLimits limits) {
    if (pingIntervalMs < 10 || suspicionMult < 1) {
      throw new IllegalArgumentException("ping interval >= 10 ms, suspicion multiplier >= 1");
    }
    this.bind = bind;
    this.port = port;
    this.seeds = List.copyOf(seeds);
    this.pingIntervalMs = pingIntervalMs;
    this.suspicionMult = suspicionMult;
    this.codec = Objects.requireNonNull(codec, "codec");
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  /** Defaults for PoPs on a LAN or loopback: 200 ms pings, suspicion multiplier 3. */
  public static SwimMembership of(
      String bind, int port, List<String> seeds, SignedSwimCodec codec) {
    return new SwimMembership(bind, port, seeds, 200, 3, codec, SwimListenerLimits.DEFAULTS);
  }

  @Override
  public void start(int id, InetSocketAddress gossipAddress, Listener listener) {
    String alias = MemberAlias.of(id, gossipAddress);
    ClusterMessageHandler handler =
        new ClusterMessageHandler() {
          @Override
          public void onMembershipEvent(MembershipEvent event) {
            report(event.member(), !(event.isRemoved() || event.isLeaving()), listener);
          }
        };
    SwimTransportFactory factory = new SwimTransportFactory(bind, limits, codec, stats);
    transports = factory;
    Cluster started =
        new ClusterImpl()
            .config(c -> c.memberAlias(alias).externalHost(bind))
            .transport(
                t ->
                    t.port(port)
                        .messageCodec(codec)
                        .maxFrameLength(SignedSwimCodec.MAX_FRAME_BYTES))
            .membership(
                m ->
                    m.seedMembers(seeds)
                        .syncInterval(Math.max(1000, 10 * pingIntervalMs))
                        .suspicionMult(suspicionMult))
            .failureDetector(
                f -> f.pingInterval(pingIntervalMs).pingTimeout(Math.max(50, pingIntervalMs / 2)))
            .transportFactory(() -> factory)
            .handler(c -> handler)
            .startAwait();
    cluster = started;
    for (Member m : started.otherMembers()) {
      report(m, true, listener);
    }
  }

  /** The cluster transport's address (host:port), once started. */
  public String address() {
    Cluster c = cluster;
    return c == null ? "" : c.address();
  }

  /** What the listener refused, by reason. */
  public SwimListenerStats stats() {
    return stats;
  }

  /** Connections open at the listener now (0 before start). */
  public int openConnections() {
    SwimTransportFactory f = transports;
    SwimReceiver r = f == null ? null : f.receiver();
    return r == null ? 0 : r.open();
  }

  /** Connections refused at the listener's caps since start: per address or in all. */
  public long refusedAtCap(boolean perAddress) {
    SwimTransportFactory f = transports;
    SwimReceiver r = f == null ? null : f.receiver();
    return r == null ? 0 : r.refusedAtCap(perAddress);
  }

  private static void report(Member m, boolean up, Listener listener) {
    MemberAlias.parse(m.alias())
        .ifPresent(
            p ->
                listener.changed(
                    p.id(),
                    new InetSocketAddress(p.address().getHostString(), p.address().getPort()),
                    up));
  }

  @Override
  public String describe() {
    return "swim " + address();
  }

  @Override
  public void crash() {
    if (cluster instanceof ClusterImpl c) {
      try {
        c.transport().stop().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        // stopped or not, the member no longer answers
      }
    }
  }

  @Override
  public void close() {
    Cluster c = cluster;
    cluster = null;
    if (c != null) {
      c.shutdown();
      try {
        c.onShutdown().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        // a member that does not finish leaving in 5 s is dropped: the process is going away
      }
    }
  }
}
