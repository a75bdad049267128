package dev.alm.ratelimit.sim;

import dev.alm.ratelimit.alloc.FlowSample;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The simulator's long-lived TCP flows as a fluid AIMD model, each behind one limiter, with each
 * limiter's FPS flow sample (paper 001 section 3.2.2).
 *
 * <p>Per flow, per tick dt: sending rate min(cwnd MSS / RTT, maxRate); with the limiter's drop
 * fraction d over the tick, the flow sees a loss with probability 1 - (1 - d)^packets and then
 * halves cwnd (at most once per RTT, New Reno's fast recovery), else grows it by dt / RTT packets
 * (slow start: doubles per RTT until the first loss). Mutable; one per run.
 */
final class TcpFlows {

  /**
   * Below this window (packets) a loss cannot raise enough duplicate ACKs even with limited
   * transmit (RFC 3042): it times out.
   */
  static final double FAST_RETRANSMIT_CWND = 2;

  /** Linux's minimum retransmission timeout, seconds. */
  static final double MIN_RTO = 0.2;

  /** Retransmission timeouts back off at most 2^6 times. */
  static final int MAX_BACKOFF = 6;

  private final double dt;
  private final double pkt;
  private final int[] limiterOf;
  private final double[] rtt;
  private final double[] start;
  private final double[] stop;
  private final double[] maxRate;
  private final double[] cwnd;
  private final double[] ssthresh;
  private final double[] lastLoss;
  private final double[] steadyBytes;
  private final double[] steadyTime;
  private final double[] offered;
  private final double[] got;
  private final double[] quietUntil;
  private final int[] backoff;
  private final double[] slowStartGrowth;
  private final int[][] flowsOf;
  private final FlowSample[] samples;

  /**
   * @param groups the scenario's flow groups
   * @param limiters how many limiters
   * @param dt the tick, seconds
   * @param packetBytes bytes per packet
   */
  TcpFlows(List<FlowGroup> groups, int limiters, double dt, double packetBytes) {
    this.dt = dt;
    this.pkt = packetBytes;
    int count = 0;
    for (FlowGroup g : groups) {
      count += g.count();
    }
    limiterOf = new int[count];
    rtt = new double[count];
    start = new double[count];
    stop = new double[count];
    maxRate = new double[count];
    cwnd = new double[count];
    ssthresh = new double[count];
    lastLoss = new double[count];
    steadyBytes = new double[count];
    steadyTime = new double[count];
    offered = new double[count];
    got = new double[count];
    quietUntil = new double[count];
    backoff = new int[count];
    slowStartGrowth = new double[count];
    int[] perLimiter = new int[limiters];
    int f = 0;
    for (FlowGroup g : groups) {
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
    flowsOf = new int[limiters][];
    samples = new FlowSample[limiters];
    for (int i = 0; i < limiters; i++) {
      flowsOf[i] = new int[perLimiter[i]];
      perLimiter[i] = 0;
    }
    for (f = 0; f < count; f++) {
      flowsOf[limiterOf[f]][perLimiter[limiterOf[f]]++] = f;
    }
    for (int i = 0; i < limiters; i++) {
      if (flowsOf[i].length > 0) {
        samples[i] = new FlowSample(10, 0.01, packetBytes);
      }
    }
  }

  /** Whether limiter {@code i} has flows. */
  boolean any(int i) {
    return flowsOf[i].length > 0;
  }

  /** Whether flow {@code f} sends at {@code t}: started, not stopped, not waiting out a timeout. */
  private boolean sending(int f, double t) {
    return t >= start[f] && t < stop[f] && t >= quietUntil[f];
  }

  /**
   * What limiter {@code i}'s flows offer over the tick starting at {@code t}, added one flow at a
   * time to {@code arrived}.
   */
  double offer(int i, double t, boolean steady, double arrived) {
    for (int f : flowsOf[i]) {
      if (steady && t >= start[f] && t < stop[f]) {
        steadyTime[f] += dt;
      }
      if (sending(f, t)) {
        if (t - lastLoss[f] > 4 * rtt[f]) {
          backoff[f] = 0;
        }
        double send = Math.min(cwnd[f] * pkt / rtt[f], maxRate[f]) * dt;
        offered[f] = send;
        arrived += send;
      } else {
        offered[f] = 0;
      }
    }
    return arrived;
  }

  /** {@code sum} plus the caps of limiter {@code i}'s flows sending at {@code t}, units/s. */
  double addCaps(int i, double t, double sum) {
    for (int f : flowsOf[i]) {
      if (sending(f, t)) {
        sum += maxRate[f];
      }
    }
    return sum;
  }

  /**
   * Limiter {@code i}'s flows take what the limiter served of what arrived over the tick: a bucket
   * ({@code tailDrop}) serves whole flows in a random order until its tokens run out, a drop
   * probability thins every flow alike; then each flow reacts to its losses.
   */
  void react(
      int i,
      double arrived,
      double served,
      boolean tailDrop,
      double t,
      boolean steady,
      SplittableRandom rng) {
    int[] fl = flowsOf[i];
    double d = arrived > 0 ? Math.max(0, 1 - served / arrived) : 0;
    double logKeep = logKeep(d);
    boolean tail = tailDrop && d > 0;
    if (tail) {
      shareTail(fl, arrived, served, d, rng);
    }
    for (int f : fl) {
      double send = offered[f];
      if (send <= 0) {
        continue;
      }
      double received = tail ? got[f] : send * (1 - d);
      if (tail) {
        logKeep = logKeep(1 - received / send);
      }
      if (steady) {
        steadyBytes[f] += received;
      }
      samples[i].observe(f, received, rng);
      double pLoss = logKeep < 0 ? -Math.expm1(logKeep * send / pkt) : 0;
      adjustWindow(f, send, pLoss, t, rng);
    }
  }

  /** log(1 - d), the log of the share kept under drop fraction {@code d}; 0 when nothing drops. */
  private static double logKeep(double d) {
    return d > 0 ? Math.log1p(-Math.min(d, 1 - 1e-12)) : 0;
  }

  /**
   * A bucket drops the tail: the flows whose packets find it empty. Serves the flows in a random
   * order (open-loop units proportionally) until the tick's tokens run out.
   */
  private void shareTail(int[] fl, double arrived, double served, double d, SplittableRandom rng) {
    shuffle(fl, rng);
    double flowsOffered = 0;
    for (int f : fl) {
      flowsOffered += offered[f];
    }
    double budget = served - (arrived - flowsOffered) * (1 - d);
    for (int f : fl) {
      double g = Math.min(offered[f], Math.max(0, budget));
      budget -= g;
      got[f] = g;
    }
  }

  /** New Reno on one tick: a loss (probability {@code pLoss}) halves or times out, else grows. */
  private void adjustWindow(int f, double send, double pLoss, double t, SplittableRandom rng) {
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

  /** Closes limiter {@code i}'s flow sample's interval: its fastest flow, units/s (0 if none). */
  double endInterval(int i, double interval) {
    return samples[i] == null ? 0 : samples[i].endInterval(interval);
  }

  /** How many flows limiter {@code i}'s sample holds. */
  int sampled(int i) {
    return samples[i] == null ? 0 : samples[i].size();
  }

  /** Each flow's mean served rate over its active time after the warm-up (NaN if none). */
  double[] meanRates() {
    double[] rates = new double[limiterOf.length];
    for (int f = 0; f < rates.length; f++) {
      rates[f] = steadyTime[f] > 0 ? steadyBytes[f] / steadyTime[f] : Double.NaN;
    }
    return rates;
  }

  private static void shuffle(int[] a, SplittableRandom rng) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
