package dev.alm.ratelimit.sim;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulation set-up (the scenario JSON of docs/ratelimit/simulator.md, or a builtin).
 *
 * @param source the file or builtin name, for errors and summaries
 * @param limiters N
 * @param globalLimit L in units/s
 * @param unit the unit's name ("bytes/s", "requests/s"), for output only
 * @param duration simulated seconds
 * @param interval estimate interval in seconds (paper 001: 50 ms)
 * @param tick simulation time step in seconds (divides the interval)
 * @param warmup seconds excluded from the steady-state metrics
 * @param ewma the 1-second EWMA parameter (paper 001 section 5.1: 0.1)
 * @param bucketDepth token bucket depth in units (paper 001: 75,000 bytes)
 * @param packetBytes bytes per packet for the TCP model and flow sampling
 * @param branching gossip branching factor br
 * @param loss probability that a message between limiters is lost
 * @param delay one-way message delay in seconds
 * @param pushSum gossip by push-sum instead of the table of latest values
 * @param dropDisconnected apply paper 001 section 5.6's disconnected-peer rule
 * @param graph the communication graph (for graph algorithms; gossip picks random peers)
 * @param demands open-loop demand per limiter
 * @param flows closed-loop TCP flows
 * @param seed the random seed
 * @param algorithms per-algorithm parameters, the object {@code algorithms} (may be empty)
 * @param unalignedTimers whether the limiters' intervals start at random phases, as live agents'
 *     timers do: a message then waits for its receiver's next step, ceil((delay + phase_from -
 *     phase_to) / interval) intervals, at least 1 (aligned: ceil(delay / interval), at least 1)
 * @param safeStart seconds a limiter stays at most L/N after it first hears a peer, as a live agent
 *     starting in safe mode does (L/N until then); 0 for none ({@link SafeStart})
 */
public record Scenario(
    String source,
    int limiters,
    double globalLimit,
    String unit,
    double duration,
    double interval,
    double tick,
    double warmup,
    double ewma,
    double bucketDepth,
    double packetBytes,
    int branching,
    double loss,
    double delay,
    boolean pushSum,
    boolean dropDisconnected,
    ScenarioGraph graph,
    List<DemandSpec> demands,
    List<FlowGroup> flows,
    long seed,
    JsonNode algorithms,
    boolean unalignedTimers,
    double safeStart) {

  /** The unit's name when none is given. */
  public static final String DEFAULT_UNIT = "units/s";

  /** The estimate interval when none is given, seconds (paper 001: 50 ms). */
  public static final double DEFAULT_INTERVAL = 0.05;

  /** The 1-second EWMA parameter when none is given (paper 001 section 5.1). */
  public static final double DEFAULT_EWMA = 0.1;

  /**
   * Buckets without a given depth are this many seconds of the global limit deep, in its own unit
   * (0.1 s: the paper's 75,000 bytes are 0.06 s of its 10 Mbit/s limit).
   */
  public static final double DEFAULT_DEPTH_SECONDS = 0.1;

  /** Bytes per packet when none is given. */
  public static final double DEFAULT_PACKET_BYTES = 1500;

  /** The gossip branching factor br when none is given (paper 001). */
  public static final int DEFAULT_BRANCHING = 3;

  /** The random seed when none is given. */
  public static final long DEFAULT_SEED = 1;

  /** The longest warm-up a scenario gets by default, seconds (else a tenth of the duration). */
  public static final double DEFAULT_MAX_WARMUP = 5;

  public Scenario {
    demands = List.copyOf(demands);
    flows = List.copyOf(flows);
  }

  /** Estimate intervals simulated. */
  public int steps() {
    return (int) Math.round(duration / interval);
  }

  /** Ticks per estimate interval. */
  public int ticksPerInterval() {
    return Math.max(1, (int) Math.round(interval / tick));
  }

  /** The same scenario with another seed. */
  public Scenario withSeed(long newSeed) {
    return toBuilder(source).seed(newSeed).build();
  }

  /** The same scenario with other algorithm parameters (the object {@code algorithms}). */
  public Scenario withAlgorithms(JsonNode parameters) {
    return toBuilder(source).algorithms(parameters).build();
  }

  /** The same scenario with another duration. */
  public Scenario withDuration(double newDuration) {
    return toBuilder(source).duration(newDuration).build();
  }

  /**
   * The same scenario with another gossip branching factor br (a live agent gossips to at least one
   * peer, so a scenario of br = 0 is simulated with br = 1 beside a live run).
   */
  public Scenario withBranching(int br) {
    return toBuilder(source).branching(br).build();
  }

  /**
   * The same scenario with the limiters' timers aligned or at random phases (a live agent's timer
   * has a phase of its own).
   */
  public Scenario withUnalignedTimers(boolean unaligned) {
    return toBuilder(source).unalignedTimers(unaligned).build();
  }

  /**
   * The same scenario with the limiters starting as live agents do: L/N until they first hear a
   * peer, then at most L/N for {@code joinSeconds} (0: they start on their allocators' decisions).
   */
  public Scenario withSafeStart(double joinSeconds) {
    return toBuilder(source).safeStart(joinSeconds).build();
  }

  /** A builder holding every field of this scenario, under another source name. */
  private ScenarioBuilder toBuilder(String newSource) {
    return builder(newSource)
        .limiters(limiters)
        .globalLimit(globalLimit)
        .unit(unit)
        .duration(duration)
        .interval(interval)
        .tick(tick)
        .warmup(warmup)
        .ewma(ewma)
        .bucketDepth(bucketDepth)
        .packetBytes(packetBytes)
        .branching(branching)
        .loss(loss)
        .delay(delay)
        .pushSum(pushSum)
        .dropDisconnected(dropDisconnected)
        .graph(graph)
        .demands(demands)
        .flows(flows)
        .seed(seed)
        .algorithms(algorithms)
        .unalignedTimers(unalignedTimers)
        .safeStart(safeStart);
  }

  /**
   * The same scenario run {@code f} times faster, in the same units per interval: every time
   * (duration, interval, tick, warm-up, delay, demand breakpoints) divided by f, every rate (the
   * limit, the demands) multiplied by f, the per-second EWMA parameter a raised to f so that its
   * weight per interval stays a^interval; buckets, loss and the graph unchanged. What one interval
   * sees is the same, so a scenario of 1-second slots (paper 000's) can run live at 50 ms.
   *
   * @throws IllegalArgumentException for scenarios with TCP flows (their round trips would change
   *     the dynamics) or f &lt;= 0
   */
  public Scenario faster(double f) {
    if (!(f > 0) || Double.isInfinite(f)) {
      throw new IllegalArgumentException("the speed-up must be > 0: " + f);
    }
    if (!flows.isEmpty()) {
      throw new IllegalArgumentException(source + ": a scenario with TCP flows cannot be sped up");
    }
    List<DemandSpec> scaled = new ArrayList<>(demands.size());
    for (DemandSpec d : demands) {
      double[] t = d.times().clone();
      double[] r = d.rates().clone();
      for (int i = 0; i < t.length; i++) {
        t[i] /= f;
      }
      for (int i = 0; i < r.length; i++) {
        r[i] *= f;
      }
      scaled.add(new DemandSpec(d.limiter(), t, r));
    }
    return toBuilder(f == 1 ? source : source + " x" + f)
        .globalLimit(globalLimit * f)
        .duration(duration / f)
        .interval(interval / f)
        .tick(tick / f)
        .warmup(warmup / f)
        .ewma(Math.pow(ewma, f))
        .delay(delay / f)
        .demands(scaled)
        .safeStart(safeStart / f)
        .build();
  }

  /**
   * A builder for a scenario of {@code source}; the limiters, the global limit and the duration
   * must be set, the rest have the named defaults: {@link #DEFAULT_UNIT}, {@link
   * #DEFAULT_INTERVAL}, a tick of the interval, a warm-up of a tenth of the duration up to {@link
   * #DEFAULT_MAX_WARMUP}, {@link #DEFAULT_EWMA}, buckets {@link #DEFAULT_DEPTH_SECONDS} of the
   * limit deep, {@link #DEFAULT_PACKET_BYTES}, table gossip with {@link #DEFAULT_BRANCHING}, no
   * loss, no delay, the complete graph, no demand nor flows, {@link #DEFAULT_SEED}, no algorithm
   * parameters, aligned timers and no safe start.
   */
  public static ScenarioBuilder builder(String source) {
    return new ScenarioBuilder(source);
  }
}
