package dev.alm.loadgen;

import dev.alm.fastcontrol.PriceEcho;
import dev.alm.traces.BeaconName;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntFunction;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;

/**
 * The load generator: the users behind one set of resolver caches, on one thread, for {@code alm
 * cluster} (one PoP's users, {@link #forPop}) and {@code alm lab} (one eyeball network's). Requests
 * arrive as a Poisson process at the demand rate; each goes through one of the resolver caches,
 * chosen at random, which asks the DNS when its cached answer has expired (honouring the answer's
 * TTL; a query that goes unanswered makes it serve its expired answer for another second, as
 * resolvers with serve-stale, RFC 8767, do). An L2 answer sends the request to the datacenter; an
 * L1 answer to the proxy the {@link L1Route} reaches. FastControl beacons arrive as a second
 * Poisson process; each resolves a fresh beacon name, and a probe answer (a CNAME to {@code
 * <category>.<origin>.fc.<zone>}) is followed by the probe request to L1 and the probe's price echo
 * back to the DNS. Correlation beacons ({@code b-<hex>.beacon.<zone>}, FastRoute's measurement of
 * C: answered L1, then fetched from L1), when there are any, arrive as a third.
 */
public final class Users implements Runnable {

  /** The proxy an L1 request reaches. */
  public interface L1Route {
    /** The connection for the next L1 request; may draw from {@code random}. */
    HttpConnection pick(SplittableRandom random);
  }

  /**
   * Correlation beacons ({@code alm lab}).
   *
   * @param rate beacons per second
   * @param l1Address the L1 address a beacon's answer must name to be fetched
   * @param l1 the connection the beacon is fetched on
   */
  public record CorrelationBeacons(double rate, InetAddress l1Address, HttpConnection l1) {}

  /**
   * When the users run and how often.
   *
   * @param rateAt demand in requests/s as a function of seconds since the start
   * @param fastControlBeacons FastControl beacons per second
   * @param idleNanos the wait before looking again at a process whose rate is not &gt; 0
   * @param seed of the users' random draws
   */
  public record Schedule(
      DoubleUnaryOperator rateAt,
      double fastControlBeacons,
      long idleNanos,
      long startNanos,
      long endNanos,
      long seed) {}

  /** The kinds of arrivals, in the order that breaks ties between them. */
  private static final int REQUEST = 0;

  private static final int FC_BEACON = 1;
  private static final int CORRELATION_BEACON = 2;

  private final String zone;
  private final int index;
  private final DnsClient dns;
  private final ResolverCaches caches;
  private IntFunction<InetAddress> cacheAddresses;
  private final L1Route l1;
  private final HttpConnection l2;
  private final CorrelationBeacons correlation;
  private final Schedule schedule;
  private final List<HttpConnection> connections;
  private final SplittableRandom random;
  private final Name cdnName;
  private final UserStats stats = new UserStats();
  private final String path;
  private long serial;

  /**
   * @param index the users' number in their beacon names
   * @param correlation correlation beacons, or null for none
   * @param connections every connection the users hold, closed with {@code dns} at the end
   */
  public Users(
      String zone,
      int index,
      DnsClient dns,
      ResolverCaches caches,
      IntFunction<InetAddress> cacheAddresses,
      L1Route l1,
      HttpConnection l2,
      CorrelationBeacons correlation,
      Schedule schedule,
      int bodyBytes,
      List<HttpConnection> connections) {
    this.zone = zone;
    this.index = index;
    this.dns = dns;
    this.caches = caches;
    this.cacheAddresses = cacheAddresses;
    this.l1 = l1;
    this.l2 = l2;
    this.correlation = correlation;
    this.schedule = schedule;
    this.connections = List.copyOf(connections);
    this.random = new SplittableRandom(schedule.seed());
    this.cdnName = Name.fromConstantString("www." + zone + ".");
    this.path = "/bytes/" + bodyBytes;
  }

  /**
   * The users behind PoP {@code pop}'s resolvers in {@code alm cluster}: its DNS server, and the
   * proxy anycast picks for an L1 answer, drawn from row i of C (the one simulated piece, routing).
   * A process whose rate is 0 is looked at again every 100 ms.
   *
   * @param rateAt demand in requests/s as a function of seconds since the start
   */
  public static Users forPop(
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
    DnsClient dns = new DnsClient(dnsServer, 1000);
    HttpConnection[] proxies =
        proxyAddresses.stream()
            .map(a -> new HttpConnection(a, 2000).watch(PriceEcho.HEADER))
            .toArray(HttpConnection[]::new);
    HttpConnection datacenter = new HttpConnection(datacenterAddress, 2000);
    List<HttpConnection> all = new ArrayList<>(List.of(proxies));
    all.add(datacenter);
    return new Users(
        zone,
        pop,
        dns,
        new ResolverCaches(resolvers, l1),
        k -> cacheAddress(pop, k),
        random -> proxies[anycast(cumulativeRow, random)],
        datacenter,
        null,
        new Schedule(rateAt, beaconRate, 100_000_000L, startNanos, endNanos, seed),
        bodyBytes,
        all);
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

  UserStats stats() {
    return stats;
  }

  /** What the users did, as the reports show it. */
  public synchronized UserCounts counts() {
    return UserCounts.of(stats);
  }

  @Override
  public void run() {
    try {
      long start = schedule.startNanos();
      long[] next = {
        start + gap(schedule.rateAt().applyAsDouble(0)),
        start + gap(schedule.fastControlBeacons()),
        correlation == null ? Long.MAX_VALUE : start + gap(correlation.rate())
      };
      while (!Thread.currentThread().isInterrupted()) {
        int kind = earliest(next);
        if (next[kind] >= schedule.endNanos()) {
          break;
        }
        long now = System.nanoTime();
        if (next[kind] > now) {
          LockSupport.parkNanos(next[kind] - now);
          continue;
        }
        synchronized (this) {
          stats.lagNanos = now - next[kind];
          if (stats.lagNanos > stats.maxLagNanos) {
            stats.maxLagNanos = stats.lagNanos;
          }
          next[kind] += arrive(kind, next[kind], now);
        }
      }
    } finally {
      close();
    }
  }

  /** The kind due first (the lowest of those due together). */
  private static int earliest(long[] next) {
    int k = 0;
    for (int i = 1; i < next.length; i++) {
      if (next[i] < next[k]) {
        k = i;
      }
    }
    return k;
  }

  /** Handles the arrival of {@code kind} due at {@code due}; returns the gap to the next. */
  private long arrive(int kind, long due, long now) {
    switch (kind) {
      case REQUEST -> {
        double rate = schedule.rateAt().applyAsDouble((due - schedule.startNanos()) / 1e9);
        if (rate > 0) {
          request(now);
        }
        return gap(rate);
      }
      case FC_BEACON -> {
        fastControlBeacon();
        return gap(schedule.fastControlBeacons());
      }
      default -> {
        correlationBeacon();
        return gap(correlation.rate());
      }
    }
  }

  private long gap(double rate) {
    if (!(rate > 0)) {
      return schedule.idleNanos();
    }
    return (long) (-Math.log(1 - random.nextDouble()) / rate * 1e9);
  }

  private void request(long now) {
    stats.requests.increment();
    int k = random.nextInt(caches.size());
    ResolverCaches.Answer answer =
        caches.answer(k, now, () -> cacheQuery(k, cdnName), stats.staleAnswers::increment);
    if (answer == ResolverCaches.Answer.NONE) {
      stats.failed.increment();
      return;
    }
    int status;
    if (answer == ResolverCaches.Answer.L1) {
      stats.toL1.increment();
      status = l1.pick(random).get("www." + zone, path);
    } else {
      stats.toL2.increment();
      status = l2.get("www." + zone, path);
    }
    count(status);
  }

  private void fastControlBeacon() {
    stats.beacons.increment();
    Message m =
        query(Name.fromConstantString("u" + index + "x" + (serial++) + ".fc." + zone + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof CNAMERecord c) {
        String host = c.getTarget().toString(true);
        stats.probes.increment();
        HttpConnection proxy = l1.pick(random);
        proxy.get(host, "/");
        echo(proxy.watched());
        return;
      }
    }
  }

  /**
   * Carries a probe's price echo (docs/fastcontrol.md, "Price echo") back through the resolver to
   * the DNS that handed out the probe: one query for the name; the answer is empty.
   */
  private void echo(String name) {
    Name n = DnsClient.name(name);
    if (n != null) {
      query(n);
    }
  }

  private void correlationBeacon() {
    String host = BeaconName.host(((long) index << 40) | (serial++), zone);
    Message m = query(Name.fromConstantString(host + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof ARecord a && a.getAddress().equals(correlation.l1Address())) {
        stats.beaconFetches.increment();
        correlation.l1().get(host, "/bytes/1");
        return;
      }
    }
  }

  /**
   * Cache {@code k}'s query for {@code name}: from the cache's own address when the caches have
   * addresses (each a resolver of its own, as on the Internet), else from the users' one socket.
   */
  private Message cacheQuery(int k, Name name) {
    return query(cacheAddresses == null ? null : cacheAddresses.apply(k), name);
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
    } catch (java.net.UnknownHostException e) {
      throw new IllegalStateException(e); // four bytes are always an address
    }
  }

  private Message query(Name name) {
    return query(null, name);
  }

  /** A query from {@code from}'s own socket, or the users' one socket when null; counted. */
  private Message query(InetAddress from, Name name) {
    stats.dnsQueries.increment();
    try {
      Message m = from == null ? dns.query(name) : dns.queryFrom(from, name);
      if (m == null) {
        stats.dnsFailures.increment();
      }
      return m;
    } catch (java.net.BindException e) {
      cacheAddresses = null; // a loopback without 127.0.0.0/8 (not Linux): one address for all
      stats.dnsQueries.decrement();
      return query(name);
    } catch (IOException e) {
      stats.dnsFailures.increment();
      return null;
    }
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
    for (HttpConnection c : connections) {
      c.close();
    }
  }
}
