package dev.alm.lab;

import dev.alm.fastcontrol.PriceEcho;
import dev.alm.loadgen.CorrelationBeacons;
import dev.alm.loadgen.DnsClient;
import dev.alm.loadgen.Endpoints;
import dev.alm.loadgen.HttpConnection;
import dev.alm.loadgen.ResolverCaches;
import dev.alm.loadgen.UserSchedule;
import dev.alm.loadgen.Users;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The users of one eyeball network in {@code alm lab}: the one load generator ({@link Users}) with
 * the network's resolver, L1 and L2 at the lab's addresses. An L1 answer goes to the L1 address and
 * the kernel's routes (BGP) decide which proxy gets it; nothing here chooses a PoP. FastControl
 * beacons and correlation beacons ({@code b-<hex>.beacon.<zone>}) arrive as two more Poisson
 * processes, on the users' second thread; a process whose rate is 0 never arrives.
 */
final class LabUsers {

  private LabUsers() {}

  static Users create(
      String zone,
      int index,
      InetSocketAddress resolver,
      double rate,
      double fcBeacons,
      double corrBeacons,
      int caches,
      int bodyBytes,
      long startNanos,
      long endNanos,
      long seed)
      throws IOException {
    InetAddress l1Address = InetAddress.getByName(LabPlan.L1);
    Endpoints.Opener endpoints =
        () -> {
          DnsClient dns = new DnsClient(resolver, 500);
          HttpConnection l1 =
              new HttpConnection(new InetSocketAddress(l1Address, 80), 2000)
                  .watch(PriceEcho.HEADER);
          HttpConnection l2 = new HttpConnection(new InetSocketAddress(LabPlan.L2, 80), 2000);
          return new Endpoints(dns, random -> l1, l2, List.of(l1, l2));
        };
    return new Users(
        zone,
        index,
        endpoints,
        new ResolverCaches(caches, l1Address),
        null, // the caches ask the network's resolver from the users' one address
        new CorrelationBeacons(corrBeacons, l1Address),
        new UserSchedule(s -> rate, fcBeacons, Long.MAX_VALUE / 4, startNanos, endNanos, seed),
        bodyBytes);
  }
}
