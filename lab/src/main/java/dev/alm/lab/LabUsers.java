package dev.alm.lab;

import dev.alm.cluster.DnsClient;
import dev.alm.cluster.HttpConnection;
import dev.alm.cluster.ResolverCaches;
import dev.alm.cluster.UserCounts;
import dev.alm.proxy.ProxyNode;
import dev.alm.traces.BeaconName;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;

/**
 * The users of one eyeball network, on one thread: requests as a Poisson process at the network's
 * demand, each through one of its resolver caches, which asks the network's resolver when its
 * answer has expired (TTL honoured); an L1 answer goes to the L1 address and the kernel's routes
 * (BGP) decide which proxy gets it, an L2 answer to the datacenter. FastControl beacons (a CNAME to
 * a probe target is followed by the probe request to L1) and correlation beacons ({@code
 * b-<hex>.beacon.<zone>}, FastRoute's measurement of C: answered L1, then fetched from L1) arrive
 * as two more Poisson processes. Nothing here chooses a PoP: routing does.
 */
final class LabUsers implements Runnable {
  private final String zone;
  private final int index;
  private final DnsClient dns;
  private final HttpConnection l1;
  private final HttpConnection l2;
  private final InetAddress l1Address;
  private final double rate;
  private final double fcBeacons;
  private final double corrBeacons;
  private final long startNanos;
  private final long endNanos;
  private final SplittableRandom random;
  private final Name cdnName;
  private final ResolverCaches resolverCaches;
  private final String path;
  private long serial;
  private long requests, toL1, toL2, ok, shed, failed, dnsQueries, dnsFailures, stale, beacons;
  private long probes, beaconFetches;
  private long lagNanos;

  LabUsers(
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
    this.zone = zone;
    this.index = index;
    this.dns = new DnsClient(resolver, 500);
    this.l1Address = InetAddress.getByName(LabPlan.L1);
    this.l1 =
        new HttpConnection(new InetSocketAddress(l1Address, 80), 2000).watch(ProxyNode.PRICE_ECHO);
    this.l2 = new HttpConnection(new InetSocketAddress(LabPlan.L2, 80), 2000);
    this.rate = rate;
    this.fcBeacons = fcBeacons;
    this.corrBeacons = corrBeacons;
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    this.random = new SplittableRandom(seed);
    this.cdnName = Name.fromConstantString("www." + zone + ".");
    this.resolverCaches = new ResolverCaches(caches, l1Address);
    this.path = "/bytes/" + bodyBytes;
  }

  /** What the users did, as {@code alm cluster} reports it. */
  synchronized UserCounts counts() {
    return new UserCounts(
        requests,
        toL1,
        toL2,
        ok,
        shed,
        failed,
        dnsQueries,
        dnsFailures,
        stale,
        beacons,
        probes,
        beaconFetches,
        lagNanos / 1e9);
  }

  @Override
  public void run() {
    try {
      long nextRequest = startNanos + gap(rate);
      long nextFc = startNanos + gap(fcBeacons);
      long nextCorr = startNanos + gap(corrBeacons);
      while (!Thread.currentThread().isInterrupted()) {
        long next = Math.min(nextRequest, Math.min(nextFc, nextCorr));
        if (next >= endNanos) {
          break;
        }
        long now = System.nanoTime();
        if (next > now) {
          LockSupport.parkNanos(next - now);
          continue;
        }
        synchronized (this) {
          lagNanos = now - next;
          if (next == nextRequest) {
            request(now);
            nextRequest += gap(rate);
          } else if (next == nextFc) {
            fastControlBeacon();
            nextFc += gap(fcBeacons);
          } else {
            correlationBeacon();
            nextCorr += gap(corrBeacons);
          }
        }
      }
    } finally {
      dns.close();
      l1.close();
      l2.close();
    }
  }

  private long gap(double r) {
    if (!(r > 0)) {
      return Long.MAX_VALUE / 4;
    }
    return (long) (-Math.log(1 - random.nextDouble()) / r * 1e9);
  }

  private void request(long now) {
    requests++;
    ResolverCaches.Answer answer =
        resolverCaches.answer(
            random.nextInt(resolverCaches.size()), now, () -> query(cdnName), () -> stale++);
    if (answer == ResolverCaches.Answer.NONE) {
      failed++;
      return;
    }
    int status;
    if (answer == ResolverCaches.Answer.L1) {
      toL1++;
      status = l1.get("www." + zone, path);
    } else {
      toL2++;
      status = l2.get("www." + zone, path);
    }
    if (status == 200) {
      ok++;
    } else if (status == 503) {
      shed++;
    } else {
      failed++;
    }
  }

  private void fastControlBeacon() {
    beacons++;
    Message m =
        query(Name.fromConstantString("u" + index + "x" + (serial++) + ".fc." + zone + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof CNAMERecord c) {
        probes++;
        l1.get(c.getTarget().toString(true), "/");
        // the price echo goes back through the resolver to the DNS that handed out the probe
        Name echo = DnsClient.name(l1.watched());
        if (echo != null) {
          query(echo);
        }
        return;
      }
    }
  }

  private void correlationBeacon() {
    String host = BeaconName.host(((long) index << 40) | (serial++), zone);
    Message m = query(Name.fromConstantString(host + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof ARecord a && a.getAddress().equals(l1Address)) {
        beaconFetches++;
        l1.get(host, "/bytes/1");
        return;
      }
    }
  }

  private Message query(Name name) {
    dnsQueries++;
    try {
      Message m = dns.query(name);
      if (m == null) {
        dnsFailures++;
      }
      return m;
    } catch (IOException e) {
      dnsFailures++;
      return null;
    }
  }
}
