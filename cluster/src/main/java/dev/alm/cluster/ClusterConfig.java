package dev.alm.cluster;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.loop.fleet.FleetModelConfig;
import dev.alm.proxy.limit.LimitMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A local cluster run: one PoP per topology node on loopback, a datacenter, and the users.
 *
 * @param topology the topology (its A_i, T_i in load units)
 * @param algorithm greedy or dual, at every PoP
 * @param duration how long the users send traffic
 * @param interval the control interval
 * @param loadUnit requests/s per load unit: PoP i's users send A_i x loadUnit requests/s, its
 *     proxy's capacity is T_i x loadUnit
 * @param resolvers simulated resolvers per PoP (each caches one answer for its TTL)
 * @param cdnTtl the TTL of CDN answers, seconds
 * @param beaconRate FastControl beacons per second per PoP
 * @param probeGamma the probe gain gamma of eq. (19)-(20)
 * @param betaWeight the EWMA weight of the newest probe count in beta_i (eq. 20), in (0, 1]
 * @param theta the dual's scaled price step (eq. 17, docs/controllers/laws.md), without adaptation
 * @param greedyGain the gain of eq. (24), per load unit per second
 * @param startX every PoP's x at start
 * @param bodyBytes the body size of every response
 * @param flash a flash crowd, or null
 * @param seed the users' random seed
 * @param settling the dual's gain schedule at every PoP
 * @param drills failure drills (restarts, proxy kills), possibly empty
 * @param stateDir where every PoP persists its state ({@code <id>.json}), or null not to persist; a
 *     restart drill needs it
 * @param probeAuth whether the PoPs sign and verify probes with a fresh key (default); off only to
 *     show what forged probes do to an unauthenticated fleet
 * @param customers rate-limited customers and their users (docs/cluster.md, "Customers"), possibly
 *     empty
 * @param customerMode how every PoP's proxy enforces the customers' limits: {@code drl} (shares
 *     from the PoPs' DRL agents, the default), {@code independent}, {@code static} or {@code
 *     central} (a redis-server the run starts on loopback holds every customer's bucket)
 * @param centralStopSeconds in mode central, when the run stops its redis-server (a store failing
 *     mid-run); NaN never
 * @param betaSource where the dual takes beta_i from: probe counts or price echoes (needs {@code
 *     probeAuth})
 * @param overloadBoost the largest multiplier of a PoP's price step while its proxy is above
 *     capacity ({@link LoopConfig#overloadBoost()}; 1: none)
 * @param guardLoad the echoed load above which a PoP's headroom guard cuts its x ({@link
 *     LoopConfig#guardLoad()}; infinite: no guard)
 * @param withholdC whether the PoPs are given the unit matrix instead of C (users still follow C):
 *     the PoPs' loops must then learn C's effects in-band (docs/controllers/live-loop.md)
 * @param priceCurvature what the PoPs' scaled price step divides by: the measured diagonal H_ii
 *     (default) or the row sum sigma_i ({@link StepSize.Curvature})
 * @param connections how the users hold connections and how long the proxies keep one
 */
public record ClusterConfig(
    Topology topology,
    Algorithm algorithm,
    Duration duration,
    Duration interval,
    double loadUnit,
    int resolvers,
    long cdnTtl,
    double beaconRate,
    double probeGamma,
    double betaWeight,
    double theta,
    double greedyGain,
    double startX,
    int bodyBytes,
    FlashCrowd flash,
    long seed,
    Settling settling,
    List<Drill> drills,
    Path stateDir,
    boolean probeAuth,
    List<CustomerLoad> customers,
    LimitMode customerMode,
    double centralStopSeconds,
    BetaSource betaSource,
    boolean withholdC,
    double overloadBoost,
    double guardLoad,
    StepSize.Curvature priceCurvature,
    UserConnections connections) {

  public static final double DEFAULT_LOAD_UNIT = 150;
  public static final int DEFAULT_RESOLVERS = 200;
  public static final long DEFAULT_CDN_TTL = 2;

  public static final double DEFAULT_PROBE_GAMMA = 15;
  public static final double DEFAULT_BETA_WEIGHT = LoopConfig.DEFAULT_BETA_WEIGHT;
  public static final double DEFAULT_THETA = LoopConfig.DEFAULT_THETA;
  public static final double DEFAULT_GREEDY_GAIN = 2;
  public static final double DEFAULT_START_X = 0.3;
  public static final int DEFAULT_BODY_BYTES = 64;

  public ClusterConfig {
    ClusterConfigChecks.required(
        topology, algorithm, settling, betaSource, overloadBoost, priceCurvature);
    betaSource = ClusterConfigChecks.betaSource(betaSource, probeAuth);
    ClusterConfigChecks.times(duration, interval);
    ClusterConfigChecks.loadRanges(loadUnit, resolvers, cdnTtl, beaconRate, bodyBytes);
    ClusterConfigChecks.lawRanges(probeGamma, betaWeight, theta, greedyGain, startX);
    ClusterConfigChecks.topology(topology, duration, flash);
    customers = customers == null ? List.of() : List.copyOf(customers);
    ClusterConfigChecks.customers(topology, customers, customerMode, centralStopSeconds, duration);
    drills = drills == null ? List.of() : List.copyOf(drills);
    ClusterConfigChecks.drills(topology, drills, duration, stateDir);
    if (connections == null) {
      throw new IllegalArgumentException("connections are required");
    }
  }

  /** The default duration of a run (that of {@code alm cluster}). */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

  /** The default control interval. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The default seed of the users. */
  public static final long DEFAULT_SEED = 1;

  /** The defaults on a topology. */
  public static ClusterConfig defaults(Topology t, Algorithm a, Duration duration) {
    return builder(t).algorithm(a).duration(duration).build();
  }

  /**
   * A builder on a topology with every setting at its named default: dual, {@link
   * #DEFAULT_DURATION}, {@link #DEFAULT_INTERVAL}, {@link #DEFAULT_LOAD_UNIT}, ..., no flash crowd,
   * no drills, no state directory.
   */
  public static ClusterConfigBuilder builder(Topology t) {
    return new ClusterConfigBuilder(t);
  }

  /** A builder holding this run's settings. */
  public ClusterConfigBuilder toBuilder() {
    return new ClusterConfigBuilder(topology)
        .algorithm(algorithm)
        .duration(duration)
        .interval(interval)
        .loadUnit(loadUnit)
        .resolvers(resolvers)
        .cdnTtl(cdnTtl)
        .beaconRate(beaconRate)
        .probeGamma(probeGamma)
        .betaWeight(betaWeight)
        .theta(theta)
        .greedyGain(greedyGain)
        .startX(startX)
        .bodyBytes(bodyBytes)
        .flash(flash)
        .seed(seed)
        .settling(settling)
        .drills(drills)
        .stateDir(stateDir)
        .probeAuth(probeAuth)
        .customers(customers)
        .customerMode(customerMode)
        .centralStopSeconds(centralStopSeconds)
        .betaSource(betaSource)
        .withholdC(withholdC)
        .overloadBoost(overloadBoost)
        .guardLoad(guardLoad)
        .priceCurvature(priceCurvature)
        .connections(connections);
  }

  /** The same run with other drills and state directory. */
  public ClusterConfig withDrills(List<Drill> newDrills, Path newStateDir) {
    return toBuilder().drills(newDrills).stateDir(newStateDir).build();
  }

  /**
   * HTTP requests per CDN DNS answer at PoP i when its users send {@code rate} requests/s: each
   * resolver gets rate / resolvers requests/s (Poisson) and asks again at the first request after
   * its answer expires, so one answer serves on average r (TTL + 1/r) = r TTL + 1 requests.
   */
  public double requestsPerQuery(double rate) {
    return FleetModelConfig.requestsPerQuery(rate, resolvers, cdnTtl);
  }
}
