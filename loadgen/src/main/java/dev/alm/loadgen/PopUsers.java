package dev.alm.loadgen;

import dev.alm.fastcontrol.PriceEcho;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * The users of one PoP in {@code alm cluster}: {@link Users} behind the PoP's resolvers, each cache
 * asking from a loopback address of its own, and anycast drawn from the PoP's row of C.
 */
public final class PopUsers {

  private PopUsers() {}

  /**
   * The users behind PoP {@code pop}'s resolvers in {@code alm cluster}: its DNS server, and the
   * proxy anycast picks for an L1 answer, drawn from row i of C (the one simulated piece, routing).
   * A process whose rate is 0 is looked at again every 100 ms.
   *
   * @param rateAt demand in requests/s as a function of seconds since the start
   */
  public static Users create(
      String zone,
      int pop,
      double[] row,
      InetSocketAddress dnsServer,
      List<InetSocketAddress> proxyAddresses,
      InetSocketAddress datacenterAddress,
      InetAddress l1,
      DoubleUnaryOperator rateAt,
      double beaconRate,
      int resolvers,
      int bodyBytes,
      long startNanos,
      long endNanos,
      long seed)
      throws IOException {
    double[] cumulativeRow = new double[row.length];
    double s = 0;
    for (int j = 0; j < row.length; j++) {
      s += row[j];
      cumulativeRow[j] = s;
    }
    Endpoints.Opener endpoints =
        () -> {
          DnsClient dns = new DnsClient(dnsServer, 1000);
          HttpConnection[] proxies =
              proxyAddresses.stream()
                  .map(a -> new HttpConnection(a, 2000).watch(PriceEcho.HEADER))
                  .toArray(HttpConnection[]::new);
          HttpConnection datacenter = new HttpConnection(datacenterAddress, 2000);
          List<HttpConnection> all = new ArrayList<>(List.of(proxies));
          all.add(datacenter);
          return new Endpoints(
              dns, random -> proxies[anycast(cumulativeRow, random)], datacenter, all);
        };
    return new Users(
        zone,
        pop,
        endpoints,
        new ResolverCaches(resolvers, l1),
        k -> cacheAddress(pop, k),
        null,
        new UserSchedule(rateAt, beaconRate, 100_000_000L, startNanos, endNanos, seed),
        bodyBytes);
  }

  /** The proxy anycast routes a PoP's users to: j with probability C_ij. */
  private static int anycast(double[] cumulativeRow, SplittableRandom random) {
    double u = random.nextDouble() * cumulativeRow[cumulativeRow.length - 1];
    for (int j = 0; j < cumulativeRow.length; j++) {
      if (u < cumulativeRow[j]) {
        return j;
      }
    }
    return cumulativeRow.length - 1;
  }

  /**
   * The loopback address of PoP {@code pop}'s resolver cache {@code k} in {@code alm cluster}:
   * 127.(64 + pop).(k / 256).(k % 256); null beyond 191 PoPs or 65,536 caches (those share the
   * users' socket).
   */
  public static InetAddress cacheAddress(int pop, int k) {
    if (pop < 0 || pop > 190 || k < 0 || k > 0xffff) {
      return null;
    }
    try {
      return InetAddress.getByAddress(
          new byte[] {127, (byte) (64 + pop), (byte) (k >> 8), (byte) (k & 0xff)});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e); // four bytes are always an address
    }
  }
}
