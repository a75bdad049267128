package dev.alm.loop.fleet;

import dev.alm.controller.model.CorrelationMatrix;
import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.PlannedProbeAnswerer;
import dev.alm.fastcontrol.ProbeAnswererConfig;
import dev.alm.fastcontrol.ProbePlan;
import dev.alm.fastcontrol.SlidingWindowCounter;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.ControlLoop;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.LoopState;
import dev.alm.loop.Measurement;
import dev.alm.loop.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * An offline, seeded model of {@code alm cluster}: the fleet's real control loops ({@link
 * ControlLoop}, one per PoP, built and started as {@code PopDaemon} builds and starts them) driven
 * in simulated time by the users, resolvers, DNS draws, routing, meters and probes the live cluster
 * has, with their delays and their noise, and no sockets, threads or clock
 * (docs/controllers/fleet-model.md, "The offline model of the live loop").
 *
 * <p>What each piece mirrors:
 *
 * <ul>
 *   <li><b>users</b> ({@code cluster.Users}): PoP i's requests a Poisson process at A_i x loadUnit
 *       per second (times a flash crowd's factor), each through one of R resolver caches chosen
 *       uniformly; beacons a second Poisson process at the beacon rate;
 *   <li><b>resolvers and DNS</b> ({@code cluster.ResolverCaches}, {@code dns.CdnDraw}): {@link
 *       ModelResolvers}, at the x published at the PoP's last control interval;
 *   <li><b>routing</b>: an L1 request, and every probe, lands on proxy j drawn from row i of C (a
 *       route change replaces C for the users, not for the PoPs);
 *   <li><b>proxy</b> ({@code proxy.LoadMeter}, {@code proxy.AdmissionControl}): S_j counts ordinary
 *       requests (not probes, and before admission, so shed requests count) in a {@link
 *       SlidingWindowCounter} of {@link FleetModelConfig#meterBuckets()} buckets per interval whose
 *       buckets sit on the clock's grid, not on the control ticks (the model draws the phase from
 *       the seed); a token bucket at the ceiling sheds;
 *   <li><b>probes</b>: the PoP's real {@link PlannedProbeAnswerer} hands a beacon a probe (every
 *       beacon with price echoes, the plan of eq. 19 otherwise); proxy j counts it with the weight
 *       PoP i's signer signed into it ({@link ModelProbes}) and, with echoes, returns the price its
 *       PoP published at its last interval, as the IEEE single the echo name carries, to PoP i's
 *       DNS counters;
 *   <li><b>loops</b>: every interval (ticks at k x interval after the users start, as {@code
 *       Cluster.run}) each PoP reads a {@link Measurement} as {@code PopSensors} builds it, steps,
 *       and publishes x_i to its DNS, its aligned price to its proxy's echoes, its probe weight and
 *       hand-out rate to its probe signer and the plan for mu_i to its answerer, as {@code
 *       PopDaemon.tick} does.
 * </ul>
 */
public final class FleetModel {

  /** Users recheck a rate of 0 after this long, sending nothing (as {@code cluster.Users}). */
  static final long IDLE_RECHECK_NANOS = 100_000_000L;

  /** An arbitrary clock origin far from 0, so that negative start times stay positive. */
  private static final long CLOCK_ORIGIN = 1_000_000_000_000L;

  private final FleetModelConfig config;
  private final Topology topology;
  private final List<String> ids;
  private final int n;
  private final long base;
  private final long end;
  private final long ttlNanos;

  private final ControlLoop[] loops;
  private final LoopState[] states;
  private final double[] unit;
  private final double[] published;
  private final ModelEchoes echoes;
  private final PlannedProbeAnswerer[] answerers;
  private final SlidingWindowCounter[] meters;
  private final ModelRouting routing;

  private final SplittableRandom[] userRandom;
  private final long[] nextRequest;
  private final long[] nextBeacon;
  private final long[] nextBackground;
  private final ModelResolvers resolvers;

  /** Each PoP's eyeball networks, their caches and the requests their lanes send late. */
  private final ModelEyeballs eyeballs;

  private final long[] nextAt;

  private final long[] requests;
  private final long[] toL1;
  private final long[] beacons;
  private final long[] proxyRequests;

  /** The probes each proxy counted, and the weights and rates they were signed with. */
  private final ModelProbes probes;

  private final ModelAdmission admission;

  private FleetModel(FleetModelConfig c) {
    this.config = c;
    this.topology = c.topology();
    this.ids = topology.ids();
    this.n = topology.size();
    SplittableRandom master = new SplittableRandom(c.seed());
    // the live clock's reading at the users' start is arbitrary against the buckets' grid
    this.base = CLOCK_ORIGIN + master.nextLong(1_000_000_000L);
    this.end = c.duration().toNanos();
    this.ttlNanos = c.ttlSeconds() * 1_000_000_000L;
    long startNanos = base - c.startLead().toNanos();
    long bucket = c.interval().toNanos() / c.meterBuckets();
    CorrelationMatrix known = topology.correlation();

    loops = new ControlLoop[n];
    states = new LoopState[n];
    unit = new double[n];
    published = new double[n];
    echoes = new ModelEchoes(ids);
    answerers = new PlannedProbeAnswerer[n];
    meters = new SlidingWindowCounter[n];
    userRandom = new SplittableRandom[n];
    nextRequest = new long[n];
    nextBeacon = new long[n];
    nextBackground = new long[n];
    nextAt = new long[n];
    eyeballs = new ModelEyeballs(c, ids);
    resolvers =
        new ModelResolvers(
            eyeballs.caches(),
            eyeballs.addresses(),
            ttlNanos,
            c.sharedResolver(),
            c.randomAnswers());
    requests = new long[n];
    toL1 = new long[n];
    beacons = new long[n];
    proxyRequests = new long[n];
    probes = new ModelProbes(n);
    double[] ceilings = new double[n];

    for (int i = 0; i < n; i++) {
      ceilings[i] = startPop(i, master, startNanos, bucket, known);
    }
    admission = new ModelAdmission(ceilings, c.burstSeconds(), -c.startLead().toNanos());
    routing = new ModelRouting(known, c.routeChanges());
    for (int i = 0; i < n; i++) {
      nextRequest[i] = gap(i, rate(i, 0));
      double beaconRate = eyeballs.beaconRate(i);
      nextBeacon[i] = beaconRate > 0 ? gap(i, beaconRate) : Long.MAX_VALUE;
      nextBackground[i] = c.backgroundRate() > 0 ? gap(i, c.backgroundRate()) : Long.MAX_VALUE;
      double at = eyeballs.background(i);
      nextAt[i] = at > 0 ? gap(i, at) : Long.MAX_VALUE;
    }
  }

  /**
   * PoP i as {@code PopDaemon.start} makes it: the loop, a fresh state ({@code alm cluster} deletes
   * its state files), the DNS at the state's x, the answerer with the plan for the state's price,
   * the meter and the users' random streams; returns the proxy's admission ceiling, requests/s.
   */
  private double startPop(
      int i, SplittableRandom master, long startNanos, long bucket, CorrelationMatrix known) {
    FleetModelConfig c = config;
    LoopConfig lc = c.loops().get(i);
    loops[i] = new ControlLoop(lc, topology, i);
    states[i] = loops[i].initial();
    unit[i] = lc.loadUnit();
    echoes.mode(i, lc.betaSource() == BetaSource.ECHO && lc.algorithm() == Algorithm.DUAL);
    published[i] = states[i].x();
    SplittableRandom answerRandom = master.split();
    answerers[i] =
        new PlannedProbeAnswerer(
            ProbePlan.compute(ids, i, states[i].mu(), known.row(i), known.column(i), c.plan()),
            ProbeAnswererConfig.defaults(),
            startNanos,
            answerRandom::nextDouble);
    if (echoes.mode(i)) {
      answerers[i].answerEveryBeacon(ids.get(i));
    }
    meters[i] = new SlidingWindowCounter(bucket, c.meterBuckets(), startNanos);
    userRandom[i] = master.split();
    resolvers.start(i, master.split());
    return topology.node(i).capacity() * lc.loadUnit() * c.ceilingFactor();
  }

  /** Runs the model for the configuration's duration. Pure: the same config gives the same run. */
  public static FleetRun run(FleetModelConfig config) {
    return new FleetModel(config).run();
  }

  private FleetRun run() {
    long period = config.interval().toNanos();
    long slice = config.resolution().toNanos();
    List<Sample> samples = new ArrayList<>(config.intervals() * n);
    long nextTick = period;
    long t0 = 0;
    while (true) {
      long t1 = Math.min(Math.min(t0 + slice, nextTick), end);
      for (int i = 0; i < n; i++) {
        advance(i, t1);
      }
      if (t1 == nextTick) {
        tick(nextTick, samples);
        nextTick += period;
      }
      if (t1 >= end) {
        break;
      }
      t0 = t1;
    }
    List<FleetRun.PopTotals> totals = new ArrayList<>();
    long now = base + end;
    for (int i = 0; i < n; i++) {
      totals.add(
          new FleetRun.PopTotals(
              ids.get(i),
              requests[i],
              toL1[i],
              resolvers.queries(i),
              beacons[i],
              answerers[i].stats(now).probes(),
              echoes.count(i),
              proxyRequests[i],
              probes.all(i),
              admission.shed(i),
              probes.sensitivity(i),
              probes.publishedWeights(i)));
    }
    return new FleetRun(config, samples, totals);
  }

  /** PoP i's users' events before {@code until} (and before the end), in time order. */
  private void advance(int i, long until) {
    long stop = Math.min(until, end);
    while (true) {
      long r = nextRequest[i];
      long b = nextBeacon[i];
      long g = nextBackground[i];
      long h = nextAt[i];
      long d = eyeballs.nextLate(i);
      long next = Math.min(Math.min(Math.min(r, b), Math.min(g, h)), d);
      if (next >= stop) {
        return;
      }
      if (d == next) {
        send(i, eyeballs.pollLate(i), d);
      } else if (h == next) {
        arrive(i, h);
        nextAt[i] = h + gap(i, eyeballs.background(i));
      } else if (g == next) {
        if (config.backgroundRate() > 0) {
          background(i, g);
        }
        nextBackground[i] = g + gap(i, config.backgroundRate());
      } else if (r <= b) {
        double rate = rate(i, r);
        if (rate > 0) {
          request(i, r);
        }
        nextRequest[i] = r + gap(i, rate);
      } else {
        beacon(i, b);
        nextBeacon[i] = b + gap(i, eyeballs.beaconRate(i));
      }
    }
  }

  private void request(int i, long t) {
    SplittableRandom random = userRandom[i];
    int k;
    int g = -1;
    if (eyeballs.crowd(i)) {
      k = random.nextInt(config.resolvers());
    } else {
      // the request's eyeball network by demand, then one of that network's caches
      g = eyeballs.network(i, random.nextDouble());
      if (eyeballs.deferred(i, g, t)) {
        return;
      }
      k = eyeballs.firstCache(i, g) + random.nextInt(config.resolvers());
    }
    requests[i]++;
    if (!resolvers.l1(i, k, t, base + t, () -> dnsX(i, t))) {
      return;
    }
    toL1[i]++;
    arrive(g < 0 ? anycast(i, t) : eyeballs.proxy(i, g), t);
  }

  /** A request of PoP i's eyeball network g that its users' lane sends late, at {@code t}. */
  private void send(int i, int g, long t) {
    requests[i]++;
    int k = eyeballs.firstCache(i, g) + userRandom[i].nextInt(config.resolvers());
    if (!resolvers.l1(i, k, t, base + t, () -> dnsX(i, t))) {
      return;
    }
    toL1[i]++;
    arrive(eyeballs.proxy(i, g), t);
  }

  /** A request at proxy j: counted, metered, admitted. */
  private void arrive(int j, long t) {
    proxyRequests[j]++;
    meters[j].record(base + t);
    admission.admit(j, t);
  }

  /** A request that reaches the anycast address whatever x is: routed by C, metered, admitted. */
  private void background(int i, long t) {
    arrive(anycast(i, t), t);
  }

  private void beacon(int i, long t) {
    beacons[i]++;
    String category = answerers[i].category(base + t);
    if (category == null) {
      return;
    }
    int j = anycast(i, t);
    probes.probe(i, j, category.equals(ids.get(j)), base + t);
    if (echoes.answers(i, j)) {
      double capacity = loops[j].capacity() * unit[j];
      echoes.answer(i, j, meters[j].window(base + t).rate() / capacity, capacity);
    }
  }

  /** One control interval at every PoP, as Cluster.run steps them and PopDaemon.tick publishes. */
  private void tick(long t, List<Sample> samples) {
    long now = base + t;
    CorrelationMatrix known = topology.correlation();
    probes.drain();
    for (int i = 0; i < n; i++) {
      double load = meters[i].window(now).rate();
      Measurement m =
          new Measurement(
              now,
              load,
              probes.own(i),
              probes.all(i),
              resolvers.queries(i),
              echoes.totals(i),
              answerers[i].stats(now).probes(),
              probes.sensitivity(i),
              probes.curvature(i),
              resolvers.requery(i));
      LoopState next = loops[i].step(states[i], m);
      states[i] = next;
      published[i] = next.x();
      echoes.publish(i, next.alignedPrice());
      if (config.probeWeights()) {
        probes.publish(i, loops[i].probeWeight(next), loops[i].probeRate(next));
      }
      answerers[i].replacePlan(
          ProbePlan.compute(ids, i, next.mu(), known.row(i), known.column(i), config.plan()));
      samples.add(
          new Sample(
              t / 1e9,
              ids.get(i),
              dnsX(i, t),
              next.mu(),
              next.beta() == null ? Double.NaN : next.beta().beta(),
              next.beta() == null ? Double.NaN : next.beta().stdError(),
              next.load() * unit[i],
              loops[i].capacity() * unit[i],
              next.demand() * unit[i],
              next.mode().label(),
              admission.shed(i),
              loops[i].gainScale(next),
              Double.isFinite(next.guard()) ? next.guard() : Double.NaN));
    }
  }

  /** The x PoP i's DNS answers with at {@code t}: a pinned x, else the loop's last. */
  private double dnsX(int i, long t) {
    return ModelSchedule.x(config.pins(), t, published[i]);
  }

  /** PoP i's demand at {@code t}, requests/s. */
  private double rate(int i, long t) {
    return ModelSchedule.demand(
        config.flashes(), ids.get(i), t, topology.node(i).demand() * unit[i]);
  }

  private long gap(int i, double rate) {
    if (!(rate > 0)) {
      return IDLE_RECHECK_NANOS;
    }
    return (long) (-Math.log(1 - userRandom[i].nextDouble()) / rate * 1e9);
  }

  /** The proxy anycast takes PoP i's user to at {@code t}: j with probability C_ij. */
  private int anycast(int i, long t) {
    return routing.proxy(i, t, userRandom[i].nextDouble());
  }

  static long nanos(double seconds) {
    return Math.round(seconds * 1e9);
  }
}
