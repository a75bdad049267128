package dev.alm.loadgen;

import dev.alm.traces.BeaconName;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;

/**
 * The load generator: the users behind one set of resolver caches, for {@code alm cluster} (one
 * PoP's users, {@link PopUsers#create}) and {@code alm lab} (one eyeball network's). Requests
 * arrive as a Poisson process at the demand rate; each goes through one of the resolver caches,
 * chosen at random, which asks the DNS when its cached answer has expired (honouring the answer's
 * TTL; a query that goes unanswered makes it serve its expired answer for another second, as
 * resolvers with serve-stale, RFC 8767, do). An L2 answer sends the request to the datacenter; an
 * L1 answer to the proxy the {@link Endpoints.L1Route} reaches. FastControl beacons arrive as a
 * second Poisson process; each resolves a fresh beacon name, and a probe answer (a CNAME to {@code
 * <category>.<origin>.fc.<zone>}) is followed by the probe request to L1 and the probe's price echo
 * back to the DNS. Correlation beacons ({@code b-<hex>.beacon.<zone>}, FastRoute's measurement of
 * C: answered L1, then fetched from L1), when there are any, arrive as a third.
 *
 * <p>Requests and beacons run on two threads (lanes), each with its own DNS socket and connections
 * ({@link Endpoints}), so the beacons' three round trips never hold a request back: a real
 * population's requests do not wait for each other's measurements. When the machine cannot keep up,
 * the request lane falls behind and then sends its backlog (its lag is reported, {@link
 * UserCounts#maxLagSeconds()}); the beacon lane skips a beacon due more than {@link
 * #MAX_BEACON_LAG_NANOS} ago (counted, {@link UserCounts#beaconsSkipped()}), since a late burst of
 * beacons would measure the generator rather than the network.
 */
public final class Users implements Runnable {

  /**
   * A beacon due this long ago is skipped rather than sent late: 100 ms. A lane that fell behind
   * otherwise sends its backlog in one burst, at another rate than the PoPs' probe weights assume
   * (docs/controllers/live-loop.md, "Measured curvature").
   */
  public static final long MAX_BEACON_LAG_NANOS = 100_000_000L;

  /**
   * Requests per second one request lane is given at the start's demand: 100, a blocking round trip
   * every 10 ms on average, which a loaded 2-core machine still keeps.
   */
  public static final double REQUESTS_PER_LANE = 100;

  /** At most this many request lanes per group of users. */
  public static final int MAX_REQUEST_LANES = 16;

  /** The kinds of arrivals, in the order that breaks ties between them. */
  private static final int REQUEST = 0;

  private static final int FC_BEACON = 1;
  private static final int CORRELATION_BEACON = 2;

  private final String zone;
  private final int index;
  private final ResolverCaches caches;
  private volatile IntFunction<InetAddress> cacheAddresses;
  private final CorrelationBeacons correlation;
  private final UserSchedule schedule;
  private final List<Lane> requests = new ArrayList<>();
  private final Lane beacons;
  private final Name cdnName;
  private final UserStats stats = new UserStats();
  private final String path;
  private final Endpoints.Opener opener;
  private volatile KeepAlive keepAlive;
  private long serial;

  /**
   * Sends {@code k}'s share of the requests from clients that keep their connection; before run.
   */
  public Users keepAlive(KeepAlive k) {
    this.keepAlive = k;
    return this;
  }

  /** One thread's arrivals, endpoints and random draws. */
  private static final class Lane {
    final Endpoints io;
    final SplittableRandom random;
    final int[] kinds;
    volatile long lagNanos;
    volatile long maxLagNanos;
    volatile long maxLagDueNanos;
    KeepAliveClients keepAlive;

    Lane(Endpoints io, SplittableRandom random, int... kinds) {
      this.io = io;
      this.random = random;
      this.kinds = kinds;
    }
  }

  /**
   * @param index the users' number in their beacon names
   * @param endpoints opens each lane's DNS socket and connections (once per lane: the request
   *     lanes, then the beacon lane)
   * @param correlation correlation beacons, or null for none
   */
  public Users(
      String zone,
      int index,
      Endpoints.Opener endpoints,
      ResolverCaches caches,
      IntFunction<InetAddress> cacheAddresses,
      CorrelationBeacons correlation,
      UserSchedule schedule,
      int bodyBytes)
      throws IOException {
    this.zone = zone;
    this.index = index;
    this.opener = endpoints;
    this.caches = caches;
    this.cacheAddresses = cacheAddresses;
    this.correlation = correlation;
    this.schedule = schedule;
    SplittableRandom root = new SplittableRandom(schedule.seed());
    int lanes = requestLanes(schedule.rateAt().applyAsDouble(0));
    try {
      for (int k = 0; k < lanes; k++) {
        requests.add(new Lane(endpoints.open(), root.split(), REQUEST));
      }
      this.beacons = new Lane(endpoints.open(), root.split(), FC_BEACON, CORRELATION_BEACON);
    } catch (IOException | RuntimeException e) {
      requests.forEach(l -> l.io.close());
      throw e;
    }
    this.cdnName = Name.fromConstantString("www." + zone + ".");
    this.path = "/bytes/" + bodyBytes;
  }

  /** What the users did, as the reports show it. */
  public UserCounts counts() {
    long lag = 0;
    Lane worst = requests.get(0);
    for (Lane l : requests) {
      lag = Math.max(lag, l.lagNanos);
      if (l.maxLagNanos > worst.maxLagNanos) {
        worst = l;
      }
    }
    return UserCounts.of(stats, lag, worst.maxLagNanos, worst.maxLagDueNanos);
  }

  /**
   * The request lanes for a demand of {@code rate} requests/s at the start: one per {@link
   * #REQUESTS_PER_LANE}, at least 1 and at most {@link #MAX_REQUEST_LANES}. Each lane's requests
   * are a Poisson process of 1/lanes of the rate; together they are the Poisson process of the
   * rate.
   */
  static int requestLanes(double rate) {
    if (!(rate > 0)) {
      return 1;
    }
    return (int) Math.min(MAX_REQUEST_LANES, Math.max(1, Math.ceil(rate / REQUESTS_PER_LANE)));
  }

  /**
   * Runs the first request lane on the calling thread and every other lane (requests and beacons)
   * on a thread of its own, named after the calling one, until the schedule's end or an interrupt
   * (passed on to the others); each lane closes its endpoints when it ends.
   */
  @Override
  public void run() {
    List<Thread> others = new ArrayList<>();
    String name = Thread.currentThread().getName();
    for (int k = 1; k < requests.size(); k++) {
      Lane lane = requests.get(k);
      others.add(new Thread(() -> runLane(lane), name + "-r" + k));
    }
    others.add(new Thread(() -> runLane(beacons), name + "-b"));
    for (Thread th : others) {
      th.setDaemon(true);
      th.start();
    }
    try {
      runLane(requests.get(0));
    } finally {
      others.forEach(Thread::interrupt);
      try {
        for (Thread th : others) {
          th.join(5000);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void runLane(Lane lane) {
    try {
      KeepAlive keep = keepAlive;
      if (keep != null && keep.share() > 0 && lane.kinds[0] == REQUEST) {
        lane.keepAlive = new KeepAliveClients(keep.clients(), opener);
      }
      long start = schedule.startNanos();
      long[] next = new long[lane.kinds.length];
      for (int k = 0; k < next.length; k++) {
        int kind = lane.kinds[k];
        if (kind == REQUEST) {
          next[k] = start + gap(lane, schedule.rateAt().applyAsDouble(0) / requests.size());
        } else {
          next[k] = rate(kind) > 0 ? start + gap(lane, rate(kind)) : Long.MAX_VALUE; // never
        }
      }
      while (!Thread.currentThread().isInterrupted()) {
        int k = earliest(next);
        if (next[k] >= schedule.endNanos()) {
          break;
        }
        long now = System.nanoTime();
        if (next[k] > now) {
          LockSupport.parkNanos(next[k] - now);
          continue;
        }
        lane.lagNanos = now - next[k];
        if (lane.lagNanos > lane.maxLagNanos) {
          lane.maxLagNanos = lane.lagNanos;
          lane.maxLagDueNanos = next[k] - start;
        }
        next[k] += arrive(lane, lane.kinds[k], next[k], now);
      }
    } catch (IOException e) {
      stats.failed.increment(); // the keep-alive clients' endpoints could not be opened
    } finally {
      lane.io.close();
      if (lane.keepAlive != null) {
        lane.keepAlive.close();
      }
    }
  }

  /** The rate of a beacon kind, per second. */
  private double rate(int kind) {
    return kind == FC_BEACON
        ? schedule.fastControlBeacons()
        : correlation == null ? 0 : correlation.rate();
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
  private long arrive(Lane lane, int kind, long due, long now) {
    if (kind == REQUEST) {
      double rate =
          schedule.rateAt().applyAsDouble((due - schedule.startNanos()) / 1e9) / requests.size();
      if (rate > 0) {
        request(lane, now);
      }
      return gap(lane, rate);
    }
    if (now - due > MAX_BEACON_LAG_NANOS) {
      stats.beaconsSkipped.increment();
    } else if (kind == FC_BEACON) {
      fastControlBeacon(lane);
    } else {
      correlationBeacon(lane);
    }
    return gap(lane, rate(kind));
  }

  private long gap(Lane lane, double rate) {
    if (!(rate > 0)) {
      return schedule.idleNanos();
    }
    return (long) (-Math.log(1 - lane.random.nextDouble()) / rate * 1e9);
  }

  private void request(Lane lane, long now) {
    stats.requests.increment();
    int k = lane.random.nextInt(caches.size());
    if (lane.keepAlive != null && lane.random.nextDouble() < keepAlive.share()) {
      stats.count(
          lane.keepAlive.request(
              lane.random, () -> answer(lane, k, now), stats, "www." + zone, path));
      return;
    }
    ResolverCaches.Answer answer = answer(lane, k, now);
    if (answer == ResolverCaches.Answer.NONE) {
      stats.failed.increment();
      return;
    }
    int status;
    if (answer == ResolverCaches.Answer.L1) {
      stats.toL1.increment();
      status = lane.io.l1().pick(lane.random).get("www." + zone, path);
    } else {
      stats.toL2.increment();
      status = lane.io.l2().get("www." + zone, path);
    }
    stats.count(status);
  }

  /** Cache {@code k}'s answer for the CDN name at {@code now}, asking its resolver on a miss. */
  private ResolverCaches.Answer answer(Lane lane, int k, long now) {
    return caches.answer(k, now, () -> cacheQuery(lane, k, cdnName), stats.staleAnswers::increment);
  }

  private void fastControlBeacon(Lane lane) {
    stats.beacons.increment();
    Message m =
        query(lane, Name.fromConstantString("u" + index + "x" + (serial++) + ".fc." + zone + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof CNAMERecord c) {
        String host = c.getTarget().toString(true);
        stats.probes.increment();
        HttpConnection proxy = lane.io.l1().pick(lane.random);
        proxy.get(host, "/");
        echo(lane, proxy.watched());
        return;
      }
    }
  }

  /**
   * Carries a probe's price echo (docs/fastcontrol.md, "Price echo") back through the resolver to
   * the DNS that handed out the probe: one query for the name; the answer is empty.
   */
  private void echo(Lane lane, String name) {
    Name n = DnsClient.name(name);
    if (n != null) {
      query(lane, n);
    }
  }

  private void correlationBeacon(Lane lane) {
    String host = BeaconName.host(((long) index << 40) | (serial++), zone);
    Message m = query(lane, Name.fromConstantString(host + "."));
    if (m == null) {
      return;
    }
    for (Record rec : DnsClient.answers(m)) {
      if (rec instanceof ARecord a && a.getAddress().equals(correlation.l1Address())) {
        stats.beaconFetches.increment();
        lane.io.l1().pick(lane.random).get(host, "/bytes/1");
        return;
      }
    }
  }

  /**
   * Cache {@code k}'s query for {@code name}: from the cache's own address when the caches have
   * addresses (each a resolver of its own, as on the Internet), else from the users' one socket.
   */
  private Message cacheQuery(Lane lane, int k, Name name) {
    IntFunction<InetAddress> addresses = cacheAddresses;
    return query(lane, addresses == null ? null : addresses.apply(k), name);
  }

  private Message query(Lane lane, Name name) {
    return query(lane, null, name);
  }

  /** A query from {@code from}'s own socket, or the users' one socket when null; counted. */
  private Message query(Lane lane, InetAddress from, Name name) {
    stats.dnsQueries.increment();
    try {
      DnsClient dns = lane.io.dns();
      Message m = from == null ? dns.query(name) : dns.queryFrom(from, name);
      if (m == null) {
        stats.dnsFailures.increment();
      }
      return m;
    } catch (BindException e) {
      cacheAddresses = null; // a loopback without 127.0.0.0/8 (not Linux): one address for all
      stats.dnsQueries.decrement();
      return query(lane, name);
    } catch (IOException e) {
      stats.dnsFailures.increment();
      return null;
    }
  }
}
