package dev.alm.app.drl;

import dev.alm.drl.agent.AgentCounters;
import dev.alm.drl.agent.AgentFleet;
import dev.alm.drl.agent.Mode;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One run of {@code alm drl agents}: the fleet sampled every 100 ms (the sum of shares, what is
 * served, the agents' modes), the demand shift at half time, agent 0 cut off and heard again, and
 * the report.
 */
final class DrlAgentsRun {
  private final DrlAgentsCommand o;
  private final AgentFleet fleet;
  private final String customer;
  private final double[] demand;
  private final double cutAt;
  private final double cutFor;
  private final int n;
  private final List<Double> servedErr = new ArrayList<>();
  private double servedSum = 0;
  private int samples = 0;
  private double maxShares = 0;
  private int maxThreads = 0;
  private long[] wire0 = null;
  private long datagrams0 = 0;
  private long cpu0 = 0;
  private long payload0 = 0;
  private double measuredFrom = 0;
  private long start;
  private boolean shifted = false;
  private int cut = 0; // 0 before, 1 during, 2 after the partition
  private double maxSharesCut = 0;
  private double leaseAt = Double.NaN;
  private double safeAt = Double.NaN;
  private double reconvergedAt = Double.NaN;

  DrlAgentsRun(
      DrlAgentsCommand options,
      AgentFleet fleet,
      String customer,
      double[] demand,
      double cutAt,
      double cutFor) {
    this.o = options;
    this.fleet = fleet;
    this.customer = customer;
    this.demand = demand;
    this.cutAt = cutAt;
    this.cutFor = cutFor;
    this.n = demand.length;
  }

  void loop(double seconds) throws InterruptedException {
    start = System.nanoTime();
    long nextPrint = start + 1_000_000_000L;
    while (true) {
      double t = (System.nanoTime() - start) / 1e9;
      if (t >= seconds) {
        break;
      }
      events(t, seconds);
      double shares = 0;
      double served = 0;
      int normal = 0;
      for (int i = 0; i < n; i++) {
        double s = fleet.pop(i).share(customer);
        shares += Double.isNaN(s) ? 0 : s;
        served += fleet.pop(i).served(customer);
        normal += fleet.agent(i).status().mode() == Mode.NORMAL ? 1 : 0;
      }
      watchPartition(t, shares, normal);
      if (t >= o.warmup) {
        measure(t, shares, served);
      }
      maxThreads = Math.max(maxThreads, ManagementFactory.getThreadMXBean().getThreadCount());
      if (System.nanoTime() >= nextPrint) {
        nextPrint += 1_000_000_000L;
        System.err.printf(
            Locale.ROOT,
            "t=%4.0f s  shares/L %.3f  served/L %.3f  normal %d/%d%n",
            t,
            shares / o.limit,
            served / o.limit,
            normal,
            n);
      }
      Thread.sleep(100);
    }
  }

  /** The demand shift at half time, and agent 0 cut off and heard again. */
  private void events(double t, double seconds) {
    if (o.shift && !shifted && t >= seconds / 2) {
      shifted = true;
      for (int i = 0; i < n; i++) {
        fleet.pop(i).demand(customer, demand[(i + n / 2) % n]);
      }
    }
    if (cut == 0 && t >= cutAt) {
      cut = 1;
      fleet.agent(0).filter((p, out) -> false);
      System.err.printf(Locale.ROOT, "t=%4.1f s  agent 0 cut off%n", t);
    } else if (cut == 1 && t >= cutAt + cutFor) {
      cut = 2;
      fleet.agent(0).filter(null);
      System.err.printf(Locale.ROOT, "t=%4.1f s  agent 0 heard again%n", t);
    }
  }

  /** During the partition: the shares' sum and agent 0's modes; after it: the re-convergence. */
  private void watchPartition(double t, double shares, int normal) {
    if (cut == 1) {
      maxSharesCut = Math.max(maxSharesCut, shares / o.limit);
      Mode m0 = fleet.agent(0).status().mode();
      if (m0 == Mode.LEASE && Double.isNaN(leaseAt)) {
        leaseAt = t - cutAt;
      } else if (m0 == Mode.SAFE && Double.isNaN(safeAt)) {
        safeAt = t - cutAt;
      }
    } else if (cut == 2) {
      boolean near = Math.abs(shares / o.limit - 1) <= 0.03 && normal == n;
      if (near && Double.isNaN(reconvergedAt)) {
        reconvergedAt = t - cutAt - cutFor;
      } else if (!near) {
        reconvergedAt = Double.NaN;
      }
    }
  }

  /** After the warm-up: served against L, the largest sum of shares, traffic from the start. */
  private void measure(double t, double shares, double served) {
    if (wire0 == null) {
      cpu0 = processCpuNanos();
      wire0 = new long[] {0};
      AgentCounters[] c = DrlAgentsCommand.counters(fleet);
      for (AgentCounters x : c) {
        wire0[0] += x.wireBytes();
        datagrams0 += x.sentDatagrams();
        payload0 += x.sentBytes();
      }
      measuredFrom = t;
    }
    servedErr.add(Math.abs(served - o.limit) / o.limit);
    servedSum += served / o.limit;
    samples++;
    maxShares = Math.max(maxShares, shares / o.limit);
  }

  void report(double seconds, double startup) {
    double measured = (System.nanoTime() - start) / 1e9 - measuredFrom;
    long wire = 0;
    long datagrams = 0;
    long payload = 0;
    for (AgentCounters x : DrlAgentsCommand.counters(fleet)) {
      wire += x.wireBytes();
      datagrams += x.sentDatagrams();
      payload += x.sentBytes();
    }
    double[] err = servedErr.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double p95 = err.length == 0 ? Double.NaN : err[(int) Math.floor(0.95 * (err.length - 1))];
    double perAgent = (wire - wire0[0]) / measured / n;
    System.out.printf(
        Locale.ROOT,
        "%d agents (%s membership, %s gossip, br = %d, %.0f ms intervals, loss %.2f) for %.0f s:%n",
        n,
        o.membership,
        o.gossip,
        o.fanOut,
        o.interval * 1000,
        o.loss,
        seconds);
    System.out.printf(
        Locale.ROOT,
        "  served / L: mean %.4f, p95 of |served - L| / L %.4f over %d samples after %.0f s%n",
        servedSum / samples,
        p95,
        samples,
        o.warmup);
    System.out.printf(Locale.ROOT, "  largest sum of shares / L: %.4f%n", maxShares);
    System.out.printf(
        Locale.ROOT,
        "  control traffic per agent: %.1f datagrams/s, %.0f B/s UDP payload, %.0f B/s on the wire"
            + " (%.2f kbit/s; paper 001: 2.88 kB/s per limiter at br = 3)%n",
        (datagrams - datagrams0) / measured / n,
        (payload - payload0) / measured / n,
        perAgent,
        perAgent * 8 / 1000);
    if (o.partition != null) {
      System.out.printf(
          Locale.ROOT,
          "  partition of agent 0 for %.0f s from %.0f s: largest sum of shares / L %.4f during it"
              + " (bound 1 + max(0, s - 1/N) while it leases, 1 after); agent 0 lease after %.2f s,"
              + " safe (L/N) after %.2f s; shares back within 3%% of L, every agent normal, %.2f s"
              + " after healing%n",
          cutFor,
          cutAt,
          maxSharesCut,
          leaseAt,
          safeAt,
          reconvergedAt);
    }
    double cpu = (processCpuNanos() - cpu0) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "  process CPU: %.1f%% of one core, %.1f us per agent per interval (%d agents,"
            + " demand model and sampling included)%n",
        100 * cpu / measured,
        cpu / (measured / o.interval) / n * 1e6,
        n);
    System.out.printf(
        Locale.ROOT, "  threads in the process: %d at most; startup %.1f s%n", maxThreads, startup);
  }

  /** The CPU time of the whole process so far, ns (0 when the JVM does not say). */
  private static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : 0;
  }
}
