package dev.alm.app.drl;

import dev.alm.drl.agent.AgentCounters;
import dev.alm.drl.agent.AgentFleet;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.DrlAgent;
import dev.alm.drl.agent.Mode;
import dev.alm.io.KeyRing;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code alm drl agents}: many DRL agents in one process gossiping over real loopback UDP sockets
 * with synthetic demand, to measure how well they hold one customer's limit and what the control
 * traffic costs (docs/ratelimit/agent.md).
 */
@Command(
    name = "agents",
    header = "Run N DRL agents in one process over loopback UDP and measure accuracy and traffic.",
    mixinStandardHelpOptions = true,
    description = {
      "Starts --agents agents (one UDP socket each, on 127.0.0.1) sharing one customer's limit",
      "(--limit units/s). Agent i's demand is drawn once, uniform in [0.2, 1.8] x 2 L / N, so the",
      "total is about twice the limit and the limit binds; with --shift the demands are rotated",
      "by N/2 at half time. Each agent serves min(demand, share). After --warmup it samples every",
      "100 ms the sum of the shares and the aggregate served rate, and prints: served / L (mean,",
      "p95 of |served - L| / L), the largest sum of shares / L, datagrams and bytes (UDP payload,",
      "and on the wire with 28 bytes of IPv4 and UDP headers) sent per agent per second, and the",
      "process's threads. Progress every second on stderr."
    })
public final class DrlAgentsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--agents", defaultValue = "100", description = "Agents N. Default: 100.")
  int agents;

  @Option(
      names = "--duration",
      defaultValue = "30",
      description = "Seconds to run (a trailing s is accepted). Default: 30.")
  String duration;

  @Option(
      names = "--warmup",
      defaultValue = "5",
      description = "Seconds left out of the figures. Default: 5.")
  double warmup;

  @Option(names = "--limit", defaultValue = "10000", description = "L in units/s. Default: 10000.")
  double limit;

  @Option(
      names = "--interval",
      defaultValue = "0.05",
      description = "Estimate interval in seconds. Default: 0.05.")
  double interval;

  @Option(names = "--fan-out", defaultValue = "3", description = "br. Default: 3.")
  int fanOut;

  @Option(
      names = "--membership",
      defaultValue = "static",
      description =
          "static (a fixed list) or swim (ScaleCube, one member per agent). Default: static.")
  String membership;

  @Option(
      names = "--gossip",
      defaultValue = "table",
      description = "table or push-sum. Default: table.")
  String gossip;

  @Option(
      names = "--loss",
      defaultValue = "0",
      description = "Fraction of datagrams dropped at the sender, in [0, 1). Default: 0.")
  double loss;

  @Option(
      names = "--threads",
      defaultValue = "1",
      description = "Event-loop threads shared by the agents. Default: 1.")
  int threads;

  @Option(names = "--shift", description = "Rotate the demands by N/2 at half time.")
  boolean shift;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the demands. Default: 1.")
  long seed;

  @Option(
      names = "--partition",
      paramLabel = "AT:SECONDS",
      description =
          "Cut agent 0 off from every peer (all its gossip in and out dropped) AT seconds into the"
              + " run for SECONDS, then heal; prints the largest sum of shares during the cut, when"
              + " agent 0 went lease and safe, and how long the shares took to re-converge.")
  String partition;

  @Override
  public Integer call() throws Exception {
    double seconds = parseSeconds(duration);
    checkOptions(seconds);
    AgentFleet.MembershipKind kind = membershipKind();
    AgentSettings.GossipMode mode = gossipMode();
    double[] cut = partition(seconds);
    String customer = "bench";
    int n = agents;
    AgentSettings base =
        AgentSettings.defaults(0, n, List.of(new CustomerLimit(customer, limit)))
            .withInterval(interval)
            .withFanOut(fanOut)
            .withGossip(mode);
    byte[] key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    KeyRing keys = KeyRing.of(key);
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] demand = new double[n];
    for (int i = 0; i < n; i++) {
      demand[i] = (0.2 + 1.6 * rnd.nextDouble()) * 2 * limit / n;
    }
    long t0 = System.nanoTime();
    try (AgentFleet fleet =
        new AgentFleet(
            n, base::withId, keys, kind, threads, System::nanoTime, System::currentTimeMillis)) {
      double startup = (System.nanoTime() - t0) / 1e9;
      System.err.printf(Locale.ROOT, "started %d agents (%s) in %.1f s%n", n, membership, startup);
      for (int i = 0; i < n; i++) {
        fleet.pop(i).demand(customer, demand[i]);
        if (loss > 0) {
          SplittableRandom r = rnd.split();
          fleet.agent(i).filter((p, out) -> !out || nextDouble(r) >= loss);
        }
      }
      Run run = new Run(fleet, customer, demand, cut[0], cut[1]);
      run.loop(seconds);
      run.report(seconds, startup);
    }
    return 0;
  }

  private void checkOptions(double seconds) {
    if (agents < 2 || agents > 2000) {
      throw new ParameterException(spec.commandLine(), "--agents: must be in 2..2000: " + agents);
    }
    if (!(limit > 0) || !(interval >= 0.005) || fanOut < 1 || threads < 1) {
      throw new ParameterException(
          spec.commandLine(), "--limit > 0, --interval >= 0.005, --fan-out >= 1, --threads >= 1");
    }
    if (!(loss >= 0 && loss < 1) || !(warmup >= 0 && warmup < seconds)) {
      throw new ParameterException(
          spec.commandLine(), "--loss in [0, 1) and --warmup in [0, --duration)");
    }
  }

  private AgentFleet.MembershipKind membershipKind() {
    return switch (membership) {
      case "static" -> AgentFleet.MembershipKind.STATIC;
      case "swim" -> AgentFleet.MembershipKind.SWIM;
      default ->
          throw new ParameterException(
              spec.commandLine(), "--membership: static or swim, not " + membership);
    };
  }

  private AgentSettings.GossipMode gossipMode() {
    return switch (gossip) {
      case "table" -> AgentSettings.GossipMode.TABLE;
      case "push-sum" -> AgentSettings.GossipMode.PUSH_SUM;
      default ->
          throw new ParameterException(
              spec.commandLine(), "--gossip: table or push-sum, not " + gossip);
    };
  }

  /** {@code --partition AT:SECONDS} as {at, seconds}; {NaN, 0} without one. */
  private double[] partition(double seconds) {
    double cutAt = Double.NaN;
    double cutFor = 0;
    if (partition != null) {
      String[] p = partition.split(":");
      try {
        cutAt = Double.parseDouble(p[0]);
        cutFor = p.length == 2 ? Double.parseDouble(p[1]) : Double.NaN;
      } catch (NumberFormatException e) {
        cutFor = Double.NaN;
      }
      if (p.length != 2 || !(cutAt >= 0) || !(cutFor > 0) || cutAt + cutFor >= seconds) {
        throw new ParameterException(
            spec.commandLine(),
            "--partition: AT:SECONDS within --duration, e.g. 10:30, not " + partition);
      }
    }
    return new double[] {cutAt, cutFor};
  }

  /** One run of the fleet: the demand shift, the partition, and what is measured every 100 ms. */
  private final class Run {
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
    private long payload0 = 0;
    private double measuredFrom = 0;
    private long start;
    private boolean shifted = false;
    private int cut = 0; // 0 before, 1 during, 2 after the partition
    private double maxSharesCut = 0;
    private double leaseAt = Double.NaN;
    private double safeAt = Double.NaN;
    private double reconvergedAt = Double.NaN;

    Run(AgentFleet fleet, String customer, double[] demand, double cutAt, double cutFor) {
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
        if (t >= warmup) {
          measure(t, shares, served);
        }
        maxThreads = Math.max(maxThreads, ManagementFactory.getThreadMXBean().getThreadCount());
        if (System.nanoTime() >= nextPrint) {
          nextPrint += 1_000_000_000L;
          System.err.printf(
              Locale.ROOT,
              "t=%4.0f s  shares/L %.3f  served/L %.3f  normal %d/%d%n",
              t,
              shares / limit,
              served / limit,
              normal,
              n);
        }
        Thread.sleep(100);
      }
    }

    /** The demand shift at half time, and agent 0 cut off and heard again. */
    private void events(double t, double seconds) {
      if (shift && !shifted && t >= seconds / 2) {
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
        maxSharesCut = Math.max(maxSharesCut, shares / limit);
        Mode m0 = fleet.agent(0).status().mode();
        if (m0 == Mode.LEASE && Double.isNaN(leaseAt)) {
          leaseAt = t - cutAt;
        } else if (m0 == Mode.SAFE && Double.isNaN(safeAt)) {
          safeAt = t - cutAt;
        }
      } else if (cut == 2) {
        boolean near = Math.abs(shares / limit - 1) <= 0.03 && normal == n;
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
        wire0 = new long[] {0};
        AgentCounters[] c = counters(fleet);
        for (AgentCounters x : c) {
          wire0[0] += x.wireBytes();
          datagrams0 += x.sentDatagrams();
          payload0 += x.sentBytes();
        }
        measuredFrom = t;
      }
      servedErr.add(Math.abs(served - limit) / limit);
      servedSum += served / limit;
      samples++;
      maxShares = Math.max(maxShares, shares / limit);
    }

    void report(double seconds, double startup) {
      double measured = (System.nanoTime() - start) / 1e9 - measuredFrom;
      long wire = 0;
      long datagrams = 0;
      long payload = 0;
      for (AgentCounters x : counters(fleet)) {
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
          membership,
          gossip,
          fanOut,
          interval * 1000,
          loss,
          seconds);
      System.out.printf(
          Locale.ROOT,
          "  served / L: mean %.4f, p95 of |served - L| / L %.4f over %d samples after %.0f s%n",
          servedSum / samples,
          p95,
          samples,
          warmup);
      System.out.printf(Locale.ROOT, "  largest sum of shares / L: %.4f%n", maxShares);
      System.out.printf(
          Locale.ROOT,
          "  control traffic per agent: %.1f datagrams/s, %.0f B/s UDP payload, %.0f B/s on the wire"
              + " (%.2f kbit/s; paper 001: 2.88 kB/s per limiter at br = 3)%n",
          (datagrams - datagrams0) / measured / n,
          (payload - payload0) / measured / n,
          perAgent,
          perAgent * 8 / 1000);
      if (partition != null) {
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
      System.out.printf(
          Locale.ROOT,
          "  threads in the process: %d at most; startup %.1f s%n",
          maxThreads,
          startup);
    }
  }

  private static synchronized double nextDouble(SplittableRandom r) {
    return r.nextDouble();
  }

  private static AgentCounters[] counters(AgentFleet fleet) {
    AgentCounters[] c = new AgentCounters[fleet.size()];
    for (int i = 0; i < c.length; i++) {
      DrlAgent a = fleet.agent(i);
      c[i] = a.status().counters();
    }
    return c;
  }

  private double parseSeconds(String s) {
    String v = s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
    try {
      double d = Double.parseDouble(v);
      if (d > 0 && d <= 3600) {
        return d;
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw new ParameterException(
        spec.commandLine(), "--duration: seconds in (0, 3600], e.g. 30 or 30s, not " + s);
  }
}
