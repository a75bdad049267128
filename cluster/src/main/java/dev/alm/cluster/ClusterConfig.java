package dev.alm.cluster;

import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
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
 * @param theta the dual's scaled price step (eq. 17, docs/controllers.md), without adaptation
 * @param greedyGain the gain of eq. (24), per load unit per second
 * @param startX every PoP's x at start
 * @param bodyBytes the body size of every response
 * @param flash a flash crowd, or null
 * @param seed the users' random seed
 * @param settling the dual's gain schedule at every PoP
 * @param drills failure drills (restarts, proxy kills), possibly empty
 * @param stateDir where every PoP persists its state ({@code <id>.json}), or null not to persist; a
 *     restart drill needs it
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
    Path stateDir) {

  public static final double DEFAULT_LOAD_UNIT = 150;
  public static final int DEFAULT_RESOLVERS = 200;
  public static final long DEFAULT_CDN_TTL = 2;
  public static final double DEFAULT_BEACON_RATE = 1200;
  public static final double DEFAULT_PROBE_GAMMA = 15;
  public static final double DEFAULT_BETA_WEIGHT = LoopConfig.DEFAULT_BETA_WEIGHT;
  public static final double DEFAULT_THETA = LoopConfig.DEFAULT_THETA;
  public static final double DEFAULT_GREEDY_GAIN = 2;
  public static final double DEFAULT_START_X = 0.3;
  public static final int DEFAULT_BODY_BYTES = 64;

  public ClusterConfig {
    if (topology == null || algorithm == null || settling == null) {
      throw new IllegalArgumentException("topology, algorithm and settling are required");
    }
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be > 0");
    }
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be > 0");
    }
    if (!(loadUnit > 0)
        || resolvers < 1
        || cdnTtl < 1
        || !(beaconRate >= 0)
        || !(probeGamma > 0)
        || !(betaWeight > 0 && betaWeight <= 1)
        || !(theta > 0 && theta < 2)
        || !(greedyGain > 0)
        || !(startX >= 0 && startX <= 1)
        || bodyBytes < 0) {
      throw new IllegalArgumentException(
          "cluster settings out of range: loadUnit > 0, resolvers >= 1, ttl >= 1, "
              + "beaconRate >= 0, gamma > 0, betaWeight in (0, 1], theta in (0, 2), gain > 0, startX in [0, 1], bodyBytes >= 0");
    }
    if (topology.size() > 250) {
      throw new IllegalArgumentException(
          "at most 250 PoPs on one machine, the topology has " + topology.size());
    }
    if (flash != null && !topology.ids().contains(flash.pop())) {
      throw new IllegalArgumentException(
          "flash crowd: no PoP '" + flash.pop() + "' in the topology");
    }
    drills = drills == null ? List.of() : List.copyOf(drills);
    for (Drill d : drills) {
      if (!topology.ids().contains(d.pop())) {
        throw new IllegalArgumentException(
            d.kind().label() + ": no PoP '" + d.pop() + "' in the topology");
      }
      if (d.atSeconds() >= duration.toMillis() / 1000.0) {
        throw new IllegalArgumentException(
            d.kind().label()
                + " at "
                + d.atSeconds()
                + " s is not within the run of "
                + duration.toMillis() / 1000.0
                + " s");
      }
      if (d.kind() == Drill.Kind.RESTART && stateDir == null) {
        throw new IllegalArgumentException(
            "restart: a state directory is required (the PoP restores from it)");
      }
    }
  }

  /** The defaults on a topology. */
  public static ClusterConfig defaults(Topology t, Algorithm a, Duration duration) {
    return new ClusterConfig(
        t,
        a,
        duration,
        Duration.ofSeconds(1),
        DEFAULT_LOAD_UNIT,
        DEFAULT_RESOLVERS,
        DEFAULT_CDN_TTL,
        DEFAULT_BEACON_RATE,
        DEFAULT_PROBE_GAMMA,
        DEFAULT_BETA_WEIGHT,
        DEFAULT_THETA,
        DEFAULT_GREEDY_GAIN,
        DEFAULT_START_X,
        DEFAULT_BODY_BYTES,
        null,
        1,
        Settling.DEFAULT,
        List.of(),
        null);
  }

  /** The same run with other drills and state directory. */
  public ClusterConfig withDrills(List<Drill> newDrills, Path newStateDir) {
    return new ClusterConfig(
        topology,
        algorithm,
        duration,
        interval,
        loadUnit,
        resolvers,
        cdnTtl,
        beaconRate,
        probeGamma,
        betaWeight,
        theta,
        greedyGain,
        startX,
        bodyBytes,
        flash,
        seed,
        settling,
        newDrills,
        newStateDir);
  }

  /**
   * HTTP requests per CDN DNS answer at PoP i when its users send {@code rate} requests/s: each
   * resolver gets rate / resolvers requests/s (Poisson) and asks again at the first request after
   * its answer expires, so one answer serves on average r (TTL + 1/r) = r TTL + 1 requests.
   */
  public double requestsPerQuery(double rate) {
    double r = rate / resolvers;
    return r * cdnTtl + 1;
  }
}
