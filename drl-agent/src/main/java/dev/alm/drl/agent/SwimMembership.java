package dev.alm.drl.agent;

import io.scalecube.cluster.Cluster;
import io.scalecube.cluster.ClusterImpl;
import io.scalecube.cluster.ClusterMessageHandler;
import io.scalecube.cluster.Member;
import io.scalecube.cluster.membership.MembershipEvent;
import io.scalecube.transport.netty.tcp.TcpTransportFactory;
import java.net.InetSocketAddress;
import java.util.List;

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
  private volatile Cluster cluster;

  /**
   * @param bind the host the cluster's TCP transport announces
   * @param port its port (0: any)
   * @param seeds the seed members, host:port of other PoPs' cluster transports
   * @param pingIntervalMs SWIM's protocol period
   * @param suspicionMult ScaleCube's suspicion multiplier (suspicion lasts about this times log2(N)
   *     ping intervals)
   * @param codec signs and checks every message of the cluster's transport
   */
  public SwimMembership(
      String bind,
      int port,
      List<String> seeds,
      int pingIntervalMs,
      int suspicionMult,
      SignedSwimCodec codec) {
    if (pingIntervalMs < 10 || suspicionMult < 1) {
      throw new IllegalArgumentException("ping interval >= 10 ms, suspicion multiplier >= 1");
    }
    this.bind = bind;
    this.port = port;
    this.seeds = List.copyOf(seeds);
    this.pingIntervalMs = pingIntervalMs;
    this.suspicionMult = suspicionMult;
    this.codec = java.util.Objects.requireNonNull(codec, "codec");
  }

  /** Defaults for PoPs on a LAN or loopback: 200 ms pings, suspicion multiplier 3. */
  public static SwimMembership of(
      String bind, int port, List<String> seeds, SignedSwimCodec codec) {
    return new SwimMembership(bind, port, seeds, 200, 3, codec);
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
            .transportFactory(TcpTransportFactory::new)
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
        c.transport().stop().block(java.time.Duration.ofSeconds(5));
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
        c.onShutdown().block(java.time.Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        // a member that does not finish leaving in 5 s is dropped: the process is going away
      }
    }
  }
}
