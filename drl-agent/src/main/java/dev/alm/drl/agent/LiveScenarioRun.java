package dev.alm.drl.agent;

import dev.alm.io.Clocks;
import dev.alm.io.KeyRing;
import dev.alm.ratelimit.sim.Scenario;
import dev.alm.ratelimit.sim.SimulationResult;
import dev.alm.ratelimit.sim.Simulator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a simulator scenario live: N agents on loopback UDP ({@link AgentFleet}, real signed
 * datagrams, the scenario's loss and delay injected in each agent's socket adapter, {@link
 * LinkFaults}), one customer at the scenario's limit shared by the algorithm asked for, in front of
 * the scenario's PoPs ({@link ScenarioPops}) advanced on the wall clock. The result has the
 * simulator's form, so {@code Summary} gives the same fields and the two can be compared.
 *
 * <p>The PoPs' traffic is the scenario's: open-loop Poisson demand, and TCP flows as the
 * simulator's fluid AIMD senders reacting to what their PoP's enforcement drops within their round
 * trips ({@link ScenarioPops}); the agents, their datagrams, loss, delay and timers are real. Bytes
 * are counted as sent on the wire (UDP payload plus 28 bytes of IPv4 and UDP headers), not the
 * simulator's nominal sizes.
 */
public final class LiveScenarioRun {

  /** The customer the run's agents share. */
  public static final String CUSTOMER = "scenario";

  private LiveScenarioRun() {}

  /**
   * Runs {@code scenario} live with {@code algorithm} ({@link CustomerLimit#ALGORITHMS}).
   *
   * @param threads event-loop threads shared by the agents
   * @param progress receives scenario seconds done out of the duration, or null
   * @param observer receives each interval's per-PoP series, as the simulator's does, or null
   * @throws IllegalArgumentException when the algorithm is unknown
   */
  public static SimulationResult run(
      Scenario scenario,
      String algorithm,
      int threads,
      Simulator.Progress progress,
      Simulator.Observer observer)
      throws Exception {
    int n = scenario.limiters();
    ScenarioPops pops = new ScenarioPops(scenario, observer);
    KeyRing keys = KeyRing.ofText("live-scenario-" + scenario.seed() + "-0123456789abcdef");
    AgentSettings base = settings(scenario, algorithm);
    // the scenario's clock starts before the agents, so that an agent's first interval measures
    // scenario time that has passed (as the simulator's first step does)
    long start = System.nanoTime();
    double duration = scenario.duration();
    Thread clock = clock(pops, start, duration);
    try (AgentFleet fleet =
        new AgentFleet(
            n,
            i -> base.withId(i).withNeighbours(neighbours(scenario, i)),
            pops::pop,
            keys,
            AgentFleet.MembershipKind.STATIC,
            threads,
            Clocks.SYSTEM)) {
      fleet.faults(new LinkFaults(scenario.loss(), scenario.delay(), scenario.seed()));
      double reported = 0;
      while (clock.isAlive()) {
        clock.join(1000);
        double t = pops.now();
        if (progress != null && t - reported >= 1) {
          reported = t;
          progress.report(t, duration);
        }
      }
      // the agents ran for as long as the fleet existed; scale the counts to the scenario's span
      double ran = (System.nanoTime() - start) / 1e9;
      return result(
          scenario, algorithm, pops, fleet.sent(), ran > 0 ? Math.min(1, duration / ran) : 1);
    } finally {
      clock.interrupt();
    }
  }

  /** One agent's settings for the scenario: its interval, br, EWMA, gossip, bucket depth. */
  private static AgentSettings settings(Scenario scenario, String algorithm) {
    CustomerLimit customer = new CustomerLimit(CUSTOMER, scenario.globalLimit(), algorithm);
    return AgentSettings.builder(0, scenario.limiters())
        .interval(scenario.interval())
        .fanOut(Math.max(1, scenario.branching()))
        .silence(silence(scenario))
        .ewma(scenario.ewma())
        .gossip(
            scenario.pushSum() ? AgentSettings.GossipMode.PUSH_SUM : AgentSettings.GossipMode.TABLE)
        .customers(List.of(customer))
        .algorithms(scenario.algorithms())
        .bucketSeconds(scenario.bucketDepth() / scenario.globalLimit())
        .build();
  }

  /**
   * The agents' silence period in a live run of {@code scenario}: the default second, or one
   * interval when that is longer. A joining agent takes at most L/N for that long.
   */
  public static double silence(Scenario scenario) {
    return Math.max(AgentSettings.DEFAULT_SILENCE, scenario.interval());
  }

  /** A started daemon thread advancing the PoPs on the wall clock from {@code start} (ns). */
  private static Thread clock(ScenarioPops pops, long start, double duration) {
    Thread clock =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                double t = Math.min(duration, (System.nanoTime() - start) / 1e9);
                pops.advance(t);
                if (t >= duration) {
                  return;
                }
                LockSupport.parkNanos(1_000_000);
              }
            },
            "scenario-clock");
    clock.setDaemon(true);
    clock.start();
    return clock;
  }

  /** The live run in the simulator's form; the datagram counts scaled by {@code scale}. */
  private static SimulationResult result(
      Scenario scenario, String algorithm, ScenarioPops pops, long[] sent, double scale) {
    List<double[]> rows = pops.series();
    int k = rows.size();
    double[] times = new double[k];
    double[] served = new double[k];
    double[] demand = new double[k];
    double[] jain = new double[k];
    for (int i = 0; i < k; i++) {
      times[i] = rows.get(i)[0];
      served[i] = rows.get(i)[1];
      demand[i] = rows.get(i)[2];
      jain[i] = rows.get(i)[3];
    }
    return new SimulationResult(
        algorithm,
        scenario,
        times,
        served,
        demand,
        jain,
        pops.flowRates(),
        Simulator.changeTimes(scenario),
        Math.round(sent[0] * scale),
        Math.round((sent[1] + PacketCodec.IP_UDP_OVERHEAD * sent[0]) * scale));
  }

  /** Limiter i's neighbours in the scenario's graph, or null for the complete graph. */
  private static int[] neighbours(Scenario scenario, int i) {
    if (scenario.graph() == null || "complete".equals(scenario.graph().kind())) {
      return null;
    }
    return scenario.graph().neighboursOf(i);
  }
}
