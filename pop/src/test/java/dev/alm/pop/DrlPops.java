package dev.alm.pop;

import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.model.Topology;
import dev.alm.dns.DnsConfig;
import dev.alm.dns.RrlConfig;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.DrlConfig;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.node.HostPort;
import dev.alm.proxy.ProxyConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.xbill.DNS.Name;

/**
 * The configs of a few {@code alm pop} daemons on loopback whose DRL agents share limits: a
 * synthetic topology of n PoPs, one gossip key file, SWIM seeded by PoP 0, a 50 ms estimate
 * interval, table gossip, the dual loop.
 */
final class DrlPops {

  private DrlPops() {}

  /**
   * A free TCP port on loopback for SWIM, which binds it later: drawn below the kernel's ephemeral
   * range (32768 and up), so that no connection made meanwhile can take it.
   */
  static int freePort() throws Exception {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = r.nextInt(20_000, 32_000);
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      } catch (IOException taken) {
        // another test's port: draw again
      }
    }
    throw new IllegalStateException("no free port in 20000-32000 on loopback");
  }

  /**
   * The n PoPs' configs, their gossip key written in {@code dir}.
   *
   * @param customers the drl section's customers; empty to share the proxy's customers in mode drl
   * @param admin where each PoP's admin server listens, or null for none
   */
  static List<PopConfig> configs(int n, Path dir, List<CustomerLimit> customers, HostPort admin)
      throws Exception {
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Topology t = BuiltinTopologies.resolve("builtin:synthetic?n=" + n);
    int[] swim = new int[n];
    for (int i = 0; i < n; i++) {
      swim[i] = freePort();
    }
    List<PopConfig> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      DrlConfig drl =
          new DrlConfig(
              -1,
              0,
              new HostPort("127.0.0.1", 0),
              new HostPort("127.0.0.1", swim[i]),
              i == 0 ? List.of() : List.of("127.0.0.1:" + swim[0]),
              key,
              0.05,
              3,
              2,
              0.5,
              200,
              AgentSettings.GossipMode.TABLE,
              customers);
      out.add(config(t, i, drl, admin));
    }
    return out;
  }

  /**
   * One PoP with every part on {@code host}: DNS, proxy and admin on any port, the agent's gossip
   * socket and its SWIM member (no seeds), its gossip key written in {@code dir}.
   */
  static PopConfig alone(String host, Path dir) throws Exception {
    Path key = dir.resolve("gossip.key");
    Files.writeString(key, "pop-gossip-key-0123456789abcdef\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Topology t = BuiltinTopologies.resolve("builtin:synthetic?n=2");
    DrlConfig drl =
        new DrlConfig(
            -1,
            0,
            new HostPort(host, 0),
            new HostPort(host, freePort()),
            List.of(),
            key,
            0.05,
            3,
            2,
            0.5,
            200,
            AgentSettings.GossipMode.TABLE,
            List.of());
    return config(t, 0, drl, new HostPort(host, 0), host);
  }

  /**
   * PoP {@code i} of {@code t} with the agent's section {@code drl}, DNS and proxy on 127.0.0.1.
   */
  static PopConfig config(Topology t, int i, DrlConfig drl, HostPort admin) throws Exception {
    return config(t, i, drl, admin, "127.0.0.1");
  }

  /** PoP {@code i} of {@code t} with the agent's section {@code drl}, DNS and proxy on host. */
  static PopConfig config(Topology t, int i, DrlConfig drl, HostPort admin, String host)
      throws Exception {
    String id = t.ids().get(i);
    DnsConfig dns =
        DnsConfig.builder(Name.fromConstantString("cdn.example."))
            .pop(id)
            .l1(InetAddress.getByName("192.0.2.1"))
            .l2(InetAddress.getByName("198.51.100.1"))
            .listen(new InetSocketAddress(host, 0))
            .rrl(RrlConfig.OFF)
            .build();
    ProxyConfig proxy =
        ProxyConfig.builder()
            .pop(id)
            .zone("cdn.example")
            .listen(new HostPort(host, 0))
            .ioThreads(1)
            .build();
    return PopConfig.builder(
            t,
            i,
            dns,
            proxy,
            LoopConfig.defaults(Algorithm.DUAL),
            ProbePlanConfig.ofGamma(LoopConfig.DEFAULT_PROBE_GAMMA))
        .admin(admin)
        .drl(drl)
        .build();
  }
}
