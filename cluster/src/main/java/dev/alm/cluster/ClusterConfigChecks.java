package dev.alm.cluster;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.Settling;
import dev.alm.proxy.limit.LimitMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The checks of a {@link ClusterConfig}, in the order the record makes them: each throws an {@link
 * IllegalArgumentException} naming the setting that is wrong and why.
 */
final class ClusterConfigChecks {
  private ClusterConfigChecks() {}

  /** The parts every run needs; the price step's largest multiplier, at least 1. */
  static void required(
      Topology topology,
      Algorithm algorithm,
      Settling settling,
      BetaSource betaSource,
      double overloadBoost,
      StepSize.Curvature priceCurvature) {
    if (topology == null || algorithm == null || settling == null || betaSource == null) {
      throw new IllegalArgumentException(
          "topology, algorithm, settling and beta source are required");
    }
    if (!(overloadBoost >= 1) || !Double.isFinite(overloadBoost)) {
      throw new IllegalArgumentException("--overload-boost must be >= 1, got " + overloadBoost);
    }
    if (priceCurvature == null) {
      throw new IllegalArgumentException("priceCurvature is required (row or diagonal)");
    }
  }

  /**
   * The beta source with {@link BetaSource#AUTO} resolved (echoes when probes are signed); echoes
   * need signed probes.
   */
  static BetaSource betaSource(BetaSource betaSource, boolean probeAuth) {
    if (betaSource == BetaSource.AUTO) {
      betaSource = BetaSource.resolve(probeAuth);
    }
    if (betaSource == BetaSource.ECHO && !probeAuth) {
      throw new IllegalArgumentException(
          "--beta-source echo (the default) needs probe authentication (price echoes are signed):"
              + " drop --no-probe-auth, or add --beta-source probes");
    }
    return betaSource;
  }

  /** The run's duration and control interval: both positive. */
  static void times(Duration duration, Duration interval) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be > 0");
    }
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be > 0");
    }
  }

  /** The one message for every numeric setting out of range: it names all the ranges. */
  private static final String RANGES =
      "cluster settings out of range: loadUnit > 0, resolvers >= 1, ttl >= 1, "
          + "beaconRate >= 0, gamma > 0, betaWeight in (0, 1], theta in (0, 2), gain > 0, startX in [0, 1], bodyBytes >= 0";

  /** The load model's numeric settings, each in its range ({@link #RANGES} otherwise). */
  static void loadRanges(
      double loadUnit, int resolvers, long cdnTtl, double beaconRate, int bodyBytes) {
    if (!(loadUnit > 0) || resolvers < 1 || cdnTtl < 1 || !(beaconRate >= 0) || bodyBytes < 0) {
      throw new IllegalArgumentException(RANGES);
    }
  }

  /** The control law's numeric settings, each in its range ({@link #RANGES} otherwise). */
  static void lawRanges(
      double probeGamma, double betaWeight, double theta, double greedyGain, double startX) {
    if (!(probeGamma > 0)
        || !(betaWeight > 0 && betaWeight <= 1)
        || !(theta > 0 && theta < 2)
        || !(greedyGain > 0)
        || !(startX >= 0 && startX <= 1)) {
      throw new IllegalArgumentException(RANGES);
    }
  }

  /** At most 250 PoPs; a flash crowd within the run, at a PoP of the topology. */
  static void topology(Topology topology, Duration duration, FlashCrowd flash) {
    if (topology.size() > 250) {
      throw new IllegalArgumentException(
          "at most 250 PoPs on one machine, the topology has " + topology.size());
    }
    if (flash != null && flash.startSeconds() >= duration.toMillis() / 1000.0) {
      throw new IllegalArgumentException(
          "flash crowd: starts at "
              + flash.startSeconds()
              + " s, after the end of the run ("
              + duration.toMillis() / 1000.0
              + " s)");
    }
    if (flash != null && !topology.ids().contains(flash.pop())) {
      throw new IllegalArgumentException(
          "flash crowd: no PoP '" + flash.pop() + "' in the topology");
    }
  }

  /**
   * A customer mode; every customer's phases at PoPs of the topology; stopping the central store
   * only in mode central, within the run.
   */
  static void customers(
      Topology topology,
      List<CustomerLoad> customers,
      LimitMode customerMode,
      double centralStopSeconds,
      Duration duration) {
    if (customerMode == null) {
      throw new IllegalArgumentException("customer mode: one of drl, independent, static, central");
    }
    for (CustomerLoad cl : customers) {
      for (CustomerLoad.Phase ph : cl.phases()) {
        for (String id : ph.pops()) {
          if (!topology.ids().contains(id)) {
            throw new IllegalArgumentException(
                "customer " + cl.name() + ": no PoP '" + id + "' in the topology");
          }
        }
      }
    }
    if (!Double.isNaN(centralStopSeconds)
        && (customerMode != LimitMode.CENTRAL
            || !(centralStopSeconds > 0)
            || centralStopSeconds >= duration.toMillis() / 1000.0)) {
      throw new IllegalArgumentException(
          "stopping the central store: only in customer mode central, within the run");
    }
  }

  /**
   * Every drill at a PoP of the topology, within the run; a restart only with a state directory.
   */
  static void drills(Topology topology, List<Drill> drills, Duration duration, Path stateDir) {
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
}
