package dev.alm.cluster;

import static dev.alm.cluster.Cluster.L1;
import static dev.alm.cluster.Cluster.ZONE;

import dev.alm.controller.model.Topology;
import dev.alm.drl.central.RedisLimiter;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.loadgen.PopUsers;
import dev.alm.loadgen.Users;
import dev.alm.node.HostPort;
import dev.alm.pop.PopDaemon;
import dev.alm.proxy.ContentConfig;
import dev.alm.proxy.ProxyConfig;
import dev.alm.proxy.ProxyServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a cluster run starts: the datacenter, the PoPs, and the users' threads (not yet running).
 */
final class ClusterStart {

  private ClusterStart() {}

  /** The datacenter L2: a proxy in generated-content mode with no practical capacity limit. */
  static ProxyServer datacenter(ClusterConfig c) throws IOException, InterruptedException {
    return ProxyServer.start(
        ProxyConfig.builder()
            .pop("dc")
            .zone(ZONE)
            .listen(new HostPort("127.0.2.1", 0))
            .capacity(1e7)
            .ioThreads(1)
            .content(ContentConfig.generate(c.bodyBytes()))
            .build());
  }

  /** Starts every PoP's daemon, in topology order, into {@code pops}. */
  static void pops(
      ClusterConfig c,
      KeyRing keys,
      ClusterCustomers customers,
      RedisLimiter central,
      Consumer<String> log,
      List<PopDaemon> pops)
      throws IOException, InterruptedException {
    int n = c.topology().size();
    for (int i = 0; i < n; i++) {
      pops.add(
          PopDaemon.start(
              ClusterPopConfig.of(c, i, null, null, keys, customers),
              false,
              Clocks.SYSTEM,
              log,
              central == null ? null : central::tryAcquire));
    }
  }

  /**
   * Makes the users of every PoP (not started) with their threads; returns the demand they target,
   * requests/s.
   */
  static double users(
      ClusterConfig c,
      List<PopDaemon> pops,
      List<InetSocketAddress> proxies,
      ProxyServer datacenter,
      long start,
      long end,
      List<Users> users,
      List<Thread> threads)
      throws IOException {
    Topology t = c.topology();
    int n = t.size();
    double target = 0;
    for (int i = 0; i < n; i++) {
      String id = t.node(i).id();
      double base = t.node(i).demand() * c.loadUnit();
      target += base;
      Users u =
          PopUsers.create(
              ZONE,
              i,
              t.correlation().row(i),
              pops.get(i).dnsAddress(),
              proxies,
              datacenter.address(),
              InetAddress.getByName(L1),
              s -> base * (c.flash() == null ? 1 : c.flash().factor(id, s)),
              c.beaconRate(),
              c.resolvers(),
              c.bodyBytes(),
              start,
              end,
              c.seed() * 1_000_003L + i);
      u.keepAlive(c.connections().keepAlive());
      users.add(u);
      Thread th = new Thread(u, "alm-users-" + id);
      th.setDaemon(true);
      threads.add(th);
    }
    return target;
  }

  /** Makes each customer's users at every PoP (not started) with their threads. */
  static void customerUsers(
      ClusterConfig c,
      List<InetSocketAddress> proxies,
      List<CustomerWindows> customerWindows,
      long start,
      long end,
      List<Thread> threads) {
    Topology t = c.topology();
    int n = t.size();
    List<String> ids = t.ids();
    for (int k = 0; k < c.customers().size(); k++) {
      CustomerLoad load = c.customers().get(k);
      for (int i = 0; i < n; i++) {
        Thread th =
            new Thread(
                new CustomerUsers(
                    load,
                    ids,
                    i,
                    proxies.get(i),
                    customerWindows.get(k),
                    start,
                    end,
                    c.seed() * 7_919L + 31L * k + 1_000_003L * i),
                "alm-customer-" + load.name() + "-" + ids.get(i));
        th.setDaemon(true);
        threads.add(th);
      }
    }
  }
}
