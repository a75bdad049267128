package dev.alm.cluster;

import dev.alm.proxy.ProxyNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoubleUnaryOperator;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;

/**
 * The users behind one PoP's resolvers, on one thread. Requests arrive as a Poisson process at the
 * PoP's demand rate; each goes through one of the PoP's resolvers, chosen at random, which asks the
 * PoP's DNS server when its cached answer has expired (honouring the answer's TTL). An L2 answer
 * sends the request to the datacenter; an L1 answer to the proxy anycast picks, drawn from row i of
 * C: the one simulated piece, routing. FastControl beacons arrive as a second Poisson process; each
 * resolves a fresh beacon name, and a probe answer (a CNAME to {@code
 * <category>.<origin>.fc.<zone>}) is followed by the probe request, again to the proxy anycast
 * picks. A resolver whose query goes unanswered (the PoP's DNS is restarting) serves its expired
 * answer for another second, as resolvers with serve-stale (RFC 8767) do.
 */
final class Users implements Runnable {
  /**
   * How long a resolver serves an expired answer after its DNS server did not answer, before asking
   * again.
   */
  private final String zone;

  private final int pop;
  private final double[] cumulativeRow;
  private final DnsClient dns;
  private final HttpConnection[] proxies;
  private final HttpConnection datacenter;
  private final DoubleUnaryOperator rateAt;
  private final double beaconRate;
  private final long startNanos;
  private final long endNanos;
  private final SplittableRandom random;
  private final Name cdnName;
  private final ResolverCaches caches;
  private final UserStats stats = new UserStats();
  private final String path;
  private long beaconSerial;

  /**
   * @param rateAt demand in requests/s as a function of seconds since the start
   */
  Users(
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
    this.zone = zone;
    this.pop = pop;
    this.cumulativeRow = new double[row.length];
    double s = 0;
    for (int j = 0; j < row.length; j++) {
      s += row[j];
      cumulativeRow[j] = s;
    }
    this.dns = new DnsClient(dnsServer, 1000);
    this.proxies =
        proxyAddresses.stream()
            .map(a -> new HttpConnection(a, 2000).watch(ProxyNode.PRICE_ECHO))
            .toArray(HttpConnection[]::new);
    this.datacenter = new HttpConnection(datacenterAddress, 2000);
    this.rateAt = rateAt;
    this.beaconRate = beaconRate;
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    this.random = new SplittableRandom(seed);
    this.cdnName = Name.fromConstantString("www." + zone + ".");
    this.caches = new ResolverCaches(resolvers, l1);
    this.path = "/bytes/" + bodyBytes;
  }

  UserStats stats() {
    return stats;
  }

  @Override
  public void run() {
    try {
      long nextRequest = startNanos + gap(rateAt.applyAsDouble(0));
      long nextBeacon = startNanos + gap(beaconRate);
      while (!Thread.currentThread().isInterrupted()) {
        long next = Math.min(nextRequest, nextBeacon);
        if (next >= endNanos) {
          break;
        }
        long now = System.nanoTime();
        if (next > now) {
          LockSupport.parkNanos(next - now);
          continue;
        }
        stats.lagNanos = now - next;
        if (nextRequest <= nextBeacon) {
          double rate = rateAt.applyAsDouble((nextRequest - startNanos) / 1e9);
          if (rate > 0) {
            request(now);
          }
          nextRequest += gap(rate);
        } else {
          beacon();
          nextBeacon += gap(beaconRate);
        }
      }
    } finally {
      close();
    }
  }

  private long gap(double rate) {
    if (!(rate > 0)) {
      return 100_000_000L; // no demand: look at the rate again in 100 ms, without a request
    }
    return (long) (-Math.log(1 - random.nextDouble()) / rate * 1e9);
  }

  private void request(long now) {
    stats.requests.increment();
    ResolverCaches.Answer answer =
        caches.answer(
            random.nextInt(caches.size()),
            now,
            () -> query(cdnName),
            stats.staleAnswers::increment);
    if (answer == ResolverCaches.Answer.NONE) {
      stats.failed.increment();
      return;
    }
    int status;
    if (answer == ResolverCaches.Answer.L1) {
      stats.toL1.increment();
      status = proxies[anycast()].get("www." + zone, path);
    } else {
      stats.toL2.increment();
      status = datacenter.get("www." + zone, path);
    }
    count(status);
  }

  private void beacon() {
    stats.beacons.increment();
    Message m =
        query(Name.fromConstantString("u" + pop + "x" + (beaconSerial++) + ".fc." + zone + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof CNAMERecord c) {
        String host = c.getTarget().toString(true);
        stats.probes.increment();
        HttpConnection proxy = proxies[anycast()];
        proxy.get(host, "/");
        echo(proxy.watched());
        return;
      }
    }
  }

  /**
   * Carries a probe's price echo (docs/fastcontrol.md, "Price echo") back to the PoP's DNS: one
   * query for the name; the answer is empty.
   */
  private void echo(String name) {
    Name n = DnsClient.name(name);
    if (n != null) {
      query(n);
    }
  }

  private Message query(Name name) {
    stats.dnsQueries.increment();
    try {
      Message m = dns.query(name);
      if (m == null) {
        stats.dnsFailures.increment();
      }
      return m;
    } catch (IOException e) {
      stats.dnsFailures.increment();
      return null;
    }
  }

  /** The proxy anycast routes this PoP's users to: j with probability C_ij. */
  private int anycast() {
    double u = random.nextDouble() * cumulativeRow[cumulativeRow.length - 1];
    for (int j = 0; j < cumulativeRow.length; j++) {
      if (u < cumulativeRow[j]) {
        return j;
      }
    }
    return cumulativeRow.length - 1;
  }

  private void count(int status) {
    if (status == 200) {
      stats.ok.increment();
    } else if (status == 503) {
      stats.shed.increment();
    } else {
      stats.failed.increment();
    }
  }

  private void close() {
    dns.close();
    for (HttpConnection c : proxies) {
      c.close();
    }
    datacenter.close();
  }
}
