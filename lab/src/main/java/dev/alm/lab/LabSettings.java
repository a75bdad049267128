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
 *     (docs/controllers/live-loop.md, "Measured curvature"); null reads as the default
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

  // The named defaults of the builder, one per field of the record above (whose parameters say what
  // each is): alm lab's option defaults, and the loop's own for the control law.

  public static final String DEFAULT_TOPOLOGY = "builtin:lab-fig2";
  public static final String DEFAULT_OUT = "out/lab";
  public static final String DEFAULT_ALGORITHM = "dual";
  public static final long DEFAULT_INTERVAL_MILLIS = 1000;
  public static final double DEFAULT_LOAD_UNIT = 50;
  public static final int DEFAULT_RESOLVER_CACHES = 50;
  public static final long DEFAULT_TTL = 2;
  public static final double DEFAULT_FC_BEACONS_PER_UNIT = 40;
  public static final double DEFAULT_CORRELATION_BEACONS = 4;
  public static final double DEFAULT_GAMMA = LoopConfig.DEFAULT_PROBE_GAMMA;
  public static final double DEFAULT_BETA_WEIGHT = LoopConfig.DEFAULT_BETA_WEIGHT;
  public static final double DEFAULT_THETA = LoopConfig.DEFAULT_THETA;
  public static final double DEFAULT_GREEDY_GAIN = LoopConfig.DEFAULT_GREEDY_GAIN;
  public static final double DEFAULT_START_X = LoopConfig.DEFAULT_START_X;
  public static final int DEFAULT_BODY_BYTES = 64;
  public static final long DEFAULT_SEED = 1;
  public static final double DEFAULT_PLAN_FLOOR = 0.1;
  public static final String DEFAULT_REFRESH_FROM = "measured";
  public static final double DEFAULT_REFRESH_SETTLE_SECONDS = 2;
  public static final int DEFAULT_REFRESH_MIN_SAMPLES = 20;

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

  /** A builder at the named defaults: the lab's own, and the loop's for the control law. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return builder()
        .topology(topology)
        .out(out)
        .algorithm(algorithm)
        .intervalMillis(intervalMillis)
        .loadUnit(loadUnit)
        .resolverCaches(resolverCaches)
        .ttl(ttl)
        .fcBeaconsPerUnit(fcBeaconsPerUnit)
        .correlationBeacons(correlationBeacons)
        .gamma(gamma)
        .betaWeight(betaWeight)
        .theta(theta)
        .greedyGain(greedyGain)
        .startX(startX)
        .bodyBytes(bodyBytes)
        .seed(seed)
        .planFloor(planFloor)
        .refreshSeconds(refreshSeconds)
        .refreshFrom(refreshFrom)
        .refreshSettleSeconds(refreshSettleSeconds)
        .refreshMinSamples(refreshMinSamples)
        .betaSource(betaSource)
        .withholdC(withholdC)
        .overloadBoost(overloadBoost)
        .guardLoad(guardLoad)
        .priceCurvature(priceCurvature);
  }

  /** Collects the settings; {@link #build()} makes the record. */
  public static final class Builder {
    private String topology = DEFAULT_TOPOLOGY;
    private String out = DEFAULT_OUT;
    private String algorithm = DEFAULT_ALGORITHM;
    private long intervalMillis = DEFAULT_INTERVAL_MILLIS;
    private double loadUnit = DEFAULT_LOAD_UNIT;
    private int resolverCaches = DEFAULT_RESOLVER_CACHES;
    private long ttl = DEFAULT_TTL;
    private double fcBeaconsPerUnit = DEFAULT_FC_BEACONS_PER_UNIT;
    private double correlationBeacons = DEFAULT_CORRELATION_BEACONS;
    private double gamma = DEFAULT_GAMMA;
    private double betaWeight = DEFAULT_BETA_WEIGHT;
    private double theta = DEFAULT_THETA;
    private double greedyGain = DEFAULT_GREEDY_GAIN;
    private double startX = DEFAULT_START_X;
    private int bodyBytes = DEFAULT_BODY_BYTES;
    private long seed = DEFAULT_SEED;
    private double planFloor = DEFAULT_PLAN_FLOOR;
    private double refreshSeconds = 0;
    private String refreshFrom = DEFAULT_REFRESH_FROM;
    private double refreshSettleSeconds = DEFAULT_REFRESH_SETTLE_SECONDS;
    private int refreshMinSamples = DEFAULT_REFRESH_MIN_SAMPLES;
    private String betaSource = null;
    private boolean withholdC = false;
    private double overloadBoost = 0;
    private double guardLoad = 0;
    private String priceCurvature = null;

    private Builder() {}

    public Builder topology(String v) {
      topology = v;
      return this;
    }

    public Builder out(String v) {
      out = v;
      return this;
    }

    public Builder algorithm(String v) {
      algorithm = v;
      return this;
    }

    public Builder intervalMillis(long v) {
      intervalMillis = v;
      return this;
    }

    public Builder loadUnit(double v) {
      loadUnit = v;
      return this;
    }

    public Builder resolverCaches(int v) {
      resolverCaches = v;
      return this;
    }

    public Builder ttl(long v) {
      ttl = v;
      return this;
    }

    public Builder fcBeaconsPerUnit(double v) {
      fcBeaconsPerUnit = v;
      return this;
    }

    public Builder correlationBeacons(double v) {
      correlationBeacons = v;
      return this;
    }

    public Builder gamma(double v) {
      gamma = v;
      return this;
    }

    public Builder betaWeight(double v) {
      betaWeight = v;
      return this;
    }

    public Builder theta(double v) {
      theta = v;
      return this;
    }

    public Builder greedyGain(double v) {
      greedyGain = v;
      return this;
    }

    public Builder startX(double v) {
      startX = v;
      return this;
    }

    public Builder bodyBytes(int v) {
      bodyBytes = v;
      return this;
    }

    public Builder seed(long v) {
      seed = v;
      return this;
    }

    public Builder planFloor(double v) {
      planFloor = v;
      return this;
    }

    public Builder refreshSeconds(double v) {
      refreshSeconds = v;
      return this;
    }

    public Builder refreshFrom(String v) {
      refreshFrom = v;
      return this;
    }

    public Builder refreshSettleSeconds(double v) {
      refreshSettleSeconds = v;
      return this;
    }

    public Builder refreshMinSamples(int v) {
      refreshMinSamples = v;
      return this;
    }

    public Builder betaSource(String v) {
      betaSource = v;
      return this;
    }

    public Builder withholdC(boolean v) {
      withholdC = v;
      return this;
    }

    public Builder overloadBoost(double v) {
      overloadBoost = v;
      return this;
    }

    public Builder guardLoad(double v) {
      guardLoad = v;
      return this;
    }

    public Builder priceCurvature(String v) {
      priceCurvature = v;
      return this;
    }

    public LabSettings build() {
      return new LabSettings(
          topology,
          out,
          algorithm,
          intervalMillis,
          loadUnit,
          resolverCaches,
          ttl,
          fcBeaconsPerUnit,
          correlationBeacons,
          gamma,
          betaWeight,
          theta,
          greedyGain,
          startX,
          bodyBytes,
          seed,
          planFloor,
          refreshSeconds,
          refreshFrom,
          refreshSettleSeconds,
          refreshMinSamples,
          betaSource,
          withholdC,
          overloadBoost,
          guardLoad,
          priceCurvature);
    }
  }
}
