package dev.alm.loop.fleet;

import dev.alm.controller.model.Topology;
import dev.alm.fastcontrol.ProbePlanConfig;
import dev.alm.loop.LoopConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The checks of a {@link FleetModelConfig}, in the order the record makes them: each throws an
 * {@link IllegalArgumentException} saying what is refused.
 */
final class FleetModelConfigChecks {
  private FleetModelConfigChecks() {}

  static void required(Topology topology, List<LoopConfig> loops, ProbePlanConfig plan) {
    if (topology == null || loops == null || plan == null) {
      throw new IllegalArgumentException("topology, loop settings and probe plan are required");
    }
  }

  /** The one control interval of every PoP's loop, one loop per PoP. */
  static Duration interval(Topology topology, List<LoopConfig> loops) {
    if (loops.size() != topology.size()) {
      throw new IllegalArgumentException(
          "one loop configuration per PoP: " + loops.size() + " for " + topology.size());
    }
    Duration interval = loops.get(0).interval();
    for (LoopConfig l : loops) {
      if (!l.interval().equals(interval)) {
        throw new IllegalArgumentException("every PoP must step on the same control interval");
      }
    }
    return interval;
  }

  static void times(Duration duration, Duration resolution, Duration interval) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("duration must be > 0");
    }
    if (resolution == null
        || resolution.isNegative()
        || resolution.isZero()
        || resolution.compareTo(interval) > 0) {
      throw new IllegalArgumentException(
          "resolution must be > 0 and at most the control interval (" + interval + ")");
    }
  }

  static void users(int resolvers, long ttlSeconds, double beaconRate, double backgroundRate) {
    if (resolvers < 1 || ttlSeconds < 1 || !(beaconRate >= 0) || !Double.isFinite(beaconRate)) {
      throw new IllegalArgumentException("resolvers >= 1, ttl >= 1 s and beacons >= 0 required");
    }
    if (!(backgroundRate >= 0) || !Double.isFinite(backgroundRate)) {
      throw new IllegalArgumentException("background load must be a finite rate >= 0");
    }
  }

  /** The proxies' admission ceiling and meter, and the users' head start. */
  static void meter(
      double ceilingFactor,
      double burstSeconds,
      int meterBuckets,
      Duration interval,
      Duration startLead) {
    if (!(ceilingFactor >= 1) || !(burstSeconds > 0) || meterBuckets < 1) {
      throw new IllegalArgumentException(
          "ceiling factor >= 1, burst > 0 s and meter buckets >= 1 required");
    }
    if (interval.toNanos() % meterBuckets != 0) {
      throw new IllegalArgumentException(
          "meter buckets must divide the control interval into whole nanoseconds");
    }
    if (startLead == null || startLead.isNegative()) {
      throw new IllegalArgumentException("start lead must be >= 0");
    }
  }

  /** The flash crowds, each at a PoP of the topology and starting within the run. */
  static List<Flash> flashes(Topology topology, List<Flash> flashes, double seconds) {
    List<Flash> all = flashes == null ? List.of() : List.copyOf(flashes);
    for (Flash f : all) {
      if (!topology.ids().contains(f.pop())) {
        throw new IllegalArgumentException("flash crowd: no PoP '" + f.pop() + "' in the topology");
      }
      if (f.startSeconds() >= seconds) {
        throw new IllegalArgumentException(
            "flash crowd: starts at " + f.startSeconds() + " s, after the end of the run");
      }
    }
    return all;
  }

  /**
   * The route changes in time order, each within the run, their matrices in the topology's order.
   */
  static List<RouteChange> routeChanges(
      Topology topology, List<RouteChange> routeChanges, double seconds) {
    List<RouteChange> sorted = new ArrayList<>();
    for (RouteChange r : routeChanges == null ? List.<RouteChange>of() : routeChanges) {
      if (r.atSeconds() >= seconds) {
        throw new IllegalArgumentException(
            "route change at " + r.atSeconds() + " s is not within the run of " + seconds + " s");
      }
      if (!r.matrix().ids().containsAll(topology.ids()) || r.matrix().size() != topology.size()) {
        throw new IllegalArgumentException(
            "route change at "
                + r.atSeconds()
                + " s: the matrix must have the topology's PoPs "
                + topology.ids()
                + ", it has "
                + r.matrix().ids());
      }
      sorted.add(new RouteChange(r.atSeconds(), r.matrix().reorder(topology.ids()), r.label()));
    }
    sorted.sort(Comparator.comparingDouble(RouteChange::atSeconds));
    return List.copyOf(sorted);
  }

  /** Every eyeball network's PoPs are in the topology, and its id is its own. */
  static List<Eyeball> eyeballs(Topology topology, List<Eyeball> eyeballs) {
    if (eyeballs == null) {
      return List.of();
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Eyeball e : eyeballs) {
      if (!topology.ids().contains(e.dns()) || !topology.ids().contains(e.http())) {
        throw new IllegalArgumentException(
            "eyeball network " + e.id() + ": unknown PoP " + e.dns() + " or " + e.http());
      }
      if (!seen.add(e.id())) {
        throw new IllegalArgumentException("eyeball network " + e.id() + " given twice");
      }
    }
    return List.copyOf(eyeballs);
  }

  /** Every background rate is at a PoP of the topology and a finite rate >= 0. */
  static java.util.Map<String, Double> backgroundAt(
      Topology topology, java.util.Map<String, Double> rates) {
    if (rates == null) {
      return java.util.Map.of();
    }
    rates.forEach(
        (id, r) -> {
          if (!topology.ids().contains(id) || r == null || !(r >= 0) || !Double.isFinite(r)) {
            throw new IllegalArgumentException(
                "background at " + id + ": a PoP of the topology and a finite rate >= 0 required");
          }
        });
    return java.util.Map.copyOf(rates);
  }
}
