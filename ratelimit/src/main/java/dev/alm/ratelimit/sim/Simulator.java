package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.Allocator;
import dev.alm.ratelimit.alloc.Enforcement;
import dev.alm.ratelimit.alloc.Envelope;
import dev.alm.ratelimit.alloc.FlowSample;
import dev.alm.ratelimit.alloc.LimiterContext;
import dev.alm.ratelimit.alloc.LocalMeasurement;
import dev.alm.ratelimit.alloc.PeerMessage;
import dev.alm.ratelimit.alloc.StepInput;
import dev.alm.ratelimit.alloc.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The discrete-time simulator: N limiters police open-loop Poisson demand and fluid AIMD TCP flows
 * every tick with their current {@link Enforcement}; at the end of every estimate interval each
 * limiter runs the {@link Allocator}'s step on what it measured and the messages delivered to it,
 * and its outgoing messages are lost with the scenario's probability or delivered after its delay
 * (at least one interval). Seeded: the same scenario and seed give the same result.
 *
 * <p>TCP model (per flow, per tick dt): sending rate min(cwnd MSS / RTT, maxRate); with the
 * limiter's drop fraction d over the tick, the flow sees a loss with probability 1 - (1 -
 * d)^packets and then halves cwnd (at most once per RTT, New Reno's fast recovery), else grows it
 * by dt / RTT packets (slow start: doubles per RTT until the first loss).
 */
public final class Simulator {

  /**
   * Below this window (packets) a loss cannot raise enough duplicate ACKs even with limited
   * transmit (RFC 3042): it times out.
   */
  static final double FAST_RETRANSMIT_CWND = 2;

  /** Linux's minimum retransmission timeout, seconds. */
  static final double MIN_RTO = 0.2;

  /** Retransmission timeouts back off at most 2^6 times. */
  static final int MAX_BACKOFF = 6;

  /** Receives each interval's per-limiter series (for timeseries.csv). */
  public interface Observer {
    /**
     * @param t the end of the interval, seconds
     * @param demand each limiter's arrival rate over the interval, units/s
     * @param limit each limiter's local limit until the next step (NaN under random drop or CTB)
     * @param drop each limiter's drop probability (NaN under a local or central bucket)
     * @param served each limiter's served rate over the interval, units/s
     */
    void onInterval(double t, double[] demand, double[] limit, double[] drop, double[] served);
  }

  /** Receives progress, simulated seconds out of the total. */
  public interface Progress {
    void report(double simulated, double total);
  }

  private Simulator() {}

  /**
   * Runs {@code allocator} on {@code scenario}; {@code observer} and {@code progress} may be null.
   */
  public static SimulationResult run(
      Scenario scenario, Allocator<?, ?> allocator, Observer observer, Progress progress) {
    return runTyped(scenario, allocator, observer, progress);
  }

  @SuppressWarnings("unchecked")
  private static <S, M extends PeerMessage> SimulationResult runTyped(
      Scenario sc, Allocator<S, M> alloc, Observer observer, Progress progress) {
    final int n = sc.limiters();
    final double L = sc.globalLimit();
    final double interval = sc.interval();
    final int tpi = sc.ticksPerInterval();
    final double dt = interval / tpi;
    final int steps = sc.steps();
    final double pkt = sc.packetBytes();
    SplittableRandom master = new SplittableRandom(sc.seed());
    SplittableRandom demandRng = master.split();
    SplittableRandom flowRng = master.split();
    SplittableRandom lossRng = master.split();
    SplittableRandom algRng = master.split();

    // demand
    List<List<DemandSpec>> demandLists = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      demandLists.add(new ArrayList<>());
    }
    for (DemandSpec d : sc.demands()) {
      demandLists.get(d.limiter()).add(d);
    }
    DemandSpec[][] demandOf = new DemandSpec[n][];
    for (int i = 0; i < n; i++) {
      demandOf[i] = demandLists.get(i).toArray(new DemandSpec[0]);
    }
    // flows
    int flowCount = 0;
    for (FlowGroup g : sc.flows()) {
      flowCount += g.count();
    }
    int[] fLim = new int[flowCount];
    double[] fRtt = new double[flowCount];
    double[] fStart = new double[flowCount];
    double[] fStop = new double[flowCount];
    double[] fMax = new double[flowCount];
    double[] cwnd = new double[flowCount];
    double[] ssthresh = new double[flowCount];
    double[] lastLoss = new double[flowCount];
    double[] fBytes = new double[flowCount];
    double[] fTime = new double[flowCount];
    double[] fOffered = new double[flowCount];
    double[] fGot = new double[flowCount];
    double[] quietUntil = new double[flowCount];
    int[] backoff = new int[flowCount];
    double[] fSlowStartGrowth = new double[flowCount];
    int[] perLimiter = new int[n];
    {
      int f = 0;
      for (FlowGroup g : sc.flows()) {
        for (int c = 0; c < g.count(); c++, f++) {
          fLim[f] = g.limiter();
          fRtt[f] = g.rtt();
          fStart[f] = g.start();
          fStop[f] = g.stop();
          fMax[f] = g.maxRate();
          cwnd[f] = 1;
          ssthresh[f] = Double.POSITIVE_INFINITY;
          lastLoss[f] = Double.NEGATIVE_INFINITY;
          fSlowStartGrowth[f] = Math.pow(2, dt / g.rtt());
          perLimiter[g.limiter()]++;
        }
      }
    }
    int[][] flowsOf = new int[n][];
    for (int i = 0; i < n; i++) {
      flowsOf[i] = new int[perLimiter[i]];
      perLimiter[i] = 0;
    }
    for (int f = 0; f < flowCount; f++) {
      flowsOf[fLim[f]][perLimiter[fLim[f]]++] = f;
    }
    FlowSample[] samples = new FlowSample[n];
    for (int i = 0; i < n; i++) {
      if (flowsOf[i].length > 0) {
        samples[i] = new FlowSample(10, 0.01, pkt);
      }
    }

    // limiters
    LimiterContext[] ctx = new LimiterContext[n];
    List<S> states = new ArrayList<>(n);
    int[] kind = new int[n];
    double[] rate = new double[n];
    double[] depth = new double[n];
    double[] dropP = new double[n];
    double[] tokens = new double[n];
    for (int i = 0; i < n; i++) {
      ctx[i] =
          new LimiterContext(
              i,
              n,
              L,
              interval,
              sc.bucketDepth(),
              sc.graph().neighboursOf(i),
              sc.graph().weightsOf(i));
      S s = alloc.initialState(ctx[i]);
      states.add(s);
      apply(alloc.initialEnforcement(ctx[i], s), i, kind, rate, depth, dropP);
      tokens[i] = depth[i];
    }
    double centralTokens = sc.bucketDepth();

    int delaySteps = Math.max(1, (int) Math.ceil(sc.delay() / interval - 1e-9));
    int slots = delaySteps + 1;
    List<Envelope<M>>[][] queue = new List[slots][n];
    for (int s = 0; s < slots; s++) {
      for (int i = 0; i < n; i++) {
        queue[s][i] = new ArrayList<>(4);
      }
    }
    List<Envelope<M>> empty = List.of();

    double[] times = new double[steps];
    double[] aggServed = new double[steps];
    double[] aggDemand = new double[steps];
    double[] jain = new double[steps];
    double[] arrI = new double[n];
    double[] servI = new double[n];
    double[] arrTick = new double[n];
    double[] servTick = new double[n];
    double[] obsDemand = new double[n];
    double[] obsLimit = new double[n];
    double[] obsDrop = new double[n];
    double[] obsServed = new double[n];
    long messages = 0;
    long bytes = 0;
    double warmup = sc.warmup();
    int progressEvery = Math.max(1, steps / 20);

    for (int k = 0; k < steps; k++) {
      double demandSum = 0;
      for (int j = 0; j < tpi; j++) {
        double t = k * interval + j * dt;
        boolean steady = t >= warmup;
        double centralArrived = 0;
        for (int i = 0; i < n; i++) {
          double arrived = 0;
          DemandSpec[] ds = demandOf[i];
          if (ds.length > 0) {
            double r = 0;
            for (DemandSpec d : ds) {
              r += d.rateAt(t);
            }
            arrived += poisson(r * dt, demandRng);
            if (j == 0) {
              demandSum += r;
            }
          }
          int[] fl = flowsOf[i];
          for (int x = 0; x < fl.length; x++) {
            int f = fl[x];
            if (steady && t >= fStart[f] && t < fStop[f]) {
              fTime[f] += dt;
            }
            if (t >= fStart[f] && t < fStop[f] && t >= quietUntil[f]) {
              if (t - lastLoss[f] > 4 * fRtt[f]) {
                backoff[f] = 0;
              }
              double send = Math.min(cwnd[f] * pkt / fRtt[f], fMax[f]) * dt;
              fOffered[f] = send;
              arrived += send;
              if (j == 0) {
                demandSum += fMax[f];
              }
            } else {
              fOffered[f] = 0;
            }
          }
          arrTick[i] = arrived;
          switch (kind[i]) {
            case 0 -> {
              double cap = Math.max(depth[i], rate[i] * dt);
              tokens[i] = Math.min(cap, tokens[i] + rate[i] * dt);
              double served = Math.min(arrived, tokens[i]);
              tokens[i] -= served;
              servTick[i] = served;
            }
            case 1 -> servTick[i] = arrived * (1 - dropP[i]);
            default -> centralArrived += arrived;
          }
        }
        if (centralArrived > 0 || sc.bucketDepth() >= 0) {
          double cap = Math.max(sc.bucketDepth(), L * dt);
          centralTokens = Math.min(cap, centralTokens + L * dt);
          double frac = 1;
          if (centralArrived > 0) {
            double s = Math.min(centralArrived, centralTokens);
            centralTokens -= s;
            frac = s / centralArrived;
          }
          for (int i = 0; i < n; i++) {
            if (kind[i] == 2) {
              servTick[i] = arrTick[i] * frac;
            }
          }
        }
        for (int i = 0; i < n; i++) {
          double arrived = arrTick[i];
          double served = servTick[i];
          arrI[i] += arrived;
          servI[i] += served;
          int[] fl = flowsOf[i];
          if (fl.length == 0) {
            continue;
          }
          double d = arrived > 0 ? Math.max(0, 1 - served / arrived) : 0;
          double logKeep = d > 0 ? Math.log1p(-Math.min(d, 1 - 1e-12)) : 0;
          boolean tail = kind[i] != 1 && d > 0;
          if (tail) {
            // A bucket drops the tail: the flows whose packets find it empty. Serve the flows in
            // a random order (open-loop units proportionally) until the tick's tokens run out.
            shuffle(fl, flowRng);
            double flowsOffered = 0;
            for (int f : fl) {
              flowsOffered += fOffered[f];
            }
            double budget = served - (arrived - flowsOffered) * (1 - d);
            for (int f : fl) {
              double got = Math.min(fOffered[f], Math.max(0, budget));
              budget -= got;
              fGot[f] = got;
            }
          }
          for (int x = 0; x < fl.length; x++) {
            int f = fl[x];
            double send = fOffered[f];
            if (send <= 0) {
              continue;
            }
            double got = tail ? fGot[f] : send * (1 - d);
            if (tail) {
              double df = 1 - got / send;
              logKeep = df > 0 ? Math.log1p(-Math.min(df, 1 - 1e-12)) : 0;
            }
            if (steady) {
              fBytes[f] += got;
            }
            samples[i].observe(f, got, flowRng);
            double pLoss = logKeep < 0 ? -Math.expm1(logKeep * send / pkt) : 0;
            if (pLoss > 0 && flowRng.nextDouble() < pLoss && t - lastLoss[f] >= fRtt[f]) {
              lastLoss[f] = t;
              if (cwnd[f] < FAST_RETRANSMIT_CWND) {
                // too few packets in flight for three duplicate ACKs: a retransmission timeout
                ssthresh[f] = Math.max(1, cwnd[f] / 2);
                cwnd[f] = 1;
                quietUntil[f] = t + Math.max(MIN_RTO, 2 * fRtt[f]) * (1 << backoff[f]);
                backoff[f] = Math.min(MAX_BACKOFF, backoff[f] + 1);
              } else {
                cwnd[f] = cwnd[f] / 2;
                ssthresh[f] = cwnd[f];
              }
            } else if (send < fMax[f] * dt) {
              if (cwnd[f] < ssthresh[f]) {
                cwnd[f] *= fSlowStartGrowth[f];
              } else {
                cwnd[f] += dt / fRtt[f];
              }
            }
          }
        }
      }
      double tEnd = (k + 1) * interval;
      int slot = k % slots;
      double served = 0;
      double qSum = 0;
      double qSq = 0;
      for (int i = 0; i < n; i++) {
        double maxFlow = samples[i] == null ? 0 : samples[i].endInterval(interval);
        int sampled = samples[i] == null ? 0 : samples[i].size();
        LocalMeasurement m = new LocalMeasurement(interval, arrI[i], servI[i], maxFlow, sampled);
        List<Envelope<M>> inbox = queue[slot][i];
        StepResult<S, M> res =
            alloc.step(
                ctx[i],
                states.get(i),
                new StepInput<>(tEnd, m, inbox.isEmpty() ? empty : inbox, null),
                algRng);
        inbox.clear();
        states.set(i, res.state());
        apply(res.enforcement(), i, kind, rate, depth, dropP);
        for (Envelope<M> e : res.outgoing()) {
          messages++;
          bytes += e.body().sizeBytes();
          if (sc.loss() > 0 && lossRng.nextDouble() < sc.loss()) {
            continue;
          }
          if (e.to() >= 0 && e.to() < n) {
            queue[(k + delaySteps) % slots][e.to()].add(e);
          }
        }
        double q = alloc.indicator(ctx[i], res.state(), m);
        qSum += q;
        qSq += q * q;
        served += servI[i];
        obsDemand[i] = arrI[i] / interval;
        obsServed[i] = servI[i] / interval;
        obsLimit[i] = kind[i] == 0 ? rate[i] : Double.NaN;
        obsDrop[i] = kind[i] == 1 ? dropP[i] : Double.NaN;
        arrI[i] = 0;
        servI[i] = 0;
      }
      times[k] = tEnd;
      aggServed[k] = served / interval;
      aggDemand[k] = demandSum;
      jain[k] = qSq > 0 ? qSum * qSum / (n * qSq) : 1;
      if (observer != null) {
        observer.onInterval(tEnd, obsDemand, obsLimit, obsDrop, obsServed);
      }
      if (progress != null && (k + 1) % progressEvery == 0) {
        progress.report(tEnd, sc.duration());
      }
    }
    double[] flowRates = new double[flowCount];
    for (int f = 0; f < flowCount; f++) {
      flowRates[f] = fTime[f] > 0 ? fBytes[f] / fTime[f] : Double.NaN;
    }
    return new SimulationResult(
        alloc.name(),
        sc,
        times,
        aggServed,
        aggDemand,
        jain,
        flowRates,
        changeTimes(sc),
        messages,
        bytes);
  }

  private static void apply(
      Enforcement e, int i, int[] kind, double[] rate, double[] depth, double[] dropP) {
    if (e instanceof Enforcement.LocalLimit l) {
      kind[i] = 0;
      rate[i] = l.rate();
      depth[i] = l.depth();
    } else if (e instanceof Enforcement.DropProbability p) {
      kind[i] = 1;
      dropP[i] = p.probability();
    } else {
      kind[i] = 2;
    }
  }

  private static void shuffle(int[] a, SplittableRandom rng) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** Poisson arrivals with the given mean (normal approximation above 1,000). */
  public static double poisson(double mean, SplittableRandom rng) {
    if (mean <= 0) {
      return 0;
    }
    if (mean > 1000) {
      return Math.max(0, mean + Math.sqrt(mean) * rng.nextGaussian());
    }
    double l = Math.exp(-mean);
    int k = 0;
    double p = 1;
    do {
      k++;
      p *= rng.nextDouble();
    } while (p > l);
    return k - 1;
  }

  /** 0, every demand breakpoint and every flow start and stop within the run. */
  public static double[] changeTimes(Scenario sc) {
    TreeSet<Double> set = new TreeSet<>();
    set.add(0.0);
    for (DemandSpec d : sc.demands()) {
      for (double t : d.times()) {
        if (t > 0 && t < sc.duration()) {
          set.add(t);
        }
      }
    }
    for (FlowGroup g : sc.flows()) {
      if (g.start() > 0 && g.start() < sc.duration()) {
        set.add(g.start());
      }
      if (g.stop() < sc.duration()) {
        set.add(g.stop());
      }
    }
    return set.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
