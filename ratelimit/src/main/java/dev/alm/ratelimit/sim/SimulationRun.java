package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.PeerMessage;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.alloc.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One run of {@link Simulator}: every tick the limiters' demand arrives and is policed, and the
 * flows react; at the end of every estimate interval each limiter steps its allocator and the
 * interval's series are recorded. Mutable; used once.
 *
 * @param <S> the allocator's state type
 * @param <M> the allocator's message type
 */
final class SimulationRun<S, M extends PeerMessage> {
  private final Scenario sc;
  private final Allocator<S, M> alloc;
  private final int n;
  private final double interval;
  private final int ticksPerInterval;
  private final double dt;

  /**
   * Mixed into the seed of the timers' phases: a stream of its own, so that the other draws of a
   * seed are the same with aligned and unaligned timers.
   */
  private static final long PHASE_SEED = 0x9E3779B97F4A7C15L;

  private final SplittableRandom demandRng;
  private final SplittableRandom flowRng;
  private final SplittableRandom algRng;
  private final DemandSpec[][] demandOf;
  private final FluidTcpFlows flows;
  private final Policers policers;
  private final MessageNetwork<M> network;
  private final SafeStart safeStart;
  private final LimiterContext[] ctx;
  private final List<S> states;

  private final double[] arrivedTick;
  private final double[] arrivedInterval;
  private final double[] servedInterval;
  private double demandSum;

  private final double[] times;
  private final double[] aggServed;
  private final double[] aggDemand;
  private final double[] jain;
  private final double[] obsDemand;
  private final double[] obsLimit;
  private final double[] obsDrop;
  private final double[] obsServed;

  SimulationRun(Scenario sc, Allocator<S, M> alloc) {
    this.sc = sc;
    this.alloc = alloc;
    n = sc.limiters();
    interval = sc.interval();
    ticksPerInterval = sc.ticksPerInterval();
    dt = interval / ticksPerInterval;
    SplittableRandom master = new SplittableRandom(sc.seed());
    demandRng = master.split();
    flowRng = master.split();
    SplittableRandom lossRng = master.split();
    algRng = master.split();
    demandOf = demandByLimiter(sc);
    flows = new FluidTcpFlows(sc, flowRng);
    policers = new Policers(n, sc.globalLimit(), sc.bucketDepth());
    safeStart =
        sc.safeStart() > 0 && n > 1 && alloc.hearsPeers() ? new SafeStart(n, sc.safeStart()) : null;
    ctx = new LimiterContext[n];
    states = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ctx[i] =
          new LimiterContext(
              i,
              n,
              sc.globalLimit(),
              interval,
              sc.bucketDepth(),
              sc.graph().neighboursOf(i),
              sc.graph().weightsOf(i));
      S s = alloc.initialState(ctx[i]);
      states.add(s);
      policers.start(
          i, safeStart == null ? alloc.initialEnforcement(ctx[i], s) : safeStart.initial(ctx[i]));
    }
    network =
        new MessageNetwork<>(
            n,
            sc.delay(),
            interval,
            sc.loss(),
            lossRng,
            sc.unalignedTimers() ? new SplittableRandom(sc.seed() ^ PHASE_SEED) : null);
    arrivedTick = new double[n];
    arrivedInterval = new double[n];
    servedInterval = new double[n];
    int steps = sc.steps();
    times = new double[steps];
    aggServed = new double[steps];
    aggDemand = new double[steps];
    jain = new double[steps];
    obsDemand = new double[n];
    obsLimit = new double[n];
    obsDrop = new double[n];
    obsServed = new double[n];
  }

  private static DemandSpec[][] demandByLimiter(Scenario sc) {
    List<List<DemandSpec>> lists = new ArrayList<>();
    for (int i = 0; i < sc.limiters(); i++) {
      lists.add(new ArrayList<>());
    }
    for (DemandSpec d : sc.demands()) {
      lists.get(d.limiter()).add(d);
    }
    DemandSpec[][] of = new DemandSpec[sc.limiters()][];
    for (int i = 0; i < of.length; i++) {
      of[i] = lists.get(i).toArray(new DemandSpec[0]);
    }
    return of;
  }

  /** Runs every interval; {@code observer} and {@code progress} may be null. */
  SimulationResult run(Simulator.Observer observer, Simulator.Progress progress) {
    int steps = sc.steps();
    int progressEvery = Math.max(1, steps / 20);
    for (int k = 0; k < steps; k++) {
      demandSum = 0;
      for (int j = 0; j < ticksPerInterval; j++) {
        tick(k * interval + j * dt, j == 0);
      }
      endInterval(k);
      double tEnd = times[k];
      if (observer != null) {
        observer.onInterval(tEnd, obsDemand, obsLimit, obsDrop, obsServed);
      }
      if (progress != null && (k + 1) % progressEvery == 0) {
        progress.report(tEnd, sc.duration());
      }
    }
    return new SimulationResult(
        alloc.name(),
        sc,
        times,
        aggServed,
        aggDemand,
        jain,
        flows.flowRates(),
        Simulator.changeTimes(sc),
        network.messages(),
        network.bytes());
  }

  /** One tick from {@code t}: arrivals, policing, the flows' reaction. */
  private void tick(double t, boolean firstOfInterval) {
    boolean steady = t >= sc.warmup();
    for (int i = 0; i < n; i++) {
      arrivedTick[i] = arrivals(i, t, steady, firstOfInterval);
    }
    policers.police(arrivedTick, dt);
    for (int i = 0; i < n; i++) {
      double arrived = arrivedTick[i];
      double served = policers.served(i);
      arrivedInterval[i] += arrived;
      servedInterval[i] += served;
      flows.deliver(i, t, dt, arrived, served, policers.dropsTail(i), steady);
    }
  }

  /**
   * What arrives at limiter {@code i} over the tick from {@code t}: Poisson open-loop units, then
   * the flows' offers. On an interval's first tick, adds the expected rates to the demand series.
   */
  private double arrivals(int i, double t, boolean steady, boolean firstOfInterval) {
    double arrived = 0;
    DemandSpec[] ds = demandOf[i];
    if (ds.length > 0) {
      double r = 0;
      for (DemandSpec d : ds) {
        r += d.rateAt(t);
      }
      arrived += Simulator.poisson(r * dt, demandRng);
      if (firstOfInterval) {
        demandSum += r;
      }
    }
    arrived += flows.offer(i, t, dt, steady);
    if (firstOfInterval) {
      demandSum += flows.demand(i);
    }
    return arrived;
  }

  /** The end of interval {@code k}: every limiter steps, and the interval's series are recorded. */
  private void endInterval(int k) {
    double tEnd = (k + 1) * interval;
    double served = 0;
    double qSum = 0;
    double qSq = 0;
    for (int i = 0; i < n; i++) {
      double q = step(k, i, tEnd);
      qSum += q;
      qSq += q * q;
      served += servedInterval[i];
      obsDemand[i] = arrivedInterval[i] / interval;
      obsServed[i] = servedInterval[i] / interval;
      obsLimit[i] = policers.limit(i);
      obsDrop[i] = policers.dropProbability(i);
      arrivedInterval[i] = 0;
      servedInterval[i] = 0;
    }
    times[k] = tEnd;
    aggServed[k] = served / interval;
    aggDemand[k] = demandSum;
    jain[k] = qSq > 0 ? qSum * qSum / (n * qSq) : 1;
  }

  /** Limiter {@code i}'s allocator step on what it measured and received; returns its indicator. */
  private double step(int k, int i, double tEnd) {
    double maxFlow = flows.endInterval(i, interval);
    int sampled = flows.sampled(i);
    LocalMeasurement m =
        new LocalMeasurement(interval, arrivedInterval[i], servedInterval[i], maxFlow, sampled);
    List<Envelope<M>> inbox = network.inbox(k, i);
    boolean heard = !inbox.isEmpty();
    StepResult<S, M> res =
        alloc.step(ctx[i], states.get(i), new StepInput<>(tEnd, m, inbox, null), algRng);
    network.delivered(k, i);
    states.set(i, res.state());
    policers.apply(
        i,
        safeStart == null
            ? res.enforcement()
            : safeStart.enforce(ctx[i], tEnd, heard, res.enforcement()));
    network.send(k, res.outgoing());
    return alloc.indicator(ctx[i], res.state(), m);
  }
}
