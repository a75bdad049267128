package dev.alm.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.alm.controller.dual.StepSize;
import dev.alm.loop.LoopConfig;
import java.io.IOException;
import java.nio.file.Path;

/**
 * How a lab run is driven, shared by the run and every process it starts in the namespaces (written
 * to {@code OUT/run/settings.json} by the run, read by {@link LabProcess}).
 *
 * @param topology the topology spec ({@code builtin:NAME} or an absolute file path)
 * @param out the run's output directory (absolute)
 * @param algorithm greedy or dual
 * @param intervalMillis the control interval
 * @param loadUnit requests/s per load unit of demand and capacity
 * @param resolverCaches cached answers per eyeball network (each kept for its TTL)
 * @param ttl the TTL of CDN answers, seconds
 * @param fcBeaconsPerUnit FastControl beacons/s per load unit of an eyeball's demand
 * @param correlationBeacons correlation beacons/s per load unit of an eyeball's demand (for the
 *     estimate of C, which weighs networks by demand)
 * @param gamma the probe gain (eq. 19-20)
 * @param betaWeight EWMA weight of beta
 * @param theta the dual's scaled price step
 * @param greedyGain the greedy gain (eq. 24)
 * @param startX every PoP's x at start
 * @param bodyBytes response body size
 * @param seed users' random seed
 * @param planFloor the smallest C_ij the probe plan divides by (eq. 19, {@code
 *     ProbePlanConfig.floor}): real routing gives C_ij = 0 where C_ji &gt; 0, and a tiny floor then
 *     plans more probes than the beacons can carry, which starves every category
 * @param refreshSeconds seconds after each drill at which the PoPs get the C that routing now gives
 *     and restart on it from their state files; 0: never
 * @param refreshFrom where that C comes from: {@code measured} (from the catchment series) or
 *     {@code estimated} (the beacon join on the PoPs' logs since the drill, {@link CRefresh})
 * @param refreshSettleSeconds estimated: the log window starts this long after the drill
 * @param refreshMinSamples estimated: the fewest samples for a row to replace the row the PoPs hold
 * @param betaSource where the dual takes beta_i from: {@code probes} (FastControl counts, eq. 20)
 *     or {@code echo} (price echoes, docs/fastcontrol.md); null reads as probes
 * @param withholdC whether the PoPs are given the unit matrix instead of the measured C
 * @param overloadBoost the dual's largest price-step multiplier above capacity (below 1: the
 *     default)
 * @param guardLoad the echoed load above which the PoPs' headroom guards cut x (0: the default;
 *     below 0: no guard), so that the file holds no infinity
 * @param priceCurvature what the dual's price step divides by: {@code diagonal} or {@code row}
 *     (docs/controllers.md, "Measured curvature"); null reads as the default
 */
public record LabSettings(
    String topology,
    String out,
    String algorithm,
    long intervalMillis,
    double loadUnit,
    int resolverCaches,
    long ttl,
    double fcBeaconsPerUnit,
    double correlationBeacons,
    double gamma,
    double betaWeight,
    double theta,
    double greedyGain,
    double startX,
    int bodyBytes,
    long seed,
    double planFloor,
    double refreshSeconds,
    String refreshFrom,
    double refreshSettleSeconds,
    int refreshMinSamples,
    String betaSource,
    boolean withholdC,
    double overloadBoost,
    double guardLoad,
    String priceCurvature) {

  /** {@code guardLoad} as the file holds it: -1 for no guard (infinite). */
  public static double guardLoadSetting(double guardLoad) {
    return Double.isFinite(guardLoad) ? guardLoad : -1;
  }

  /** The guard load the PoPs' loops use ({@link LoopConfig#guardLoad()}). */
  public double loopGuardLoad() {
    if (guardLoad < 0) {
      return Double.POSITIVE_INFINITY;
    }
    return guardLoad > 1 ? guardLoad : LoopConfig.DEFAULT_GUARD_LOAD;
  }

  /** The price step's curvature the PoPs' loops use ({@link StepSize.Scaled#curvature()}). */
  public StepSize.Curvature loopCurvature() {
    return priceCurvature == null
        ? LoopConfig.DEFAULT_CURVATURE
        : StepSize.Curvature.parse(priceCurvature);
  }

  /** The file through which the run hands the PoPs a new C after a drill. */
  public static Path refreshFile(Path out) {
    return out.resolve("run").resolve("c-update.json");
  }

  /** The settings file under a run's output directory. */
  public static Path file(Path out) {
    return out.resolve("run").resolve("settings.json");
  }

  public void write(Path out) throws IOException {
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file(out).toFile(), this);
  }

  public static LabSettings read(Path file) throws IOException {
    return new ObjectMapper().readValue(file.toFile(), LabSettings.class);
  }
}
