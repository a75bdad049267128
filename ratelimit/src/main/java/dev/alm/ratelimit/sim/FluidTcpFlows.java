package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.FlowSample;
import java.util.SplittableRandom;

/**
 * A scenario's TCP flows as fluid AIMD senders, tick by tick, for a driver that polices them at
 * each limiter: the {@link Simulator}'s run and the live runs' PoPs ({@code ScenarioPops}) step
 * this one model, so both see the same flows. Per flow and tick dt: sending rate min(cwnd MSS /
 * RTT, maxRate); with the limiter's drop fraction d over the tick the flow sees a loss with
 * probability 1 - (1 - d)^packets and halves cwnd (at most once per RTT, New Reno's fast recovery;
 * below 2 packets a retransmission timeout of max(200 ms, 2 RTT), backed off up to 2^6), else grows
 * it by dt / RTT packets (slow start: doubles per RTT until the first loss). A token bucket drops
 * the tail: within a tick the flows are served in random order until its tokens run out; a drop
 * probability hits every flow alike. Each limiter keeps FPS's flow sample (10 flows, 1% of the
 * packets).
 *
 * <p>Mutable, not thread-safe: the driver calls {@link #offer} for every limiter of a tick,
 * polices, then {@link #deliver}.
 */
public final class FluidTcpFlows {

  /**
   * Below this window (packets) a loss cannot raise enough duplicate ACKs even with limited
   * transmit (RFC 3042): it times out.
   */
  static final double FAST_RETRANSMIT_CWND = 2;

  /** Linux's minimum retransmission timeout, seconds. */
  static final double MIN_RTO = 0.2;

  /** Retransmission timeouts back off at most 2^6 times. */
  static final int MAX_BACKOFF = 6;

  private final double pkt;
  private final int[][] flowsOf;
  private final double[] rtt;
  private final double[] start;
  private final double[] stop;
  private final double[] maxRate;
  private final double[] cwnd;
  private final double[] ssthresh;
  private final double[] lastLoss;
  private final double[] quietUntil;
  private final int[] backoff;
  private final double[] slowStartGrowth;
  private final double[] offered;
  private final double[] got;
  private final double[] bytes;
  private final double[] time;
  private final double[] offeredDemand;
  private final FlowSample[] samples;
  private final SplittableRandom rng;

  /** The flows of {@code sc}, drawing their losses and orders from {@code rng}. */
  public FluidTcpFlows(Scenario sc, SplittableRandom rng) {
    this.rng = rng;
    this.pkt = sc.packetBytes();
    int n = sc.limiters();
    int count = 0;
    for (FlowGroup g : sc.flows()) {
      count += g.count();
    }
    rtt = new double[count];
    start = new double[count];
    stop = new double[count];
    maxRate = new double[count];
    cwnd = new double[count];
    ssthresh = new double[count];
    lastLoss = new double[count];
    quietUntil = new double[count];
    backoff = new int[count];
    slowStartGrowth = new double[count];
    offered = new double[count];
    got = new double[count];
    bytes = new double[count];
    time = new double[count];
    int[] perLimiter = new int[n];
    int[] limiterOf = new int[count];
    double dt = sc.interval() / sc.ticksPerInterval();
    int f = 0;
    for (FlowGroup g : sc.flows()) {
      for (int c = 0; c < g.count(); c++, f++) {
        limiterOf[f] = g.limiter();
        rtt[f] = g.rtt();
        start[f] = g.start();
        stop[f] = g.stop();
        maxRate[f] = g.maxRate();
        cwnd[f] = 1;
        ssthresh[f] = Double.POSITIVE_INFINITY;
        lastLoss[f] = Double.NEGATIVE_INFINITY;
        slowStartGrowth[f] = Math.pow(2, dt / g.rtt());
        perLimiter[g.limiter()]++;
      }
    }
    flowsOf = new int[n][];
    samples = new FlowSample[n];
    for (int i = 0; i < n; i++) {
      flowsOf[i] = new int[perLimiter[i]];
      samples[i] = perLimiter[i] > 0 ? new FlowSample(10, 0.01, pkt) : null;
      perLimiter[i] = 0;
    }
    for (int x = 0; x < count; x++) {
      flowsOf[limiterOf[x]][perLimiter[limiterOf[x]]++] = x;
    }
    offeredDemand = new double[n];
  }

  /** Whether limiter {@code i} has flows. */
  public boolean has(int i) {
    return flowsOf[i].length > 0;
  }

  /**
   * What limiter {@code i}'s flows send in the tick [t, t + dt), in units.
   *
   * @param steady whether the tick counts towards the flows' rates (after the warm-up)
   */
  public double offer(int i, double t, double dt, boolean steady) {
    double sum = 0;
    double demand = 0;
    for (int f : flowsOf[i]) {
      if (steady && t >= start[f] && t < stop[f]) {
        time[f] += dt;
      }
      if (t >= start[f] && t < stop[f] && t >= quietUntil[f]) {
        if (t - lastLoss[f] > 4 * rtt[f]) {
          backoff[f] = 0;
        }
        offered[f] = Math.min(cwnd[f] * pkt / rtt[f], maxRate[f]) * dt;
        sum += offered[f];
        demand += maxRate[f];
      } else {
        offered[f] = 0;
      }
    }
    offeredDemand[i] = demand;
    return sum;
  }

  /**
   * The demand of limiter {@code i}'s flows at the last {@link #offer}: their maxRates, units/s.
   */
  public double demand(int i) {
    return offeredDemand[i];
  }

  /**
   * The tick's outcome at limiter {@code i}: {@code arrived} units (open-loop and flows) of which
   * {@code served} went through; {@code tail} for a token bucket, false for a drop probability.
   */
  public void deliver(
      int i, double t, double dt, double arrived, double served, boolean tail, boolean steady) {
    int[] fl = flowsOf[i];
    if (fl.length == 0) {
      return;
    }
    double d = arrived > 0 ? Math.max(0, 1 - served / arrived) : 0;
    double logKeep = d > 0 ? Math.log1p(-Math.min(d, 1 - 1e-12)) : 0;
    boolean tailDrop = tail && d > 0;
    if (tailDrop) {
      shuffle(fl);
      double flowsOffered = 0;
      for (int f : fl) {
        flowsOffered += offered[f];
      }
      double budget = served - (arrived - flowsOffered) * (1 - d);
      for (int f : fl) {
        got[f] = Math.min(offered[f], Math.max(0, budget));
        budget -= got[f];
      }
    }
    for (int f : fl) {
      double send = offered[f];
      if (send <= 0) {
        continue;
      }
      double g = tailDrop ? got[f] : send * (1 - d);
      double keep = logKeep;
      if (tailDrop) {
        double df = 1 - g / send;
        keep = df > 0 ? Math.log1p(-Math.min(df, 1 - 1e-12)) : 0;
      }
      if (steady) {
        bytes[f] += g;
      }
      samples[i].observe(f, g, rng);
      react(f, t, dt, send, keep < 0 ? -Math.expm1(keep * send / pkt) : 0);
    }
  }

  /** One flow's window after a tick in which it sent {@code send} units and lost with pLoss. */
  private void react(int f, double t, double dt, double send, double pLoss) {
    if (pLoss > 0 && rng.nextDouble() < pLoss && t - lastLoss[f] >= rtt[f]) {
      lastLoss[f] = t;
      if (cwnd[f] < FAST_RETRANSMIT_CWND) {
        // too few packets in flight for three duplicate ACKs: a retransmission timeout
        ssthresh[f] = Math.max(1, cwnd[f] / 2);
        cwnd[f] = 1;
        quietUntil[f] = t + Math.max(MIN_RTO, 2 * rtt[f]) * (1 << backoff[f]);
        backoff[f] = Math.min(MAX_BACKOFF, backoff[f] + 1);
      } else {
        cwnd[f] = cwnd[f] / 2;
        ssthresh[f] = cwnd[f];
      }
    } else if (send < maxRate[f] * dt) {
      if (cwnd[f] < ssthresh[f]) {
        cwnd[f] *= slowStartGrowth[f];
      } else {
        cwnd[f] += dt / rtt[f];
      }
    }
  }

  /**
   * Ends a measurement of {@code seconds} at limiter {@code i}: the fastest sampled flow's rate
   * (FPS's MAXRATE), 0 without flows.
   */
  public double endInterval(int i, double seconds) {
    return samples[i] == null ? 0 : samples[i].endInterval(seconds);
  }

  /** The flows in limiter {@code i}'s sample. */
  public int sampled(int i) {
    return samples[i] == null ? 0 : samples[i].size();
  }

  /** Each flow's mean rate after the warm-up while it was active, units/s (NaN: never active). */
  public double[] flowRates() {
    double[] r = new double[bytes.length];
    for (int f = 0; f < r.length; f++) {
      r[f] = time[f] > 0 ? bytes[f] / time[f] : Double.NaN;
    }
    return r;
  }

  private void shuffle(int[] a) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
