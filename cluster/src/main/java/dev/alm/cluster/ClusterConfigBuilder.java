package dev.alm.cluster;

import dev.alm.controller.dual.StepSize;
import dev.alm.controller.model.Topology;
import dev.alm.loop.Algorithm;
import dev.alm.loop.BetaSource;
import dev.alm.loop.LoopConfig;
import dev.alm.loop.Settling;
import dev.alm.proxy.limit.LimitMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Named settings of a {@link ClusterConfig}, each at its named default; {@link #build()} validates
 * them.
 */
public final class ClusterConfigBuilder {
  private final Topology topology;
  private Algorithm algorithm = Algorithm.DUAL;
  private Duration duration = ClusterConfig.DEFAULT_DURATION;
  private Duration interval = ClusterConfig.DEFAULT_INTERVAL;
  private double loadUnit = ClusterConfig.DEFAULT_LOAD_UNIT;
  private int resolvers = ClusterConfig.DEFAULT_RESOLVERS;
  private long cdnTtl = ClusterConfig.DEFAULT_CDN_TTL;
  private double beaconRate;
  private double probeGamma = ClusterConfig.DEFAULT_PROBE_GAMMA;
  private double betaWeight = ClusterConfig.DEFAULT_BETA_WEIGHT;
  private double theta = ClusterConfig.DEFAULT_THETA;
  private double greedyGain = ClusterConfig.DEFAULT_GREEDY_GAIN;
  private double startX = ClusterConfig.DEFAULT_START_X;
  private int bodyBytes = ClusterConfig.DEFAULT_BODY_BYTES;
  private FlashCrowd flash;
  private long seed = ClusterConfig.DEFAULT_SEED;
  private Settling settling = Settling.DEFAULT;
  private BetaSource betaSource = BetaSource.AUTO;
  private List<Drill> drills = List.of();
  private Path stateDir;
  private boolean probeAuth = true;
  private List<CustomerLoad> customers = List.of();
  private LimitMode customerMode = LimitMode.DRL;
  private double centralStopSeconds = Double.NaN;
  private boolean withholdC;
  private double overloadBoost = LoopConfig.DEFAULT_OVERLOAD_BOOST;
  private StepSize.Curvature priceCurvature = LoopConfig.DEFAULT_CURVATURE;
  private double guardLoad = LoopConfig.DEFAULT_GUARD_LOAD;
  private UserConnections connections = UserConnections.DEFAULT;

  ClusterConfigBuilder(Topology topology) {
    this.topology = topology;
    this.beaconRate = BeaconBudget.perPop(topology.size());
  }

  public ClusterConfigBuilder algorithm(Algorithm v) {
    algorithm = v;
    return this;
  }

  public ClusterConfigBuilder duration(Duration v) {
    duration = v;
    return this;
  }

  public ClusterConfigBuilder interval(Duration v) {
    interval = v;
    return this;
  }

  /** Requests/s per load unit. */
  public ClusterConfigBuilder loadUnit(double v) {
    loadUnit = v;
    return this;
  }

  /** Simulated resolvers per PoP. */
  public ClusterConfigBuilder resolvers(int v) {
    resolvers = v;
    return this;
  }

  /** TTL of CDN answers, seconds. */
  public ClusterConfigBuilder cdnTtl(long v) {
    cdnTtl = v;
    return this;
  }

  /** FastControl beacons per second per PoP. */
  public ClusterConfigBuilder beaconRate(double v) {
    beaconRate = v;
    return this;
  }

  /** The probe gain gamma of eq. (19)-(20). */
  public ClusterConfigBuilder probeGamma(double v) {
    probeGamma = v;
    return this;
  }

  /** The EWMA weight of the newest probe count in beta_i (eq. 20). */
  public ClusterConfigBuilder betaWeight(double v) {
    betaWeight = v;
    return this;
  }

  /** The dual's scaled price step (eq. 17). */
  public ClusterConfigBuilder theta(double v) {
    theta = v;
    return this;
  }

  /** The gain of eq. (24), per load unit per second. */
  public ClusterConfigBuilder greedyGain(double v) {
    greedyGain = v;
    return this;
  }

  public ClusterConfigBuilder startX(double v) {
    startX = v;
    return this;
  }

  /** The body size of every response, bytes. */
  public ClusterConfigBuilder bodyBytes(int v) {
    bodyBytes = v;
    return this;
  }

  /** A flash crowd, or null for none. */
  public ClusterConfigBuilder flash(FlashCrowd v) {
    flash = v;
    return this;
  }

  public ClusterConfigBuilder seed(long v) {
    seed = v;
    return this;
  }

  public ClusterConfigBuilder settling(Settling v) {
    settling = v;
    return this;
  }

  public ClusterConfigBuilder drills(List<Drill> v) {
    drills = v;
    return this;
  }

  /** Where every PoP persists its state, or null not to persist. */
  public ClusterConfigBuilder stateDir(Path v) {
    stateDir = v;
    return this;
  }

  /** Whether probes are signed and verified (default true). */
  public ClusterConfigBuilder probeAuth(boolean v) {
    probeAuth = v;
    return this;
  }

  /**
   * @throws IllegalArgumentException naming the setting that is out of range
   */
  public ClusterConfig build() {
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
        drills,
        stateDir,
        probeAuth,
        customers,
        customerMode,
        centralStopSeconds,
        betaSource,
        withholdC,
        overloadBoost,
        guardLoad,
        priceCurvature,
        connections);
  }

  /**
   * The echoed load above which the PoPs' headroom guards cut x; infinite: no guard; default {@link
   * LoopConfig}'s.
   */
  public ClusterConfigBuilder guardLoad(double v) {
    guardLoad = v;
    return this;
  }

  /** How the users hold connections and how long the proxies keep one. */
  public ClusterConfigBuilder connections(UserConnections v) {
    connections = v;
    return this;
  }

  /** What the price step divides by; default {@link LoopConfig#ClusterConfig.DEFAULT_CURVATURE}. */
  public ClusterConfigBuilder priceCurvature(StepSize.Curvature v) {
    priceCurvature = v;
    return this;
  }

  /** The price step's largest multiplier above capacity; default {@link LoopConfig}'s. */
  public ClusterConfigBuilder overloadBoost(double v) {
    overloadBoost = v;
    return this;
  }

  /** Whether the PoPs get the unit matrix instead of C; default false (they get C). */
  public ClusterConfigBuilder withholdC(boolean v) {
    withholdC = v;
    return this;
  }

  /**
   * Where the dual takes beta_i from; default {@link BetaSource#AUTO}: price echoes when probes are
   * signed, probe counts otherwise.
   */
  public ClusterConfigBuilder betaSource(BetaSource v) {
    betaSource = v;
    return this;
  }

  /** In mode central, stop the store this many seconds into the run; default never (NaN). */
  public ClusterConfigBuilder centralStopSeconds(double v) {
    centralStopSeconds = v;
    return this;
  }

  /** Rate-limited customers and their users; default none. */
  public ClusterConfigBuilder customers(List<CustomerLoad> v) {
    customers = v;
    return this;
  }

  /** How the proxies enforce the customers' limits; default drl. */
  public ClusterConfigBuilder customerMode(LimitMode v) {
    customerMode = v;
    return this;
  }
}
