package dev.alm.cluster;

import dev.alm.drl.agent.DrlConfig;
import dev.alm.drl.central.CentralLimit;
import dev.alm.drl.central.FailurePolicy;
import dev.alm.drl.central.RedisLimiterConfig;
import dev.alm.node.HostPort;
import dev.alm.proxy.limit.CustomerSpec;
import dev.alm.proxy.limit.CustomersConfig;
import dev.alm.proxy.limit.LimitMode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rate-limiting side of a cluster run: the customers every PoP's proxy enforces and, in mode
 * {@code drl}, each PoP's DRL agent (a gossip socket, a SWIM member on a port chosen before the run
 * so that every PoP can name the others as seeds, and the run's fresh gossip key).
 */
final class ClusterCustomers {

  /** The burst of every customer's local bucket, seconds of its local rate. */
  static final double BURST_SECONDS = CustomerSpec.DEFAULT_BURST_SECONDS;

  private final List<CustomerSpec> specs;
  private final Path keyFile;
  private final int[] swimPorts;

  private ClusterCustomers(List<CustomerSpec> specs, Path keyFile, int[] swimPorts) {
    this.specs = List.copyOf(specs);
    this.keyFile = keyFile;
    this.swimPorts = swimPorts;
  }

  /**
   * Prepares the customers of {@code c}: in mode drl, picks each PoP's SWIM port and writes a fresh
   * gossip key to {@code keyDir}.
   */
  static ClusterCustomers prepare(ClusterConfig c, Path keyDir) throws IOException {
    List<CustomerSpec> specs = new ArrayList<>();
    for (CustomerLoad l : c.customers()) {
      specs.add(
          new CustomerSpec(
              l.name(), List.of(l.host()), l.limit(), 0, BURST_SECONDS, 0, c.customerMode()));
    }
    return prepare(specs, c.topology().size(), keyDir);
  }

  /**
   * Prepares customers given as the proxies' specs for a fleet of {@code n}: when any is in mode
   * drl, picks each PoP's SWIM port and writes a fresh gossip key to {@code keyDir}.
   */
  static ClusterCustomers prepare(List<CustomerSpec> specs, int n, Path keyDir) throws IOException {
    int[] ports = new int[n];
    Path key = null;
    if (specs.stream().anyMatch(s -> s.mode() == LimitMode.DRL)) {
      for (int i = 0; i < n; i++) {
        try (ServerSocket s =
            new ServerSocket(0, 1, InetAddress.getByName(Cluster.popAddress(i)))) {
          ports[i] = s.getLocalPort();
        }
      }
      Cluster.freshKey(keyDir, Cluster.GOSSIP_KEY_FILE, "alm cluster gossip key");
      key = keyDir.resolve(Cluster.GOSSIP_KEY_FILE);
    }
    return new ClusterCustomers(specs, key, ports);
  }

  /** The proxies' customers. */
  CustomersConfig proxyCustomers(int n) {
    return CustomersConfig.NONE.withCustomers(specs).withLimiters(n);
  }

  /** The central store's customers: one bucket each at its global limit, one second of burst. */
  RedisLimiterConfig centralConfig(String uri) {
    // The demo shows the reference designs' failure: the limiter fails open after its 50 ms timeout
    // (alm cluster --stop-central), whatever the proxies' own centralFailOpen says.
    return centralConfig(uri, FailurePolicy.FAIL_OPEN);
  }

  /**
   * The central store's customers as {@link #centralConfig(String)}, the store answering {@code
   * policy} when Redis fails or is late. The bucket holds {@code limit * burstSeconds} units (a
   * bytes customer's chunks are at most that: {@code CentralPacedBody}).
   */
  RedisLimiterConfig centralConfig(String uri, FailurePolicy policy) {
    List<CentralLimit> limits = new ArrayList<>();
    for (CustomerSpec l : specs) {
      if (l.mode() == LimitMode.CENTRAL) {
        limits.add(new CentralLimit(l.name(), l.limit(), l.limit() * l.burstSeconds()));
      }
    }
    return RedisLimiterConfig.builder(uri).policy(policy).customers(limits).build();
  }

  /** PoP i's DRL agent, or null when the mode is not drl. */
  DrlConfig drl(int i) {
    if (keyFile == null) {
      return null;
    }
    String address = Cluster.popAddress(i);
    List<String> seeds = new ArrayList<>();
    for (int j = 0; j < swimPorts.length; j++) {
      if (j != i) {
        seeds.add(Cluster.popAddress(j) + ":" + swimPorts[j]);
      }
    }
    return DrlConfig.builder()
        .listen(new HostPort(address, 0))
        .swim(new HostPort(address, swimPorts[i]))
        .seeds(seeds)
        .keyFile(keyFile)
        .build();
  }
}
