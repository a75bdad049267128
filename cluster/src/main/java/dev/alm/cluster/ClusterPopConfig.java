package dev.alm.cluster;

import static dev.alm.cluster.Cluster.L1;
import static dev.alm.cluster.Cluster.L2;
import static dev.alm.cluster.Cluster.ZONE;
import static dev.alm.cluster.Cluster.popAddress;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.KeyRing;
import dev.alm.loop.LoopConfig;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.HttpLimits;
import dev.alm.proxy.ProxyConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.xbill.DNS.Name;

/**
 * A cluster PoP's configuration (docs/cluster.md): its DNS server, proxy and control loop on PoP
 * i's loopback address, from the cluster's settings and topology.
 */
final class ClusterPopConfig {

  /**
   * The per-address probe allowance of the cluster's proxies as a multiple of all the beacons the
   * users send per second: the users share one source address, so the cap must let them all
   * through.
   */
  static final double CLIENT_PROBE_HEADROOM = 4;

  /** The least per-address probe allowance, probes/s: the cap of users that send no beacons. */
  static final double MIN_PROBE_ALLOWANCE = 100;

  /** The per-address probe and echo allowance of every PoP, probes/s. */
  static double probeAllowance(ClusterConfig c, Topology t) {
    return Math.max(MIN_PROBE_ALLOWANCE, CLIENT_PROBE_HEADROOM * c.beaconRate() * t.size());
  }

  private ClusterPopConfig() {}

  /**
   * PoP i's configuration in the cluster, its DNS and proxy at the given addresses (null: ephemeral
   * ports), signing and verifying probes with {@code keys} (null: probe authentication off).
   */
  static PopConfig of(
      ClusterConfig c,
      int i,
      InetSocketAddress dnsAt,
      InetSocketAddress proxyAt,
      KeyRing keys,
      ClusterCustomers customers)
      throws IOException {
    Topology t = c.topology();
    String id = t.node(i).id();
    String address = popAddress(i);
    Name zone = Name.fromConstantString(ZONE + ".");
    DnsConfig dns =
        DnsConfig.builder(zone)
            .pop(id)
            .name(Name.fromConstantString("www." + ZONE + "."))
            .l1(InetAddress.getByName(L1))
            .l2(InetAddress.getByName(L2))
            .x(c.startX())
            .cdnTtl(c.cdnTtl())
            .probeTtl(c.cdnTtl())
            .listen(dnsAt != null ? dnsAt : new InetSocketAddress(address, 0))
            .rrl(RrlConfig.OFF)
            .build();
    double unit = c.loadUnit();
    double allowance = probeAllowance(c, t);
    HostPort proxyListen =
        proxyAt != null ? new HostPort(address, proxyAt.getPort()) : new HostPort(address, 0);
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop(id)
            .zone(ZONE)
            .listen(proxyListen)
            .capacity(t.node(i).capacity() * unit)
            .controlInterval(c.interval())
            .ioThreads(1)
            .content(ContentConfig.generate(c.bodyBytes()))
            .limits(
                HttpLimits.builder().maxConnectionAge(c.connections().maxConnectionAge()).build())
            // every user of the cluster connects from 127.0.0.1: one address carries all probes,
            // and one resolver prefix all echoes
            .probeAuth(
                ProbeAuthConfig.of(keys)
                    .withClientLimit(allowance, allowance)
                    .withEchoPrefixLimit(allowance, allowance))
            .customers(customers.proxyCustomers(t.size()))
            .build();
    double rate = t.node(i).demand() * unit;
    LoopConfig loop =
        LoopConfig.builder(c.algorithm())
            .interval(c.interval())
            .loadUnit(unit)
            .requestsPerQuery(c.requestsPerQuery(rate))
            .startX(c.startX())
            .greedyGain(c.greedyGain())
            .step(new StepSize.Scaled(c.theta(), false, c.priceCurvature()))
            .beta(
                new BetaEstimatorConfig(
                    c.probeGamma(), c.betaWeight(), LoopConfig.DEFAULT_BETA.lossRate()))
            .settling(c.settling())
            .betaSource(c.betaSource())
            .overloadBoost(c.overloadBoost())
            .guardLoad(c.guardLoad())
            .build();
    Path state = c.stateDir() == null ? null : c.stateDir().resolve(id + ".json");
    return PopConfig.builder(
            c.withholdC() ? t.withoutCorrelation() : t,
            i,
            dns,
            proxy,
            loop,
            ProbePlanConfig.ofGamma(c.probeGamma()))
        .state(state)
        .drl(customers.drl(i))
        .build();
  }
}
