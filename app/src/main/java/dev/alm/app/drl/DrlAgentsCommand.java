package dev.alm.app.drl;

import dev.alm.drl.agent.AgentCounters;
import dev.alm.drl.agent.AgentFleet;
import dev.alm.drl.agent.AgentSettings;
import dev.alm.drl.agent.CustomerLimit;
import dev.alm.drl.agent.DrlAgent;
import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.ratelimit.keys.KeyedScenarioReader;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
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

  @Option(
      names = "--seed",
      description =
          "Seed of the demands. With --scenario: replaces the scenario's seed (its demands, the"
              + " links' loss and delay draws, and its simulated twin). Default: 1, or the"
              + " scenario's.")
  Long seed;

  @Option(
      names = "--partition",
      paramLabel = "AT:SECONDS",
      description =
          "Cut agent 0 off from every peer (all its gossip in and out dropped) AT seconds into the"
              + " run for SECONDS, then heal; prints the largest sum of shares during the cut, when"
              + " agent 0 went lease and safe, and how long the shares took to re-converge.")
  String partition;

  @Option(
      names = "--scenario",
      paramLabel = "FILE|builtin:NAME",
      description =
          "Run a simulator scenario (open-loop demand, TCP flows) through the simulator and through live"
              + " agents, per --algorithm, and print served/L, the p95 aggregate error and the"
              + " convergence time of both; writes ALG/summary.json (live), ALG/simulated.json,"
              + " ALG/timeseries.csv and ALG/simulated.csv (each limiter's demand, limit, drop and"
              + " served per interval, live and simulated, in alm drl simulate's columns) and"
              + " ALG/live.png and ALG/simulated.png under --out. The other options but --threads"
              + " are ignored. A keyed scenario (builtin:keys-zipf?..., builtin:keys-rate?..., or a"
              + " file with keys; docs/ratelimit/keys.md) runs its PoPs' per-key sharing live"
              + " on loopback and simulated, and writes summary.json with both.")
  String scenario;

  @Option(
      names = "--algorithm",
      defaultValue = "all",
      description = "With --scenario: share,grd,fps,gtb,ctb,gdrl,dst or all. Default: all.")
  String algorithm;

  @Option(
      names = "--faster",
      defaultValue = "1",
      description =
          "With --scenario: run it F times faster, simulated and live alike (times / F, rates x F,"
              + " the same units per interval), e.g. 20 for paper 000's 1-second slots at 50 ms."
              + " Default: 1.")
  double faster;

  @Option(
      names = "--out",
      defaultValue = "drl-agents-out",
      description = "With --scenario: the output directory. Default: drl-agents-out.")
  Path out;

  @Override
  public Integer call() throws Exception {
    if (scenario != null && KeyedScenarioReader.isKeyed(scenario)) {
      Files.createDirectories(out);
      return KeyedSimulate.live(
          KeyedScenarioReader.read(scenario),
          seed,
          out,
          spec.commandLine().getOut(),
          spec.commandLine().getErr());
    }
    if (scenario != null) {
      Scenario sc = DrlRuns.faster(ScenarioReader.read(scenario), faster);
      if (seed != null) {
        sc = sc.withSeed(seed);
      }
      return LiveScenarioCompare.run(
          sc,
          LiveScenarioCompare.algorithms(algorithm),
          threads,
          out,
          spec.commandLine().getOut(),
          spec.commandLine().getErr());
    }
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
    new SecureRandom().nextBytes(key);
    KeyRing keys = KeyRing.of(key);
    SplittableRandom rnd = new SplittableRandom(seed == null ? 1 : seed);
    double[] demand = new double[n];
    for (int i = 0; i < n; i++) {
      demand[i] = (0.2 + 1.6 * rnd.nextDouble()) * 2 * limit / n;
    }
    long t0 = System.nanoTime();
    try (AgentFleet fleet = new AgentFleet(n, base::withId, keys, kind, threads, Clocks.SYSTEM)) {
      double startup = (System.nanoTime() - t0) / 1e9;
      System.err.printf(Locale.ROOT, "started %d agents (%s) in %.1f s%n", n, membership, startup);
      for (int i = 0; i < n; i++) {
        fleet.pop(i).demand(customer, demand[i]);
        if (loss > 0) {
          SplittableRandom r = rnd.split();
          fleet.agent(i).filter((p, out) -> !out || nextDouble(r) >= loss);
        }
      }
      DrlAgentsRun run = new DrlAgentsRun(this, fleet, customer, demand, cut[0], cut[1]);
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

  private static synchronized double nextDouble(SplittableRandom r) {
    return r.nextDouble();
  }

  static AgentCounters[] counters(AgentFleet fleet) {
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
