package dev.alm.app;

import dev.alm.cluster.BeaconBudget;
import dev.alm.cluster.ClusterConfig;
import dev.alm.cluster.ClusterConfigBuilder;
import dev.alm.cluster.FlashCrowd;
import dev.alm.controller.builtin.BuiltinTopologies;
import dev.alm.controller.io.TopologyJson;
import dev.alm.controller.model.Topology;
import dev.alm.io.InputException;
import dev.alm.loop.Algorithm;
import dev.alm.loop.Settling;
import dev.alm.loop.TtlInterval;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The fleet options of {@code alm cluster} and {@code alm predict}, which runs the same fleet
 * offline: the topology, how long and at what load, the resolvers, TTL and beacons, the control
 * interval, the dual's gain schedule and a flash crowd. A picocli mixin, so that both commands take
 * the same names, defaults and help, and build the same {@link ClusterConfig} from them ({@link
 * #builder}).
 */
public final class FleetOptions {

  @Option(
      names = {"-t", "--topology"},
      defaultValue = "builtin:paper-fig2",
      description = "Topology JSON file or builtin. Default: ${DEFAULT-VALUE}.")
  String topology;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      description = "How long the users send traffic (60s, 2m, 45). Default: ${DEFAULT-VALUE}.")
  String duration;

  @Option(
      names = "--load-unit",
      defaultValue = "150",
      description =
          "Requests/s per topology load unit (A_i and T_i are multiplied by it). Default:"
              + " ${DEFAULT-VALUE}.")
  double loadUnit;

  @Option(
      names = "--resolvers",
      defaultValue = "200",
      description = "Resolver caches per PoP. Default: ${DEFAULT-VALUE}.")
  int resolvers;

  @Option(
      names = "--ttl",
      defaultValue = "2",
      description = "TTL of CDN answers, seconds. Default: ${DEFAULT-VALUE}.")
  long ttl;

  @Option(
      names = "--beacons",
      description =
          "FastControl beacons per second per PoP. Default: 4800 shared by the PoPs, at most 1200"
              + " each (1200 for 2 PoPs, 400 for 12, 100 for 48).")
  Double beacons;

  @Option(
      names = "--beta-weight",
      defaultValue = "0.2",
      description =
          "EWMA weight of the newest interval's probe count in beta_i (eq. 20). Default:"
              + " ${DEFAULT-VALUE}.")
  double betaWeight;

  @Option(
      names = "--interval",
      description =
          "The control interval (1s, 2s, 500ms), at least half the TTL: the price step is sized for"
              + " a load that answers a new x within about two intervals (docs/pop/configuration.md"
              + " \"Interval vs TTL\"). Default: 1s, or half the TTL when that is longer.")
  String interval;

  @Option(
      names = "--settle-horizon",
      defaultValue = "6",
      description =
          "Dual gain schedule: calm intervals over which the EWMA weights and the price step halve;"
              + " 0 keeps them fixed (docs/pop/loop.md). Default: ${DEFAULT-VALUE}.")
  int settleHorizon;

  @Option(
      names = "--settle-floor",
      defaultValue = "0.08",
      description = "Dual gain schedule: the smallest gain multiplier. Default: ${DEFAULT-VALUE}.")
  double settleFloor;

  @Option(
      names = "--settle-price",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Dual gain schedule: shrink the price step too, not only the EWMAs of beta and A"
              + " (docs/pop/loop.md); --no-settle-price: the price steps at full gain."
              + " Default: on.")
  boolean settlePrice;

  @Option(
      names = "--flash",
      paramLabel = "POP:FACTOR:START:SECONDS",
      description =
          "A flash crowd: PoP's demand times FACTOR from START for SECONDS seconds, e.g."
              + " b:5:20:30.")
  String flash;

  /** The control interval: {@code --interval}, else the default for {@code --ttl}. */
  Duration interval() throws InputException {
    if (interval == null) {
      return TtlInterval.defaultFor(ttl);
    }
    return ClusterCommand.parseDuration("--interval", interval);
  }

  /**
   * A warning when the interval is shorter than half the TTL, which the commands run (to show what
   * it does) but the loop's step is not sized for; null when it fits.
   */
  String intervalWarning() throws InputException {
    Duration d = interval();
    return TtlInterval.fits(ttl, d)
        ? null
        : "warning: --interval: --ttl "
            + TtlInterval.problem(ttl, d)
            + "; the loop's step is not sized for it";
  }

  /** Prints {@link #intervalWarning()}, if any, as one line of {@code command}'s errors. */
  void warnOfInterval(PrintWriter err, String command) throws InputException {
    String warning = intervalWarning();
    if (warning != null) {
      err.println(command + ": " + warning);
    }
  }

  /** The topology named by {@code --topology}: a builtin or a file. */
  Topology topology() throws InputException {
    return BuiltinTopologies.isBuiltin(topology)
        ? BuiltinTopologies.resolve(topology)
        : TopologyJson.read(Path.of(topology), false).topology();
  }

  /**
   * A cluster configuration of {@code t} with these options and the controller options {@code law};
   * the caller adds its own (seed, drills, customers, ...) and builds it.
   */
  ClusterConfigBuilder builder(Topology t, LiveControllerOptions law) throws InputException {
    return ClusterConfig.builder(t)
        .algorithm(Algorithm.parse(law.algorithm))
        .duration(ClusterCommand.parseDuration("--duration", duration))
        .interval(interval())
        .loadUnit(loadUnit)
        .resolvers(resolvers)
        .cdnTtl(ttl)
        .beaconRate(beacons == null ? BeaconBudget.perPop(t.size()) : beacons)
        .probeGamma(law.gamma)
        .betaWeight(betaWeight)
        .theta(law.theta)
        .greedyGain(law.gain)
        .startX(law.startX)
        .betaSource(law.betaSource)
        .withholdC(law.withholdC)
        .overloadBoost(law.overloadBoost)
        .guardLoad(law.guardLoad())
        .priceCurvature(law.priceCurvature())
        .flash(flash == null ? null : FlashCrowd.parse(flash))
        .settling(new Settling(settleHorizon, settleFloor, Settling.DEFAULT_ALARM_Z, settlePrice));
  }
}
