package dev.alm.lab;

import static dev.alm.lab.LabProcess.ZONE;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Node;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.fastcontrol.BetaEstimatorConfig;
import dev.alm.fastcontrol.ProbeAuthConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.io.KeyRing;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.node.HostPort;
import dev.alm.pop.PopConfig;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.ProxyConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.xbill.DNS.Name;

/**
 * A lab PoP's configuration (docs/lab/network.md): its DNS server on the DNS anycast address, its
 * proxy on L1, its control loop, and the topology it is given, from the run's settings and ground
 * truth.
 */
final class LabPopConfig {

  private LabPopConfig() {}

  /** PoP i's configuration: phase 1 (identity C, no logs) or the run (the true C and A, logs). */
  static PopConfig of(
      LabSettings s, Path out, LabTopology t, int i, LabTruth truth, KeyRing keys, boolean logs)
      throws IOException {
    return of(s, out, t, i, truth, keys, logs, 0);
  }

  /**
   * As above; a restarted PoP ({@code generation} &gt; 0) writes new log files ({@code
   * ID.GEN.dns.log}), so that the logs of the run so far are kept.
   */
  static PopConfig of(
      LabSettings s,
      Path out,
      LabTopology t,
      int i,
      LabTruth truth,
      KeyRing keys,
      boolean logs,
      int generation)
      throws IOException {
    String gen = generation == 0 ? "" : "." + generation;
    String id = t.pops().get(i).id();
    return PopConfig.builder(
            topology(s, t, truth),
            i,
            dns(s, out, id, gen, logs),
            proxy(s, out, t, i, keys, gen, logs),
            loop(s, truth, i),
            new ProbePlanConfig(s.gamma(), s.planFloor()))
        .state(logs ? out.resolve("state").resolve(id + ".json") : null)
        .build();
  }

  /**
   * The topology the PoPs are given: the true C (the unit matrix while it is not measured, or when
   * it is withheld) and A, the PoPs' T and costs.
   */
  private static Topology topology(LabSettings s, LabTopology t, LabTruth truth) {
    int n = t.pops().size();
    double[][] c = new double[n][n];
    double[] a = new double[n];
    for (int k = 0; k < n; k++) {
      c[k][k] = 1;
    }
    if (truth != null) {
      // with C withheld the PoPs keep the unit matrix and learn C's effects in-band
      c = s.withholdC() ? c : truth.c();
      a = truth.demand();
    }
    List<Node> nodes = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      LabTopology.Pop p = t.pops().get(k);
      nodes.add(new Node(p.id(), p.capacity(), a[k], p.eta(), p.gamma(), p.d()));
    }
    return new Topology(nodes, CorrelationMatrix.of(t.popIds(), c));
  }

  /** The PoP's DNS server on the DNS anycast address, its query log in {@code out/logs}. */
  private static DnsConfig dns(LabSettings s, Path out, String id, String gen, boolean logs)
      throws IOException {
    Name zone = Name.fromConstantString(ZONE + ".");
    return DnsConfig.builder(zone)
        .pop(id)
        .name(Name.fromConstantString("www." + ZONE + "."))
        .l1(InetAddress.getByName(LabPlan.L1))
        .l2(InetAddress.getByName(LabPlan.L2))
        .x(s.startX())
        .cdnTtl(s.ttl())
        .probeTtl(s.ttl())
        .listen(new InetSocketAddress(LabPlan.DNS_ANYCAST, 53))
        .rrl(RrlConfig.OFF)
        .queryLog(logs ? out.resolve("logs").resolve(id + gen + ".dns.log") : null)
        .build();
  }

  /**
   * The PoP's proxy on L1, its access log in {@code out/logs}; the per-client probe allowance lets
   * through all the beacons of every eyeball network (4 times, at least 100/s).
   */
  private static ProxyConfig proxy(
      LabSettings s, Path out, LabTopology t, int i, KeyRing keys, String gen, boolean logs) {
    String id = t.pops().get(i).id();
    double unit = s.loadUnit();
    double beacons = 0;
    for (LabTopology.Eyeball e : t.eyeballs()) {
      beacons += e.demand() * (s.fcBeaconsPerUnit() + s.correlationBeacons());
    }
    double perClient = Math.max(100, 4 * beacons);
    return ProxyConfig.builder()
        .pop(id)
        .zone(ZONE)
        .listen(new HostPort(LabPlan.L1, 80))
        .capacity(t.pops().get(i).capacity() * unit)
        .controlInterval(Duration.ofMillis(s.intervalMillis()))
        .ioThreads(1)
        .content(ContentConfig.generate(s.bodyBytes()))
        .accessLog(logs ? out.resolve("logs").resolve(id + gen + ".access.log") : null)
        .probeAuth(
            ProbeAuthConfig.of(keys)
                .withClientLimit(perClient, perClient)
                .withEchoPrefixLimit(perClient, perClient))
        .build();
  }

  /** The PoP's control loop, with the requests per query measured with the truth. */
  private static LoopConfig loop(LabSettings s, LabTruth truth, int i) {
    double unit = s.loadUnit();
    return LoopConfig.builder(Algorithm.parse(s.algorithm()))
        .interval(Duration.ofMillis(s.intervalMillis()))
        .loadUnit(unit)
        .requestsPerQuery(
            truth == null || !(truth.requestsPerQuery()[i] >= 1) ? 1 : truth.requestsPerQuery()[i])
        .startX(s.startX())
        .greedyGain(s.greedyGain())
        .step(new StepSize.Scaled(s.theta(), false, s.loopCurvature()))
        .beta(
            new BetaEstimatorConfig(s.gamma(), s.betaWeight(), LoopConfig.DEFAULT_BETA.lossRate()))
        .settling(Settling.DEFAULT)
        .betaSource(betaSource(s))
        .overloadBoost(
            s.overloadBoost() >= 1 ? s.overloadBoost() : LoopConfig.DEFAULT_OVERLOAD_BOOST)
        .guardLoad(s.loopGuardLoad())
        .build();
  }

  /**
   * The PoPs' beta source: price echoes unless the settings ask for probe counts (every lab PoP
   * holds the run's probe key, so {@code auto} means echoes).
   */
  static BetaSource betaSource(LabSettings s) {
    return s.betaSource() != null && BetaSource.parse(s.betaSource()) == BetaSource.PROBES
        ? BetaSource.PROBES
        : BetaSource.ECHO;
  }
}
